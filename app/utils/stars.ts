export const STAR_SCALE = 5;

export interface StarParts {
  full: number;
  half: boolean;
  empty: number;
}

/** Full stars = floor(average); a half star when the fraction is 0.25–0.75; the rest empty. */
export function starParts(average: number): StarParts {
  const clamped = Math.min(Math.max(Number.isFinite(average) ? average : 0, 0), STAR_SCALE);
  const full = Math.floor(clamped);
  // compare in hundredths so 4.25 is 0.25 exactly, not 0.2499…
  const fraction = Math.round((clamped - full) * 100);
  const half = full < STAR_SCALE && fraction >= 25 && fraction <= 75;
  return { full, half, empty: STAR_SCALE - full - (half ? 1 : 0) };
}

/** How much of the five stars' width is filled: whole stars, plus half a star (starParts), in %. */
export function starFillPercent(average: number): number {
  const { full, half } = starParts(average);
  return ((full + (half ? 0.5 : 0)) / STAR_SCALE) * 100;
}

/** The rating a screen reader hears, to one decimal, within 0–5. */
export function roundedStars(average: number): number {
  return Math.round(Math.min(Math.max(average || 0, 0), STAR_SCALE) * 10) / 10;
}

/** "4.5 out of 5" — what a screen reader hears for the stars. */
export function starLabel(average: number): string {
  return `${roundedStars(average)} out of ${STAR_SCALE}`;
}
