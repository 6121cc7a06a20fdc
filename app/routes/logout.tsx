import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { auth } from "#contract/index";
import { validateCsrf } from "~/utils/csrf.server";
import { readForm } from "~/utils/form-data.server";
import { destroySession, getSessionAuth } from "~/utils/session.server";
import { toastCookie } from "~/utils/toast.server";
import { callUpstream, UpstreamError } from "~/utils/upstream.server";

export async function loader() {
  return redirect("/");
}

/** Logout is a POST (a link could be followed by a prefetch or a crawler). */
export async function action({ request }: ActionFunctionArgs) {
  await validateCsrf(await readForm(request), request);
  const { token } = await getSessionAuth(request);
  if (token) {
    try {
      // revoke the token upstream too; the session ends here whatever the upstream says
      await callUpstream(request, auth.logout, { body: {} });
    } catch (error) {
      if (!(error instanceof UpstreamError) && !(error instanceof Response)) throw error;
    }
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request));
  headers.append("Set-Cookie", await toastCookie({ type: "success", message: "Logout successfully!" }));
  return redirect("/", { headers });
}
