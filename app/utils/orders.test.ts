import { describe, expect, it } from "vitest";
import { orderAgainMessage, orderDate, pageOf } from "./orders";

const orders = Array.from({ length: 12 }, (_, i) => i + 1);

describe("the Orders tab's pages", () => {
  it("shows ten a page, numbering on across pages", () => {
    expect(pageOf(orders, null)).toEqual({ page: 1, pageCount: 2, items: orders.slice(0, 10), firstSerial: 1 });
    expect(pageOf(orders, "2")).toEqual({ page: 2, pageCount: 2, items: [11, 12], firstSerial: 11 });
  });

  it("keeps an odd page number within the pages", () => {
    expect(pageOf(orders, "9").page).toBe(2);
    expect(pageOf(orders, "0").page).toBe(1);
    expect(pageOf(orders, "-1").page).toBe(1);
    expect(pageOf(orders, "abc").page).toBe(1);
    expect(pageOf([], "3")).toEqual({ page: 1, pageCount: 1, items: [], firstSerial: 1 });
  });
});

describe("order dates", () => {
  it("are India's day, in en-IN", () => {
    // 18:30 UTC on 31 March is already midnight, 1 April, in India
    expect(orderDate("2026-03-31T18:00:00Z")).toBe("31 Mar 2026");
    expect(orderDate("2026-03-31T18:30:00Z")).toBe("1 Apr 2026");
  });

  it("are written as Intl writes them, in English and in Hindi, at every hour of three years", () => {
    const intl = (lang: "en" | "hi") =>
      new Intl.DateTimeFormat(lang === "en" ? "en-IN" : "hi-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });
    const formats = { en: intl("en"), hi: intl("hi") };
    let checked = 0;
    // every 7 hours (so every hour of the day comes round) from 2024 to 2026, a leap day included
    for (let at = Date.UTC(2024, 0, 1); at < Date.UTC(2027, 0, 1); at += 7 * 3600_000) {
      const iso = new Date(at + 29 * 60_000).toISOString();
      for (const lang of ["en", "hi"] as const) expect(orderDate(iso, lang), `${iso} ${lang}`).toBe(formats[lang].format(new Date(iso)));
      checked++;
    }
    expect(checked).toBeGreaterThan(3700);
    expect(orderDate("2026-09-05T00:00:00Z", "hi")).toBe("5 सित॰ 2026");
    expect(orderDate("2026-09-05T00:00:00Z")).toBe("5 Sept 2026");
  });

  it("are empty for a date that is not one (no exception in a page's render)", () => {
    expect(orderDate("not a date")).toBe("");
  });
});

describe("Order again's message", () => {
  it("names what was added and what could not be, with the reason", () => {
    expect(
      orderAgainMessage([
        { title: "Aloe Vera Gel", ok: true, message: "Item added to cart successfully." },
        { title: "Neem Tablets", ok: false, message: "This product is out of stock." },
        { title: "Tulsi Drops", ok: true, message: "Item added to cart successfully." },
      ]),
    ).toEqual({
      ok: true,
      message: "Added to your cart: Aloe Vera Gel, Tulsi Drops. Could not add Neem Tablets (This product is out of stock).",
    });
  });

  it("fails when nothing could be added", () => {
    expect(orderAgainMessage([{ title: "Neem Tablets", ok: false, message: "This product is no longer available." }])).toEqual({
      ok: false,
      message: "Could not add Neem Tablets (This product is no longer available).",
    });
  });
});
