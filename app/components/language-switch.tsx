import { useLocation } from "@remix-run/react";
import { pathIn } from "~/i18n/lang";
import { useLang } from "~/i18n/strings";

/**
 * The same page, with its query, in the other language: a plain link (a whole new document, so the
 * root's strings and `<html lang>` come with it), which works without JavaScript.
 */
export function LanguageSwitch() {
  const lang = useLang();
  // the router's location has no /hi prefix: it is the page itself
  const { pathname, search } = useLocation();
  return lang === "hi" ? (
    <a href={pathIn("en", pathname) + search} hrefLang="en-IN" lang="en-IN" className="language-switch">
      English
    </a>
  ) : (
    <a href={pathIn("hi", pathname) + search} hrefLang="hi-IN" lang="hi-IN" className="language-switch">
      हिन्दी
    </a>
  );
}
