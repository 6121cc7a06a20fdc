import { useEffect, useState } from "react";
import { Icon } from "./kit";
import { useT } from "~/i18n/strings";

const SCROLL_TOP_THRESHOLD_PX = 100;

/** Appears once the page is scrolled more than 100 px; scrolls smoothly back up. */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  const t = useT();
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-top icon-button"
      aria-label={t("Scroll to top")}
      onClick={() => {
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
      }}
    >
      <Icon name="up" />
    </button>
  );
}
