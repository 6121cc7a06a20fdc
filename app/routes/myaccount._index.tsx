import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { account } from "#contract/index";
import { maskAccountNumber } from "#contract/account";
import { kycStatusLabel, SIDE_LABELS, type SideId } from "#contract/constants";
import { requireUser } from "~/utils/auth.server";
import { loadUpstream } from "~/utils/upstream.server";
import { translatorFor } from "~/i18n/i18n.server";
import { useT } from "~/i18n/strings";

/**
 * The Dashboard: where the member stands, from one `my-account-details` call. Only what is shown
 * leaves the server: the bank account as its last four digits, no document and no PAN.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const { data } = await loadUpstream(request, account.myAccountDetails);
  const { profile, network } = data;
  // the labels the server picks, in the page's language (the layout's loader sends the page's texts)
  const t = translatorFor(request);
  return {
    firstName: profile.first_name,
    sponsorId: profile.sponsor_id,
    kycStatus: t(kycStatusLabel(profile.kyc_status)),
    sponsor: network.sponsor,
    placement: network.placement
      ? { parentSponsorId: network.placement.parent_sponsor_id, side: t(SIDE_LABELS[network.placement.side_id as SideId] ?? "") }
      : null,
    directRecruits: network.direct_recruits,
    leftTeam: network.left_team,
    rightTeam: network.right_team,
    orderCount: data.order_count,
    bankAccount: maskAccountNumber(data.kyc_details.bank_account_number),
    crmLink: profile.crm_link,
  };
}

export default function Dashboard() {
  const d = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <>
      <h2 id="account-panel-title">{t("Hello {{name}}", { name: d.firstName })}</h2>
      <dl className="order-facts dashboard-facts">
        <div>
          <dt>{t("Your Sponsor ID")}</dt>
          <dd>{d.sponsorId}</dd>
        </div>
        <div>
          <dt>{t("Your sponsor")}</dt>
          <dd>{d.sponsor ? `${d.sponsor.sponsor_id} (${d.sponsor.name})` : t("None: you are at the top of the network")}</dd>
        </div>
        <div>
          <dt>{t("Placement")}</dt>
          <dd>{d.placement ? t("{{side}} of {{parent}}", { side: d.placement.side, parent: d.placement.parentSponsorId }) : t("Top of the tree")}</dd>
        </div>
        <div>
          <dt>{t("KYC status")}</dt>
          <dd>{d.kycStatus}</dd>
        </div>
        <div>
          <dt>{t("Direct recruits")}</dt>
          <dd>{d.directRecruits}</dd>
        </div>
        <div>
          <dt>{t("Left team")}</dt>
          <dd>{d.leftTeam}</dd>
        </div>
        <div>
          <dt>{t("Right team")}</dt>
          <dd>{d.rightTeam}</dd>
        </div>
        <div>
          <dt>{t("Orders")}</dt>
          <dd>
            {d.orderCount} <Link to="/myaccount/orders">{t("View orders")}</Link>
          </dd>
        </div>
        {d.bankAccount ? (
          <div>
            <dt>{t("Bank account")}</dt>
            <dd>{d.bankAccount}</dd>
          </div>
        ) : null}
      </dl>
      <p>
        {t("Keep your distributor, KYC and bank details up to date in")} <Link to="/myaccount/details">{t("Account Details")}</Link>
        {t(".")}
        {d.crmLink ? (
          <>
            {" "}
            {t("Follow your team and your business volume in your")}{" "}
            <a href={d.crmLink} target="_blank" rel="noopener noreferrer">
              {t("Business dashboard")}
              <span className="visually-hidden"> {t("(opens in a new tab)")}</span>
            </a>
            {t(".")}
          </>
        ) : null}
      </p>
    </>
  );
}
