// A guest with two items in the cart, made through the real site the way a shopper without
// JavaScript does it: GET /shop (CSRF cookie and token), then the "Add to cart" forms of two
// in-stock products posted to the app's /cart action (app/components/cart-buttons.tsx). The
// result is the visitor's cookies (signed `random_id` guest id, csrf), for Lighthouse and the
// latency runs. Nothing here throws: a cart that cannot be filled is reported, not fatal.
import http from "node:http";

/** A tiny cookie jar: name → value, from Set-Cookie headers. */
class CookieJar {
  constructor() {
    this.cookies = new Map();
  }
  take(response) {
    this.takeLines(response.headers.getSetCookie?.() ?? []);
  }
  takeLines(lines) {
    for (const line of lines) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0\b|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/**
 * What each <form action="/cart"> that adds a product sends when its button is pressed: its inputs,
 * and the submit button's own name and value (the card's button carries the intent).
 */
export function addToCartForms(html) {
  const forms = [];
  for (const m of html.matchAll(/<form\b[^>]*\baction=["']\/cart["'][^>]*>([\s\S]*?)<\/form>/gi)) {
    const fields = {};
    for (const control of m[1].match(/<input\b[^>]*>|<button\b[^>]*\btype=["']submit["'][^>]*>/gi) ?? []) {
      const name = /\bname=["']([^"']*)["']/i.exec(control)?.[1];
      const value = /\bvalue=["']([^"']*)["']/i.exec(control)?.[1] ?? "";
      if (name) fields[name] = decodeEntities(value);
    }
    if (fields.intent === "add" && fields.product_id) forms.push(fields);
  }
  return forms;
}

function decodeEntities(text) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/**
 * A form post as a browser without JavaScript sends it (a navigation: `Sec-Fetch-Mode: navigate`,
 * which the app tells from a fetcher's request). node:http, because fetch always sends "cors".
 */
function postForm(url, fields, headers) {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          Accept: "text/html",
          "Sec-Fetch-Mode": "navigate",
          "Sec-Fetch-Dest": "document",
          ...headers,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode, location: response.headers.location ?? null, setCookie: response.headers["set-cookie"] ?? [] }),
        );
      },
    );
    request.on("error", reject);
    request.setTimeout(15_000, () => request.destroy(new Error(`no answer from ${url} within 15 s`)));
    request.end(body);
  });
}

/** The guest id inside the signed `random_id` cookie (Remix: base64 JSON + "." + signature). */
export function guestIdOf(cookieValue) {
  try {
    const raw = decodeURIComponent(cookieValue);
    const data = raw.slice(0, raw.lastIndexOf("."));
    const value = JSON.parse(decodeURIComponent(escape(Buffer.from(data, "base64").toString("binary"))));
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

/**
 * Puts two products into a fresh guest's cart on `shopUrl` and checks the count with the upstream
 * at `apiUrl`. Returns { ok, cookie, guestId, products, cartCount, steps, error }.
 */
export async function guestWithTwoItems(shopUrl, apiUrl) {
  const jar = new CookieJar();
  const steps = [];
  const result = { ok: false, cookie: "", guestId: null, products: [], cartCount: null, steps, error: null };
  try {
    const shop = await fetch(`${shopUrl}/shop`, { redirect: "manual" });
    jar.take(shop);
    const html = await shop.text();
    steps.push(`GET /shop → ${shop.status}`);
    const forms = addToCartForms(html);
    if (forms.length < 2) throw new Error(`/shop shows ${forms.length} "Add to cart" form(s) posting to /cart; 2 needed`);

    for (const form of forms.slice(0, 2)) {
      const answer = await postForm(
        `${shopUrl}/cart`,
        { ...form, quantity: form.quantity || "1", redirectTo: "/shop" },
        { Cookie: jar.header(), Referer: `${shopUrl}/shop` },
      );
      jar.takeLines(answer.setCookie);
      steps.push(`POST /cart product ${form.product_id} → ${answer.status}${answer.location ? ` ${answer.location}` : ""}`);
      if (answer.status >= 400) throw new Error(`POST /cart (add product ${form.product_id}) answered ${answer.status}`);
      if (answer.location) {
        // as the browser does: follow the redirect, which shows (and clears) the flash toast
        const back = await fetch(new URL(answer.location, shopUrl), { headers: { Cookie: jar.header() }, redirect: "manual" });
        jar.take(back);
        await back.arrayBuffer();
      }
      result.products.push(Number(form.product_id));
    }

    result.cookie = jar.header();
    const guestCookie = jar.cookies.get("random_id");
    result.guestId = guestCookie ? guestIdOf(guestCookie) : null;
    if (!result.guestId) throw new Error("the app set no guest id cookie (random_id) while adding to the cart");

    const lists = await fetch(`${apiUrl}/cart-lists`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ guest_user_id: result.guestId }),
    });
    const json = await lists.json().catch(() => null);
    result.cartCount = Number(json?.data?.cart_count ?? NaN);
    steps.push(`upstream cart-lists for guest ${result.guestId} → ${lists.status}, cart_count ${result.cartCount}`);
    if (result.cartCount !== 2) throw new Error(`the upstream holds ${result.cartCount} item(s) in the guest's cart, not 2`);
    result.ok = true;
  } catch (error) {
    result.error = error.message;
    result.cookie = jar.header();
  }
  return result;
}

