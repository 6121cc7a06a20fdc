import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/utils/auth.server";
import { KYC_APPROVED } from "~/components/kit";

/** The Dashboard: greets the member by first name. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { firstName: user.first_name, kycApproved: user.kyc_status === KYC_APPROVED };
}

export default function Dashboard() {
  const { firstName, kycApproved } = useLoaderData<typeof loader>();
  return (
    <>
      <h2 id="account-panel-title">Hello {firstName}</h2>
      <p>From your account you can change your password and open your business dashboard, where you follow your team and your business volume.</p>
      <p className="kyc-status">
        KYC status: <strong>{kycApproved ? "Approved" : "Pending approval"}</strong>
      </p>
      <p>
        <Link to="/shop">Continue shopping</Link>
      </p>
    </>
  );
}
