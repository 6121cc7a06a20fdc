import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { LoginForm } from "~/components/login-form";
import { loginSchema } from "~/forms/login";
import type { RootLoader } from "~/root";
import { logIn, safeRedirectTo } from "~/utils/auth.server";
import { validateCsrf } from "~/utils/csrf.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { replyInvalid, replyToFailure } from "~/utils/form-reply.server";
import { getSessionAuth } from "~/utils/session.server";
import { Breadcrumb, GeneralErrorBoundary, seo, siteOf } from "~/components/kit";
import { readForm } from "~/utils/form-data.server";
import { pageStrings } from "~/i18n/i18n.server";
import { useT } from "~/i18n/strings";

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches }) =>
  seo({
    title: "Login",
    description: "Log in with your Sponsor ID to check out, follow your orders and manage your distributor account.",
    path: "/login",
    site: siteOf(matches),
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await getSessionAuth(request);
  const params = new URL(request.url).searchParams;
  const redirectTo = safeRedirectTo(params.get("redirectTo"));
  if (user) throw redirect(redirectTo);
  // a new member arrives from the registration's success page with their Sponsor ID filled in
  const sponsorId = (params.get("sponsor_id") ?? "").trim().slice(0, 20);
  return { redirectTo, sponsorId, strings: pageStrings(request, "auth") };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  await checkHoneypot(formData);
  const submission = parseWithZod(formData, { schema: loginSchema });
  const hidden = { hideFields: ["password"] };
  if (submission.status !== "success") return replyInvalid(submission, hidden);
  try {
    return await logIn(request, { ...submission.value, redirectTo: safeRedirectTo(submission.value.redirectTo) });
  } catch (error) {
    return replyToFailure(submission, error, hidden);
  }
}

export default function LoginPage() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { redirectTo, sponsorId } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="container narrow">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Login" }]} />
      <h1 className="page-title">{t("Login")}</h1>
      <p>{t("Members log in with their Sponsor ID.")}</p>
      <LoginForm
        id="login"
        redirectTo={redirectTo}
        defaultSponsorId={sponsorId}
        lastResult={lastResult}
        pending={navigation.state === "submitting" && navigation.formAction === "/login"}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
