import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useT } from "~/i18n/strings";

/** Logout is a POST with the CSRF token (header menu and My Account). */
export function LogoutButton() {
  const t = useT();
  return (
    <Form method="post" action="/logout">
      <AuthenticityTokenInput />
      <button type="submit" className="link-button">
        {t("Logout")}
      </button>
    </Form>
  );
}
