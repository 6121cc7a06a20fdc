import { about } from "./hi/about";
import { account } from "./hi/account";
import { address } from "./hi/address";
import { auth } from "./hi/auth";
import { cart } from "./hi/cart";
import { checkout } from "./hi/checkout";
import { common } from "./hi/common";
import { contact } from "./hi/contact";
import { details } from "./hi/details";
import { grievance } from "./hi/grievance";
import { home } from "./hi/home";
import { listing } from "./hi/listing";
import { messages } from "./hi/messages";
import { orders } from "./hi/orders";
import { pages } from "./hi/pages";
import { pay } from "./hi/pay";
import { product } from "./hi/product";
import { register } from "./hi/register";
import { team } from "./hi/team";
import { wishlist } from "./hi/wishlist";

/**
 * The Hindi catalogue: for each namespace, each English text of the shop and its Hindi text.
 * A page's loader sends the namespaces it renders (pageStrings); `common` and `messages` (the
 * layout, the shared parts, toasts and the error catalogue) come with the root's data on every page.
 * Server-only: the browser gets a page's subset as data, never this module.
 */
export const HINDI = {
  common,
  messages,
  home,
  listing,
  product,
  cart,
  checkout,
  register,
  about,
  contact,
  pages,
  wishlist,
  auth,
  account,
  orders,
  address,
  details,
  team,
  pay,
  grievance,
} satisfies Record<string, Readonly<Record<string, string>>>;

export type Namespace = keyof typeof HINDI;
