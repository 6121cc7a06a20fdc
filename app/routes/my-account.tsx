import { redirect } from "@remix-run/node";

/** Old links say /my-account (DESIGN.md): the account screen is /myaccount. */
export const loader = () => redirect("/myaccount", 301);
