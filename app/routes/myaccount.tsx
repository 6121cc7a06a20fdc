import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, NavLink, useLoaderData, useOutlet } from "@remix-run/react";
import { ChangePasswordForm } from "~/components/change-password-form";
import { requireUser } from "~/utils/auth.server";
import { Breadcrumb, GeneralErrorBoundary, LogoutButton } from "~/components/kit";

export const KYC_APPROVED = 3;

const tabs = [
  { id: "dashboard", label: "Dashboard" },
  { id: "change-password", label: "Change Password" },
] as const;
type TabId = (typeof tabs)[number]["id"];

export const meta: MetaFunction = () => [{ title: "My Account | Aarogya Herbals" }, { name: "robots", content: "noindex, nofollow" }];

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const requested = new URL(request.url).searchParams.get("tab");
  const tab: TabId = tabs.some((t) => t.id === requested) ? (requested as TabId) : "dashboard";
  return { user: { first_name: user.first_name, crm_link: user.crm_link, kyc_approved: user.kyc_status === KYC_APPROVED }, tab };
}

export default function MyAccount() {
  const { user, tab } = useLoaderData<typeof loader>();
  // the tabs that are routes of their own (/myaccount/orders …) render here
  const outlet = useOutlet();
  return (
    <div className="container account">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "My Account" }]} />
      <h1 className="page-title">My Account</h1>
      <div className="account-layout">
        <nav aria-label="My Account" className="account-nav">
          <ul>
            {tabs.map((t) => (
              <li key={t.id}>
                <Link
                  to={t.id === "dashboard" ? "/myaccount" : `/myaccount?tab=${t.id}`}
                  aria-current={!outlet && tab === t.id ? "page" : undefined}
                >
                  {t.label}
                </Link>
              </li>
            ))}
            <li>
              <NavLink to="/myaccount/orders">Orders</NavLink>
            </li>
            {user.crm_link ? (
              <li>
                <a href={user.crm_link} target="_blank" rel="noopener noreferrer">
                  Business<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
            <li>
              <LogoutButton />
            </li>
          </ul>
        </nav>
        <section className="account-panel" aria-labelledby="account-panel-title">
          {outlet ? (
            outlet
          ) : tab === "dashboard" ? (
            <>
              <h2 id="account-panel-title">Hello {user.first_name}</h2>
              <p>
                From your account you can change your password and open your business dashboard, where you follow your
                team and your business volume.
              </p>
              <p className="kyc-status">
                KYC status: <strong>{user.kyc_approved ? "Approved" : "Pending approval"}</strong>
              </p>
              <p>
                <Link to="/shop">Continue shopping</Link>
              </p>
            </>
          ) : (
            <>
              <h2 id="account-panel-title">Change Password</h2>
              <ChangePasswordForm redirectTo="/myaccount?tab=change-password" />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
