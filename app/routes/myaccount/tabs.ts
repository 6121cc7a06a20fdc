/**
 * The tabs of My Account, in the spec's order (member-area.md: Dashboard, Orders, address, Account
 * Details, Change Password, then the Business link and Logout, which the layout adds), with My
 * Team (issue 39) before Change Password when the upstream offers it.
 *
 * `route` is the tab's route file in app/routes/: tabs.test.ts fails when a tab's route file is
 * missing (the tab would lead to a 404) and when a myaccount.* route has no tab here.
 */
export interface MyAccountTab {
  label: string;
  to: string;
  route: string;
  /** The old `/myaccount?tab=` values that lead here (answered with a 301 to `to`). */
  oldTabs: readonly string[];
  /** Shown only when the brand's upstream offers it (My Team's endpoints are ours, not the spec's). */
  needsTeam?: boolean;
}

export const MY_ACCOUNT_TABS: readonly MyAccountTab[] = [
  { label: "Dashboard", to: "/myaccount", route: "myaccount._index", oldTabs: ["dashboard"] },
  { label: "Orders", to: "/myaccount/orders", route: "myaccount.orders", oldTabs: ["orders"] },
  { label: "address", to: "/myaccount/addresses", route: "myaccount.addresses", oldTabs: ["address", "addresses"] },
  { label: "Account Details", to: "/myaccount/details", route: "myaccount.details", oldTabs: ["details", "account-details"] },
  { label: "My Team", to: "/myaccount/team", route: "myaccount.team", oldTabs: [], needsTeam: true },
  { label: "Change Password", to: "/myaccount/change-password", route: "myaccount.change-password", oldTabs: ["change-password"] },
];

/**
 * Where an old `/myaccount?tab=…` link goes now (for good: the caller answers 301), keeping its
 * other query parameters: the tab's own address, or the Dashboard for a value we never had.
 */
export function oldTabLocation(url: URL): string {
  const old = (url.searchParams.get("tab") ?? "").toLowerCase();
  const tab = MY_ACCOUNT_TABS.find((t) => t.oldTabs.includes(old)) ?? MY_ACCOUNT_TABS[0];
  const rest = new URLSearchParams(url.searchParams);
  rest.delete("tab");
  const query = rest.toString();
  return query ? `${tab.to}?${query}` : tab.to;
}
