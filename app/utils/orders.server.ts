import { data } from "@remix-run/node";

/** An order id from the URL; anything else is a page that does not exist. */
export function orderIdOf(param: string | undefined): number {
  if (!param || !/^[1-9]\d{0,9}$/.test(param)) throw data({ message: "Order not found." }, { status: 404 });
  return Number(param);
}
