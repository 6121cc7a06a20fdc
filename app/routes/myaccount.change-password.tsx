import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ChangePasswordForm } from "~/components/change-password-form";
import { requireUser } from "~/utils/auth.server";
import { pageStrings } from "~/i18n/i18n.server";
import { useT } from "~/i18n/strings";

const TITLE = "Change Password | Aarogya Herbals";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.strings?.[TITLE] ?? TITLE }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { strings: pageStrings(request, "auth") };
}

/** The Change Password tab: the form of /change-password, which handles the post and comes back here. */
export default function ChangePasswordTab() {
  const t = useT();
  return (
    <>
      <h2 id="account-panel-title">{t("Change Password")}</h2>
      <ChangePasswordForm redirectTo="/myaccount/change-password" />
    </>
  );
}
