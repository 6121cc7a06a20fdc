import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

/** Logout is a POST with the CSRF token (header menu and My Account). */
export function LogoutButton() {
  return (
    <Form method="post" action="/logout">
      <AuthenticityTokenInput />
      <button type="submit" className="link-button">
        Logout
      </button>
    </Form>
  );
}
