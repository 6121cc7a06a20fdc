import i18next from "i18next";
import type { Lang } from "../../contract/languages";
import { mail } from "./hi/mail";

/** A mail's texts in one language: an English text (the key) and the values it fills in. */
export type MailText = (english: string, vars?: Readonly<Record<string, string | number>>) => string;

/**
 * The mails' translations: i18next over the Hindi catalogue (hi/mail.ts), keyed by the English
 * texts, as the app's pages are (app/i18n/i18n.server.ts). The upstream keeps its own instance:
 * it never imports app/.
 */
const i18n = i18next.createInstance();
void i18n.init({
  resources: { hi: { mail } },
  lng: "hi",
  fallbackLng: false,
  ns: ["mail"],
  defaultNS: "mail",
  // keys are whole English sentences: their dots and colons are text, not paths
  keySeparator: false,
  nsSeparator: false,
  returnEmptyString: false,
  // values are put in as they are: HTML is escaped by the mail that fills them in, and a value is never read as a key or a nesting
  interpolation: { escapeValue: false, skipOnVariables: true },
  initAsync: false,
});

/** `{{name}}` replaced by its value, once: a value that looks like a placeholder stays as it is. */
function interpolate(text: string, vars?: Readonly<Record<string, string | number>>): string {
  if (!vars) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/**
 * The texts of a mail in `lang`. English is the key itself, filled in (the English mails are the
 * texts the code says, byte for byte); Hindi is the catalogue's, and a text it does not hold (a
 * designation set in the configuration) stays as it is.
 */
export function mailText(lang: Lang): MailText {
  if (lang === "en") return interpolate;
  return (english, vars) => i18n.t(english, { lng: "hi", ns: "mail", replace: vars });
}
