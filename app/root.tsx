import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import type { Category } from "#contract/catalogue";
import { ErrorPage, Footer, Header, ProgressBar, ScrollToTop, Toaster } from "./islands";
import styles from "./styles/app.css";
import { headerCounts } from "./utils/visitor-lists.server";
import { sharedCatalogue } from "./utils/catalogue.server";
import { commitCsrfToken } from "./utils/csrf.server";
import { env } from "./utils/env.server";
import { honeypotInputProps } from "./utils/honeypot.server";
import { getSessionAuth } from "./utils/session.server";
import { getToast } from "./utils/toast.server";
// direct, not through the kit: the root importing the kit would put the whole kit in every first load
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import { footerContact } from "./utils/contact.server";
import { useNonce } from "./utils/nonce";
import { inLanguage, langOf, pageStrings, translateIn } from "./i18n/i18n.server";
import { langOfPath, LOCALE, pathIn, type Lang } from "./i18n/lang";
import { StringsProvider, useLang, useT, type Strings } from "./i18n/strings";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = (text: string) => data?.strings?.[text] ?? text;
  return [
    { title: t("Aarogya Herbals — Ayurvedic and herbal wellness products") },
    {
      name: "description",
      content: t("Ayurvedic and herbal wellness products, delivered across India in 5 to 7 working days."),
    },
  ];
};

const noToken: Promise<[string, null]> = Promise.resolve(["", null]);

/**
 * The token a render without one (a shared page's) gives the forms that need one. The page cache
 * renders a cookieless GET as a shared page first, and drops the render of a page that does not
 * declare itself shareable (the login page, registration, …) before rendering it again for the
 * visitor with a real token: this keeps that first render from failing. Were such a render ever
 * served, its forms' posts would fail the CSRF check, never pass it.
 */
const NO_TOKEN_IN_A_SHARED_RENDER = "none-in-a-shared-page";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [auth, { toast, setCookie }, [csrfToken, csrfCookie], shared, counts] = await Promise.all([
    getSessionAuth(request),
    getToast(request),
    // a page rendered to be shared (docs/decisions/0022-http-cache.md) carries no token: its forms
    // check where a post comes from instead (utils/fetch-metadata.server.ts)
    context.sharedPage === true ? noToken : commitCsrfToken(request),
    sharedCatalogue(request),
    // the cart call a listing's or product page's flags share (the request's context)
    headerCounts(request, context),
  ]);
  const lang = langOf(request);
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);
  return data(
    {
      user: auth.user ? { first_name: auth.user.first_name, crm_link: auth.user.crm_link } : null,
      lang,
      strings: pageStrings(request, "common", "messages"),
      // the action flashed the English text; the page it led to says it in its own language
      toast: toast ? { ...toast, message: translateIn(lang, toast.message) } : null,
      toastId: toast ? `${Date.now()}` : "",
      csrfToken,
      honeypot: honeypotInputProps(),
      siteUrl: env().siteUrl,
      categories: shared.categories.map((category) => inLanguage(lang, category)),
      contact: footerContact(shared.contact),
      legal: shared.legal,
      counts,
    },
    { headers },
  );
}

export type RootLoader = typeof loader;

/** The page in both languages, for search engines: hreflang alternates, English as the default. */
function LanguageAlternates({ siteUrl }: { siteUrl: string }) {
  const { pathname, search } = useLocation();
  const at = (lang: Lang) => `${siteUrl}${pathIn(lang, pathname)}${search}`;
  return (
    <>
      <link rel="alternate" hrefLang={LOCALE.en} href={at("en")} />
      <link rel="alternate" hrefLang={LOCALE.hi} href={at("hi")} />
      <link rel="alternate" hrefLang="x-default" href={at("en")} />
    </>
  );
}

/**
 * A page from a shared cache carries no CSRF token (docs/decisions/0022-http-cache.md). Its own
 * forms need none; the first client-side navigation asks the root loader again, so that a page
 * whose forms do (login, registration, checkout) gets this visitor's token.
 */
let hasToken = false;
// and when a navigation changes language, for the root's strings and `lang` (the language follows the path)
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || !hasToken || langOfPath(currentUrl.pathname) !== langOfPath(nextUrl.pathname);

function Document({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const lang = useLang();
  const siteUrl = useRouteLoaderData<RootLoader>("root")?.siteUrl;
  return (
    <html lang={LOCALE[lang]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2f6b3a" />
        <Meta />
        <Links />
        {siteUrl ? <LanguageAlternates siteUrl={siteUrl} /> : null}
      </head>
      <body id="top">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

// stable stand-ins (an error page without the root's data), so the memoised islands are not re-rendered
const noCategories: Category[] = [];
const noCounts = { cart: 0, wishlist: 0 };

function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootLoader>("root");
  const t = useT();
  return (
    <>
      <a href="#main" className="skip-link">
        {t("Skip to content")}
      </a>
      <ProgressBar />
      <Header categories={root?.categories ?? noCategories} user={root?.user ?? null} counts={root?.counts ?? noCounts} />
      <Toaster toast={root?.toast ?? null} id={root?.toastId ?? ""} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer contact={root?.contact ?? null} legal={root?.legal ?? null} />
      <ScrollToTop />
    </>
  );
}

/** A route whose `handle` says `bareDocument` (the bench's reference page) renders without the shop's layout. */
const isBareDocument = (handle: unknown) => typeof handle === "object" && handle !== null && "bareDocument" in handle && handle.bareDocument === true;

/** The strings each matched route's loader sent (`strings`: app/i18n/i18n.server.ts's pageStrings). */
const stringsOf = (data: unknown): Strings | null => (typeof data === "object" && data !== null && "strings" in data ? (data.strings as Strings | null) : null);

export default function App() {
  const { csrfToken, honeypot } = useLoaderData<typeof loader>();
  useEffect(() => {
    hasToken = csrfToken !== "";
  }, [csrfToken]);
  const matches = useMatches();
  const bare = matches.some((match) => isBareDocument(match.handle));
  return (
    <AuthenticityTokenProvider token={csrfToken || NO_TOKEN_IN_A_SHARED_RENDER}>
      <HoneypotProvider {...honeypot}>
        <StringsProvider parts={matches.map((match) => stringsOf(match.data))}>
          <Document>
            {bare ? (
              <Outlet />
            ) : (
              <Layout>
                <Outlet />
              </Layout>
            )}
          </Document>
        </StringsProvider>
      </HoneypotProvider>
    </AuthenticityTokenProvider>
  );
}

export function ErrorBoundary() {
  const root = useRouteLoaderData<RootLoader>("root");
  return (
    <AuthenticityTokenProvider token={root?.csrfToken || NO_TOKEN_IN_A_SHARED_RENDER}>
      <StringsProvider parts={[root?.strings]}>
        <Document>
          <Layout>
            <ErrorPage />
          </Layout>
        </Document>
      </StringsProvider>
    </AuthenticityTokenProvider>
  );
}
