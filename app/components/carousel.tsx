import type { EmblaCarouselType } from "embla-carousel";
import { Children, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Icon } from "./kit";
import { useT } from "~/i18n/strings";

interface CarouselProps {
  /** Names the carousel for screen readers, e.g. "Featured offers". */
  label: string;
  /** Auto-advance interval; paused on hover and focus, off for reduced motion. */
  autoplayMs?: number;
  /** Shows "2 / 5" beside the controls. */
  counter?: boolean;
  /** Sets slides per view through CSS (e.g. "per-view-products"). */
  className?: string;
  children: ReactNode;
}

interface Live {
  api: EmblaCarouselType;
  autoplay: boolean;
}

/**
 * Calls `start` once `node` comes within a screen's height of the viewport. Why: starting every
 * carousel of a page at once (embla measures and lays out each) was one long task after
 * hydration; below the fold they can stay scrolling rows until the shopper gets near.
 */
function whenNear(node: Element, start: () => void): () => void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      start();
    },
    { rootMargin: "100% 0px" },
  );
  observer.observe(node);
  return () => observer.disconnect();
}

/**
 * Takes over a carousel's viewport once the page has hydrated and the carousel is near the screen:
 * embla is imported then (it is not needed for the first paint, the markup already scrolls and
 * snaps) and started on the same markup. Reduced motion turns autoplay off.
 */
function useLiveCarousel(viewport: React.RefObject<HTMLDivElement>, slideCount: number, autoplayMs: number | undefined) {
  const [live, setLive] = useState<Live | null>(null);
  useEffect(() => {
    const node = viewport.current;
    if (!node) return;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const autoplay = Boolean(autoplayMs) && !reduceMotion && slideCount > 1;
    let api: EmblaCarouselType | null = null;
    let cancelled = false;
    let timer: number | undefined;
    const stop = whenNear(node, () => {
      import("./carousel-engine").then(({ EmblaCarousel, Autoplay }) => {
        if (cancelled) return;
        // each carousel in a task of its own: the ones waiting for the engine all resume at once
        timer = window.setTimeout(() => {
          const plugins = autoplay ? [Autoplay({ delay: autoplayMs, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true })] : [];
          api = EmblaCarousel(node, { loop: slideCount > 1, align: "start" }, plugins);
          setLive({ api, autoplay });
        }, 0);
      });
    });
    return () => {
      cancelled = true;
      stop();
      window.clearTimeout(timer);
      api?.destroy();
      setLive(null);
    };
  }, [viewport, slideCount, autoplayMs]);
  return live;
}

/**
 * Without JavaScript this is a row that scrolls and snaps (CSS only); with it, embla takes over
 * the same markup: looped, auto-advancing, with previous/next and pause controls.
 */
export function Carousel({ label, autoplayMs, counter = false, className = "", children }: CarouselProps) {
  const slides = Children.toArray(children);
  const viewportRef = useRef<HTMLDivElement>(null);
  const live = useLiveCarousel(viewportRef, slides.length, autoplayMs);
  const api = live?.api ?? null;
  const autoplay = live?.autoplay ?? false;
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(true);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on("select", onSelect).on("reInit", onSelect);
    return () => {
      api.off("select", onSelect).off("reInit", onSelect);
    };
  }, [api]);

  const togglePlay = useCallback(() => {
    const plugin = api?.plugins().autoplay;
    if (!plugin) return;
    if (plugin.isPlaying()) plugin.stop();
    else plugin.play();
    setPlaying(plugin.isPlaying());
  }, [api]);

  const snaps = api?.scrollSnapList().length ?? slides.length;
  const t = useT();
  return (
    <section className={`carousel ${className} ${api ? "is-live" : ""}`} aria-roledescription={t("carousel")} aria-label={label}>
      {/* Until embla runs (always, without JavaScript) this is a scrolling row: focusable and named,
          so a keyboard can reach and scroll it even when its slides hold nothing focusable (images) */}
      <div className="carousel-viewport" ref={viewportRef} {...(api ? {} : { tabIndex: 0, role: "group", "aria-label": label })}>
        <div className="carousel-track">
          {slides.map((slide, i) => (
            <div
              className="carousel-slide"
              key={i}
              role="group"
              aria-roledescription={t("slide")}
              aria-label={t("{{number}} of {{total}}", { number: i + 1, total: slides.length })}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {api && slides.length > 1 ? (
        <div className="carousel-controls">
          <button type="button" className="icon-button" onClick={() => api.scrollPrev()} aria-label={t("Previous: {{label}}", { label })}>
            <Icon name="chevronLeft" />
          </button>
          {counter ? (
            <span className="carousel-counter" aria-live="polite">
              {selected + 1} / {snaps}
            </span>
          ) : null}
          <button type="button" className="icon-button" onClick={() => api.scrollNext()} aria-label={t("Next: {{label}}", { label })}>
            <Icon name="chevronRight" />
          </button>
          {autoplay ? (
            <button type="button" className="text-button" onClick={togglePlay} aria-pressed={!playing}>
              {playing ? t("Pause") : t("Play")}
              <span className="visually-hidden"> {label}</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
