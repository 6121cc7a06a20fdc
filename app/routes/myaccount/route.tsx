import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/utils/auth.server";
import { teamOffered } from "~/utils/team.server";
import { Breadcrumb, GeneralErrorBoundary, LogoutButton } from "~/components/kit";
import { MY_ACCOUNT_TABS, oldTabLocation } from "./tabs";
import { routerPath } from "~/i18n/lang";
import { pageStrings } from "~/i18n/i18n.server";
import { useT } from "~/i18n/strings";

const TITLE = "My Account | Aarogya Herbals";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.strings?.[TITLE] ?? TITLE }, { name: "robots", content: "noindex, nofollow" }];

// every page under /myaccount shows the member's own data (a child without `headers` inherits this)
export const headers = () => ({ "Cache-Control": "private, no-store" });

/** The layout of every My Account screen: the member guard and the tab navigation. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // old links: /myaccount?tab=change-password → /myaccount/change-password, before the login check
  // so the address is corrected for everyone (route matching ignores case, so does this)
  if (url.searchParams.has("tab") && routerPath(url.pathname).toLowerCase().replace(/\/+$/, "") === "/myaccount") {
    throw redirect(oldTabLocation(url), 301);
  }
  const user = await requireUser(request);
  // the layout's, the Dashboard's and the small tabs' texts in Hindi on /hi/myaccount (none on English pages)
  return { crmLink: user.crm_link, team: await teamOffered(request), strings: pageStrings(request, "account") };
}

export default function MyAccountLayout() {
  const { crmLink, team } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="container account">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "My Account" }]} />
      <h1 className="page-title">{t("My Account")}</h1>
      <div className="account-layout">
        <nav aria-label={t("My Account")} className="account-nav">
          <ul>
            {MY_ACCOUNT_TABS.filter((tab) => team || !tab.needsTeam).map((tab) => (
              <li key={tab.to}>
                {/* NavLink marks the current tab with aria-current="page"; `end`: the Dashboard only on /myaccount */}
                <NavLink to={tab.to} end>
                  {t(tab.label)}
                </NavLink>
              </li>
            ))}
            {crmLink ? (
              <li>
                <a href={crmLink} target="_blank" rel="noopener noreferrer">
                  {t("Business")}
                  <span className="visually-hidden"> {t("(opens in a new tab)")}</span>
                </a>
              </li>
            ) : null}
            <li>
              <LogoutButton />
            </li>
          </ul>
        </nav>
        <section className="account-panel" aria-labelledby="account-panel-title">
          <Outlet />
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
