import { describe, expect, it } from "vitest";
import { mapEmbedUrl, mapSearchUrl, telHref } from "./map-links";

const address = "Plot 42, Sector 6A, SIDCUL, Haridwar & Roorkee, Uttarakhand 249403";

describe("map links", () => {
  it("embeds the address as one encoded query parameter", () => {
    const url = new URL(mapEmbedUrl(address));
    expect(url.origin).toBe("https://www.google.com");
    expect(url.pathname).toBe("/maps");
    expect(url.searchParams.get("q")).toBe(address);
    expect(url.searchParams.get("output")).toBe("embed");
  });

  it("links to a Google Maps search for the address", () => {
    const url = new URL(mapSearchUrl(address));
    expect(url.href.startsWith("https://www.google.com/maps/search/?api=1&query=")).toBe(true);
    expect(url.searchParams.get("query")).toBe(address);
  });
});

describe("telHref", () => {
  it.each([
    ["9876543210", "tel:+919876543210"],
    ["+91 98765 43210", "tel:+919876543210"],
    ["098765-43210", "tel:+919876543210"],
    ["1800 123", "tel:1800123"],
  ])("%s → %s", (mobile, href) => {
    expect(telHref(mobile)).toBe(href);
  });
});
