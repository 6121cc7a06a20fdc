import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { auth } from "#contract/index";
import { ChangePasswordForm } from "~/components/change-password-form";
import { changePasswordSchema } from "~/forms/password";
import { requireUser } from "~/utils/auth.server";
import { validateCsrf } from "~/utils/csrf.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";
import { replyInvalid, replyToFailure } from "~/utils/form-reply.server";
import { callUpstream } from "~/utils/upstream.server";
import { Breadcrumb, GeneralErrorBoundary } from "~/components/kit";
import { readForm } from "~/utils/form-data.server";
import { pageStrings } from "~/i18n/i18n.server";
import { useT } from "~/i18n/strings";

const TITLE = "Update Password | Aarogya Herbals";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.strings?.[TITLE] ?? TITLE }, { name: "robots", content: "noindex, nofollow" }];

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { strings: pageStrings(request, "auth") };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const submission = parseWithZod(formData, { schema: changePasswordSchema });
  const hidden = { hideFields: ["current_password", "password", "confirm_password"] };
  if (submission.status !== "success") return replyInvalid(submission, hidden);
  try {
    await callUpstream(request, auth.changePassword, { body: submission.value });
  } catch (error) {
    return replyToFailure(submission, error, hidden);
  }
  return redirectWithToast(safeRedirect(formData.get("redirectTo"), "/change-password"), {
    type: "success",
    message: "Password updated successfully,",
  });
}

export default function ChangePassword() {
  const lastResult = useActionData<typeof action>();
  const t = useT();
  return (
    <div className="container">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Change Password" }]} />
      <h1 className="page-title">{t("Update Password")}</h1>
      <ChangePasswordForm lastResult={lastResult} redirectTo="/change-password" />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
