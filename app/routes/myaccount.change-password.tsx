import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ChangePasswordForm } from "~/components/change-password-form";
import { requireUser } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Change Password | Aarogya Herbals" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

/** The Change Password tab: the form of /change-password, which handles the post and comes back here. */
export default function ChangePasswordTab() {
  return (
    <>
      <h2 id="account-panel-title">Change Password</h2>
      <ChangePasswordForm redirectTo="/myaccount/change-password" />
    </>
  );
}
