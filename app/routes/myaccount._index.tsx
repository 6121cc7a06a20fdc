import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { account } from "#contract/index";
import { maskAccountNumber } from "#contract/account";
import { kycStatusLabel, SIDE_LABELS, type SideId } from "#contract/constants";
import { requireUser } from "~/utils/auth.server";
import { loadUpstream } from "~/utils/upstream.server";

/**
 * The Dashboard: where the member stands, from one `my-account-details` call. Only what is shown
 * leaves the server: the bank account as its last four digits, no document and no PAN.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const { data } = await loadUpstream(request, account.myAccountDetails);
  const { profile, network } = data;
  return {
    firstName: profile.first_name,
    sponsorId: profile.sponsor_id,
    kycStatus: kycStatusLabel(profile.kyc_status),
    sponsor: network.sponsor,
    placement: network.placement
      ? { parentSponsorId: network.placement.parent_sponsor_id, side: SIDE_LABELS[network.placement.side_id as SideId] ?? "" }
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
  return (
    <>
      <h2 id="account-panel-title">Hello {d.firstName}</h2>
      <dl className="order-facts dashboard-facts">
        <div>
          <dt>Your Sponsor ID</dt>
          <dd>{d.sponsorId}</dd>
        </div>
        <div>
          <dt>Your sponsor</dt>
          <dd>{d.sponsor ? `${d.sponsor.sponsor_id} (${d.sponsor.name})` : "None: you are at the top of the network"}</dd>
        </div>
        <div>
          <dt>Placement</dt>
          <dd>{d.placement ? `${d.placement.side} of ${d.placement.parentSponsorId}` : "Top of the tree"}</dd>
        </div>
        <div>
          <dt>KYC status</dt>
          <dd>{d.kycStatus}</dd>
        </div>
        <div>
          <dt>Direct recruits</dt>
          <dd>{d.directRecruits}</dd>
        </div>
        <div>
          <dt>Left team</dt>
          <dd>{d.leftTeam}</dd>
        </div>
        <div>
          <dt>Right team</dt>
          <dd>{d.rightTeam}</dd>
        </div>
        <div>
          <dt>Orders</dt>
          <dd>
            {d.orderCount} <Link to="/myaccount/orders">View orders</Link>
          </dd>
        </div>
        {d.bankAccount ? (
          <div>
            <dt>Bank account</dt>
            <dd>{d.bankAccount}</dd>
          </div>
        ) : null}
      </dl>
      <p>
        Keep your distributor, KYC and bank details up to date in <Link to="/myaccount/details">Account Details</Link>.
        {d.crmLink ? (
          <>
            {" "}
            Follow your team and your business volume in your{" "}
            <a href={d.crmLink} target="_blank" rel="noopener noreferrer">
              Business dashboard<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            .
          </>
        ) : null}
      </p>
    </>
  );
}
