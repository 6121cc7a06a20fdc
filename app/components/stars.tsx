import type { CSSProperties } from "react";
import { roundedStars, starFillPercent, STAR_SCALE } from "~/utils/stars";
import { useT } from "~/i18n/strings";

/**
 * The rating as stars, read out as "4.5 out of 5". The five stars are one run of text filled from
 * the left up to the rating (whole and half stars), not an element per star: a grid of cards drew
 * five elements and five text runs per card in the page's first frame.
 */
export function Stars({ average, count }: { average: number; count?: number }) {
  const t = useT();
  return (
    <span className="stars">
      <span className="stars-icons" aria-hidden="true" style={{ "--stars-fill": `${starFillPercent(average)}%` } as CSSProperties}>
        ★★★★★
      </span>
      <span className="visually-hidden">{t("Rated {{rating}} out of {{scale}}", { rating: roundedStars(average), scale: STAR_SCALE })}</span>
      {count !== undefined ? <span className="stars-count">({t(count === 1 ? "{{count}} review" : "{{count}} reviews", { count })})</span> : null}
    </span>
  );
}
