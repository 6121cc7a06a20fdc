import { describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-1234";
const { postOrigin, requireSameOrigin } = await import("./fetch-metadata.server");

const SITE = "https://shop.example.in";
const post = (headers: Record<string, string>, url = "http://10.0.0.5:3000/cart") => new Request(url, { method: "POST", headers });

describe("postOrigin (Fetch Metadata, then Origin, then Referer)", () => {
  it("takes Sec-Fetch-Site first: same-origin and none pass, same-site and cross-site do not, whatever Origin says", () => {
    expect(postOrigin(post({ "Sec-Fetch-Site": "same-origin" }), SITE)).toBe("same-origin");
    expect(postOrigin(post({ "Sec-Fetch-Site": "none" }), SITE)).toBe("same-origin");
    expect(postOrigin(post({ "Sec-Fetch-Site": "same-site", Origin: SITE }), SITE)).toBe("cross-site");
    expect(postOrigin(post({ "Sec-Fetch-Site": "cross-site", Origin: SITE }), SITE)).toBe("cross-site");
  });

  it("without Sec-Fetch-Site, the Origin must be the address asked for or SITE_URL", () => {
    expect(postOrigin(post({ Origin: "http://10.0.0.5:3000" }), SITE)).toBe("same-origin");
    expect(postOrigin(post({ Origin: SITE }), SITE)).toBe("same-origin");
    expect(postOrigin(post({ Origin: "https://evil.example" }), SITE)).toBe("cross-site");
    expect(postOrigin(post({ Origin: "https://shop.example.in.evil.example" }), SITE)).toBe("cross-site");
    expect(postOrigin(post({ Origin: "null" }), SITE)).toBe("cross-site");
  });

  it("with neither, the Referer decides, and nothing at all is unknown", () => {
    expect(postOrigin(post({ Referer: `${SITE}/shop` }), SITE)).toBe("same-origin");
    expect(postOrigin(post({ Referer: "https://evil.example/x" }), SITE)).toBe("cross-site");
    expect(postOrigin(post({}), SITE)).toBe("unknown");
  });

  it("requireSameOrigin throws a 403 response for anything but same-origin", () => {
    const thrown = (() => {
      try {
        requireSameOrigin(post({ "Sec-Fetch-Site": "cross-site" }));
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
  });
});
