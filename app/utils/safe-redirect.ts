/**
 * Where a `redirectTo` may send the visitor: a path of this site, never another one.
 *
 * Browsers are lenient with what follows a `Location`: they drop tabs and newlines
 * (`/\t/evil.example` becomes `//evil.example`), read a backslash as a slash (`/\evil.example`)
 * and percent-decode where we do not expect it. So the target is refused outright when it holds
 * a control character (below 0x20, or 0x7f), a backslash or anything outside ASCII, as it is or
 * once percent-decoded; what is left must resolve against our origin without leaving it.
 * Anything refused, or that cannot be decoded, becomes `fallback`: never an error.
 */
const BASE = "http://safe-redirect.invalid";

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f\\]|[^\u0000-\u007f]/;
/** `.` and `..` path segments: harmless once resolved, but no link of ours has them. */
const DOT_SEGMENT = /(^|\/)\.{1,2}(\/|\?|#|$)/;

function decodedOnceAndTwice(value: string): string[] | null {
  try {
    const once = decodeURIComponent(value);
    return [value, once, decodeURIComponent(once)];
  } catch {
    return null;
  }
}

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to === "" || to.length > 2000) return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  const forms = decodedOnceAndTwice(to);
  if (!forms) return fallback;
  if (forms.some((form) => FORBIDDEN.test(form) || DOT_SEGMENT.test(form) || form.startsWith("//"))) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (resolved.origin !== BASE) return fallback;
  return resolved.pathname + resolved.search + resolved.hash;
}
