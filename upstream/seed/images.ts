/**
 * Deterministic SVG artwork for the demo catalogue: product shots, category tiles, hero sliders
 * and promotional banners. No network, no external fonts; every image is small, valid XML and
 * distinct (hue, shape and layout derive from the slug, the pack type and the variant number).
 */

export type PackShape = "bottle" | "jar" | "box" | "tube" | "pouch" | "dropper" | "bar";

const FONT = "system-ui, sans-serif";

/** Escapes text for use in SVG element content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** FNV-1a, 32 bit: a stable number from a string. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** HSL (degrees, percent, percent) → #rrggbb, so the SVG needs no CSS colour functions. */
function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = Math.min(100, Math.max(0, saturation)) / 100;
  const l = Math.min(100, Math.max(0, lightness)) / 100;
  const channel = (t0: number): number => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
    const p = 2 * l - q;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  const hex = (v: number) =>
    Math.round(v * 255)
      .toString(16)
      .padStart(2, "0");
  return `#${hex(channel(h + 1 / 3))}${hex(channel(h))}${hex(channel(h - 1 / 3))}`;
}

function svgOpen(width: number, height: number, label: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">` +
    `<title>${escapeXml(label)}</title>`
  );
}

/** A leaf of the given length at (x, y), pointing at angle degrees. */
function leaf(x: number, y: number, length: number, angle: number, fill: string, vein: string): string {
  const w = length * 0.38;
  return (
    `<g transform="translate(${x} ${y}) rotate(${angle})">` +
    `<path d="M0 0C${length * 0.25} ${-w} ${length * 0.75} ${-w} ${length} 0C${length * 0.75} ${w} ${length * 0.25} ${w} 0 0Z" fill="${fill}"/>` +
    `<path d="M0 0L${length * 0.92} 0" stroke="${vein}" stroke-width="2" fill="none"/></g>`
  );
}

interface PackColours {
  body: string;
  cap: string;
  label: string;
  ink: string;
}

/** The pack drawn around the centre line x=300, standing on y≈410. */
function pack(shape: PackShape, c: PackColours): string {
  // the brand's wordmark on the label, drawn as a bar: text in an image is laid out on the browser's main thread
  const brand = (y: number, size = 16) =>
    `<rect x="${300 - size * 3}" y="${y - size * 0.7}" width="${size * 6}" height="${size * 0.5}" rx="${size * 0.25}" fill="${c.ink}"/>`;
  const mark = (y: number) => leaf(284, y, 32, -20, c.body, c.label);
  switch (shape) {
    case "bottle":
      return (
        `<rect x="262" y="100" width="76" height="44" rx="8" fill="${c.cap}"/>` +
        `<path d="M268 144h64v26c44 18 62 44 62 84v136a20 20 0 0 1-20 20H226a20 20 0 0 1-20-20V254c0-40 18-66 62-84z" fill="${c.body}"/>` +
        `<rect x="222" y="262" width="156" height="112" rx="10" fill="${c.label}"/>` +
        mark(300) +
        brand(352)
      );
    case "jar":
      return (
        `<rect x="190" y="196" width="220" height="46" rx="12" fill="${c.cap}"/>` +
        `<rect x="178" y="236" width="244" height="176" rx="34" fill="${c.body}"/>` +
        `<rect x="198" y="276" width="204" height="96" rx="10" fill="${c.label}"/>` +
        mark(310) +
        brand(356)
      );
    case "box":
      return (
        `<path d="M200 120l30-26h170l-30 26z" fill="${c.cap}"/>` +
        `<path d="M370 120l30-26v290l-30 26z" fill="${c.cap}" opacity="0.8"/>` +
        `<rect x="200" y="120" width="170" height="290" fill="${c.body}"/>` +
        `<rect x="200" y="230" width="170" height="100" fill="${c.label}"/>` +
        `<g transform="translate(-15 0)">${mark(262)}${brand(310)}</g>`
      );
    case "tube":
      return (
        `<path d="M200 96h200v18l-14 10H214l-14-10z" fill="${c.cap}"/>` +
        `<path d="M214 124h172l-46 262h-80z" fill="${c.body}"/>` +
        `<rect x="264" y="384" width="72" height="30" rx="6" fill="${c.cap}"/>` +
        `<path d="M232 190h136l-16 96h-104z" fill="${c.label}"/>` +
        mark(218) +
        brand(266, 14)
      );
    case "pouch":
      return (
        `<path d="M196 112h208l-8 40c26 60 30 150 20 246H184c-10-96-6-186 20-246z" fill="${c.body}"/>` +
        `<rect x="196" y="112" width="208" height="16" fill="${c.cap}"/>` +
        `<rect x="216" y="212" width="168" height="122" rx="12" fill="${c.label}"/>` +
        mark(252) +
        brand(306)
      );
    case "dropper":
      return (
        `<ellipse cx="300" cy="138" rx="26" ry="34" fill="${c.cap}"/>` +
        `<rect x="270" y="160" width="60" height="60" rx="6" fill="${c.cap}"/>` +
        `<rect x="232" y="220" width="136" height="192" rx="26" fill="${c.body}"/>` +
        `<rect x="244" y="262" width="112" height="100" rx="8" fill="${c.label}"/>` +
        mark(292) +
        brand(340, 13)
      );
    case "bar":
      return (
        `<rect x="160" y="300" width="280" height="100" rx="40" fill="${c.cap}"/>` +
        `<rect x="176" y="190" width="248" height="120" rx="44" fill="${c.body}"/>` +
        `<rect x="222" y="218" width="156" height="64" rx="24" fill="${c.label}"/>` +
        brand(258)
      );
  }
}

