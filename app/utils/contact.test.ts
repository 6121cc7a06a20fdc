import { describe, expect, it } from "vitest";
import { FALLBACK_CONTACT, footerContact } from "./contact";

describe("footerContact", () => {
  it("uses the upstream's details", () => {
    const c = footerContact({
      description: "About us",
      email_id: "a@b.in",
      mobile_no: "9000000000",
      address: "Somewhere",
      tweeter_link: "https://x.com/brand",
      facebook_link: null,
      insta_link: "",
      youtube_link: undefined,
    });
    expect(c.email).toBe("a@b.in");
    expect(c.mobile).toBe("9000000000");
    expect(c.social.map((s) => s.href)).toEqual(["https://x.com/brand", "#", "#", "#"]);
  });

  it("falls back when there are no details", () => {
    const c = footerContact(null);
    expect(c.email).toBe(FALLBACK_CONTACT.email_id);
    expect(c.mobile).toBe(FALLBACK_CONTACT.mobile_no);
    expect(c.social.every((s) => s.href === "#")).toBe(true);
  });
});
