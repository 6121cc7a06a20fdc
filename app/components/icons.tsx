import type { SVGProps } from "react";
import sprite from "./icons.svg";

/** The symbols of icons.svg (each <symbol id> there); icons.test.ts keeps the two in step. */
export const iconNames = [
  "cart",
  "heart",
  "search",
  "user",
  "menu",
  "close",
  "expand",
  "up",
  "facebook",
  "twitter",
  "instagram",
  "youtube",
  "linkedin",
  "mail",
  "phone",
  "chevronLeft",
  "chevronRight",
] as const;

export type IconName = (typeof iconNames)[number];

/**
 * A decorative icon; give its control a text label. The drawings live in one SVG sprite, a
 * content-hashed build asset (cached for a year), instead of path data in every page's HTML and
 * in the JavaScript.
 */
export function Icon({ name, size = 20, ...props }: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" fill="currentColor" {...props}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