export interface ProductImageInput {
  title: string;
  slug: string;
  pack: PackShape;
  /** The category's base hue in degrees; the slug nudges it so neighbours differ. */
  baseHue: number;
  /** 1-based view number and how many views the product has. */
  variant: number;
  total: number;
}

/**
 * A 600×600 product shot: tinted background and a stylised pack, with no text in it, as a real product photo has none.
 * The page shows the title beside the image; text drawn in an SVG image costs the browser's main thread layout and paint
 * (≈ 7 ms of a slow phone's first frame on `/shop`, decision 0002, "Rules"; bench/HISTORY.md), which a photo never does.
 */
export function productSvg(input: ProductImageInput): string {
  const h = hashString(input.slug);
  const hue = input.baseHue + ((h % 41) - 20) + (input.variant - 1) * 14;
  const c: PackColours = {
    body: hsl(hue, 42, 36 + (h % 9)),
    cap: hsl(hue + 28, 30, 22),
    label: hsl(hue, 45, 97),
    ink: hsl(hue, 45, 22),
  };
  const bgTop = hsl(hue, 58, 95);
  const bgBottom = hsl(hue + 10, 42, 84);
  const leafFill = hsl(hue + 60, 40, 48);
  const leafVein = hsl(hue + 60, 40, 75);
  const v = input.variant;
  const cx = 120 + (h % 360);
  const cy = 90 + ((h >>> 9) % 200);

  let art: string;
  if (v === 1) {
    art = `<circle cx="300" cy="270" r="170" fill="${hsl(hue, 50, 90)}"/>` + pack(input.pack, c);
  } else if (v === 2) {
    art =
      `<circle cx="${cx}" cy="${cy}" r="120" fill="${hsl(hue + 20, 50, 90)}"/>` +
      leaf(120, 380, 130, -50, leafFill, leafVein) +
      leaf(480, 380, 130, -130, leafFill, leafVein) +
      `<g transform="rotate(-6 300 260)">${pack(input.pack, c)}</g>`;
  } else {
    art =
      `<ellipse cx="430" cy="380" rx="120" ry="36" fill="${hsl(hue + 30, 35, 70)}"/>` +
      leaf(360, 360, 90, -40, leafFill, leafVein) +
      leaf(430, 350, 100, -80, leafFill, leafVein) +
      leaf(470, 370, 90, -20, leafFill, leafVein) +
      `<g transform="translate(-60 40) scale(0.85)">${pack(input.pack, c)}</g>`;
  }

  return (
    svgOpen(600, 600, `${input.title}, view ${v} of ${input.total}`) +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient></defs>` +
    `<rect width="600" height="600" fill="url(#bg)"/>` +
    art +
    `</svg>`
  );
}

export interface CategoryImageInput {
  name: string;
  slug: string;
  hue: number;
}

/**
 * A 400×400 category tile with a leaf motif. No words in it: the page writes the category's name under the tile and
 * its New / On sale badge over it as real text, and text drawn in an SVG image costs the main thread (see productSvg).
 */
export function categorySvg(input: CategoryImageInput): string {
  const h = hashString(input.slug);
  const hue = input.hue;
  const leafFill = hsl(hue + 40, 42, 42);
  const leafVein = hsl(hue + 40, 42, 72);
  return (
    svgOpen(400, 400, input.name) +
    `<defs><radialGradient id="bg" cx="0.5" cy="0.35" r="0.8">` +
    `<stop offset="0" stop-color="${hsl(hue, 60, 96)}"/><stop offset="1" stop-color="${hsl(hue, 45, 80)}"/></radialGradient></defs>` +
    `<rect width="400" height="400" fill="url(#bg)"/>` +
    `<circle cx="200" cy="200" r="${120 + (h % 16)}" fill="${hsl(hue, 50, 88)}"/>` +
    leaf(200, 270, 140, -90 + ((h % 30) - 15), leafFill, leafVein) +
    leaf(196, 266, 116, -140, leafFill, leafVein) +
    leaf(204, 266, 116, -40, leafFill, leafVein) +
    `</svg>`
  );
}

export interface SliderImageInput {
  headline: string;
  subline: string;
  hue: number;
  index: number;
}

/**
 * A 1600×600 hero slide: packs and leaves on the right, the left kept clear for the slide's title,
 * which the page renders as real text (readable, translatable, indexable).
 */
export function sliderSvg(input: SliderImageInput): string {
  const hue = input.hue;
  const shapes: PackShape[] = ["bottle", "jar", "box", "pouch", "dropper", "tube"];
  const colours = (shift: number): PackColours => ({
    body: hsl(hue + shift, 45, 36),
    cap: hsl(hue + shift + 28, 30, 22),
    label: hsl(hue + shift, 45, 97),
    ink: hsl(hue + shift, 45, 22),
  });
  const first = shapes[input.index % shapes.length];
  const second = shapes[(input.index + 2) % shapes.length];
  return (
    svgOpen(1600, 600, input.headline) +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0">` +
    `<stop offset="0" stop-color="${hsl(hue, 55, 94)}"/><stop offset="1" stop-color="${hsl(hue + 25, 45, 78)}"/></linearGradient></defs>` +
    `<rect width="1600" height="600" fill="url(#bg)"/>` +
    `<circle cx="1220" cy="300" r="250" fill="${hsl(hue + 20, 50, 88)}"/>` +
    leaf(1000, 520, 220, -60, hsl(hue + 50, 40, 42), hsl(hue + 50, 40, 72)) +
    leaf(1440, 520, 220, -120, hsl(hue + 60, 40, 38), hsl(hue + 60, 40, 70)) +
    `<g transform="translate(880 60) scale(0.95)">${pack(first, colours(0))}</g>` +
    `<g transform="translate(1070 110) scale(0.8)">${pack(second, colours(40))}</g>` +
    `</svg>`
  );
}

