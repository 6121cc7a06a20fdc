import { describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "test-secret-at-least-16-characters";
const { getToast, toastCookie } = await import("./toast.server");

const page = (cookie?: string) => new Request("http://shop.test/shop", { headers: cookie ? { Cookie: cookie } : {} });

describe("getToast", () => {
  it("reads a flashed toast among the visitor's other cookies, and clears it", async () => {
    const flashed = (await toastCookie({ type: "success", message: "Product added to cart." })).split(";")[0];
    for (const header of [flashed, `__session=abc; ${flashed}; csrf=x`, `csrf=x;${flashed}`]) {
      const { toast, setCookie } = await getToast(page(header));
      expect(toast).toEqual({ type: "success", message: "Product added to cart." });
      expect(setCookie).toMatch(/^toast=;.*Expires=Thu, 01 Jan 1970/i);
    }
  });

  it("answers no toast without a toast cookie, for a forged one, and for a cookie that only ends in 'toast'", async () => {
    for (const header of [undefined, "csrf=x; __session=abc", "toast=forged", "mytoast=x"]) {
      expect(await getToast(page(header))).toEqual({ toast: null, setCookie: null });
    }
  });
});
