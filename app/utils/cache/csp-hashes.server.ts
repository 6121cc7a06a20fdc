import { createHash } from "node:crypto";

/**
 * The CSP source expressions (`'sha256-…'`) of the inline scripts a page carries: a page kept by
 * a shared cache cannot carry a nonce (every visitor would get the same one), so its policy
 * allows exactly the inline scripts it was rendered with (docs/decisions/0022-http-cache.md).
 * Data blocks (`application/json`, `application/ld+json`) are not scripts the browser runs and
 * need nothing. The hash is of the script's text exactly as it stands between its tags.
 */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const RUNNABLE_TYPE = /^(|module|text\/javascript|application\/javascript)$/i;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1] ?? "";
    if (!RUNNABLE_TYPE.test(type.trim())) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * A page's policy with its nonce replaced by the hashes of its inline scripts: everything else
 * (`'self'`, the other directives) stays as the nonce policy had it, so nothing is weaker.
 */
export function policyWithHashes(policy: string, nonce: string, hashes: readonly string[]): string {
  const nonceSource = `'nonce-${nonce}'`;
  if (!policy.includes(nonceSource)) throw new Error("the page's policy does not carry its nonce");
  return policy.split(nonceSource).join(hashes.join(" ")).replace(/ {2,}/g, " ").replace(/ ;/g, ";");
}