export interface BannerImageInput {
  headline: string;
  subline: string;
  cta: string;
  hue: number;
}

/** A 1200×300 promotional banner with a headline, a subline and a call-to-action pill. */
export function bannerSvg(input: BannerImageInput): string {
  const hue = input.hue;
  const ink = hsl(hue, 50, 96);
  const ctaWidth = 40 + input.cta.length * 13;
  return (
    svgOpen(1200, 300, input.headline) +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${hsl(hue, 50, 28)}"/><stop offset="1" stop-color="${hsl(hue + 30, 45, 40)}"/></linearGradient></defs>` +
    `<rect width="1200" height="300" fill="url(#bg)"/>` +
    `<circle cx="1040" cy="150" r="180" fill="${hsl(hue + 20, 45, 46)}" opacity="0.6"/>` +
    leaf(1010, 262, 140, -60, hsl(hue + 70, 45, 60), hsl(hue + 70, 45, 82)) +
    leaf(1150, 268, 130, -118, hsl(hue + 80, 45, 55), hsl(hue + 80, 45, 80)) +
    `<text x="64" y="110" font-family="${FONT}" font-size="44" font-weight="800" fill="${ink}">${escapeXml(input.headline)}</text>` +
    `<text x="64" y="160" font-family="${FONT}" font-size="24" fill="${hsl(hue, 40, 86)}">${escapeXml(input.subline)}</text>` +
    `<rect x="64" y="196" width="${ctaWidth}" height="52" rx="26" fill="${hsl(hue + 40, 80, 60)}"/>` +
    `<text x="${64 + ctaWidth / 2}" y="230" text-anchor="middle" font-family="${FONT}" font-size="22" font-weight="700" fill="${hsl(hue, 50, 14)}">${escapeXml(input.cta)}</text>` +
    `</svg>`
  );
}