/** Every named input of the first <form action="{action}"> of a page, as name → value. */
export function formFields(html, action) {
  const escaped = action.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const m = new RegExp(`<form\\b[^>]*\\baction=["']${escaped}["'][^>]*>([\\s\\S]*?)<\\/form>`, "i").exec(html);
  if (!m) return null;
  const fields = {};
  for (const input of m[1].match(/<input\b[^>]*>/gi) ?? []) {
    const name = /\bname=["']([^"']*)["']/i.exec(input)?.[1];
    const value = /\bvalue=["']([^"']*)["']/i.exec(input)?.[1] ?? "";
    if (name && !/type=["'](checkbox|radio)["']/i.test(input)) fields[name] = decodeEntities(value);
  }
  return fields;
}

/**
 * A member (a demo Sponsor ID) logged in through /login with two items in the cart, added through
 * /cart as a shopper without JavaScript does it: the cookies for /checkout. `shopUrl`'s upstream
 * keeps the cart, so the cookie serves any server with the same SESSION_SECRET and upstream.
 * Returns { ok, cookie, products, steps, error }.
 */
export async function memberWithTwoItems(shopUrl, sponsorId, password) {
  const jar = new CookieJar();
  const steps = [];
  const result = { ok: false, cookie: "", products: [], steps, error: null };
  const follow = async (location) => {
    const back = await fetch(new URL(location, shopUrl), { headers: { Cookie: jar.header() }, redirect: "manual" });
    jar.take(back);
    return back.text();
  };
  try {
    const login = await fetch(`${shopUrl}/login`, { redirect: "manual" });
    jar.take(login);
    const fields = formFields(await login.text(), "/login");
    if (!fields) throw new Error("/login shows no form posting to /login");
    // the honeypot refuses a form sent in the same second it was served
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const answer = await postForm(
      `${shopUrl}/login`,
      { ...fields, sponsor_id: sponsorId, password, redirectTo: "/shop" },
      { Cookie: jar.header(), Referer: `${shopUrl}/login` },
    );
    jar.takeLines(answer.setCookie);
    steps.push(`POST /login ${sponsorId} → ${answer.status}${answer.location ? ` ${answer.location}` : ""}`);
    if (answer.status !== 302 || !answer.location) throw new Error(`POST /login answered ${answer.status}, not a redirect`);
    const shopHtml = await follow(answer.location);

    for (const form of addToCartForms(shopHtml).slice(0, 2)) {
      const added = await postForm(
        `${shopUrl}/cart`,
        { ...form, quantity: form.quantity || "1", redirectTo: "/shop" },
        { Cookie: jar.header(), Referer: `${shopUrl}/shop` },
      );
      jar.takeLines(added.setCookie);
      steps.push(`POST /cart product ${form.product_id} → ${added.status}`);
      if (added.status >= 400) throw new Error(`POST /cart (add product ${form.product_id}) answered ${added.status}`);
      if (added.location) await follow(added.location);
      result.products.push(Number(form.product_id));
    }
    const checkout = await fetch(`${shopUrl}/checkout`, { headers: { Cookie: jar.header(), Accept: "text/html" }, redirect: "manual" });
    const html = await checkout.text();
    steps.push(`GET /checkout → ${checkout.status}`);
    if (checkout.status !== 200) throw new Error(`/checkout answered ${checkout.status} for the member`);
    const lines = (html.match(/class="order-quantity"/g) ?? []).length;
    if (lines !== 2) throw new Error(`/checkout shows ${lines} order line(s), not 2`);
    result.cookie = jar.header();
    result.ok = true;
  } catch (error) {
    result.error = error.message;
    result.cookie = jar.header();
  }
  return result;
}
