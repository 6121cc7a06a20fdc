import { describe, expect, it } from "vitest";
import { shareLinks } from "./share-links";

describe("shareLinks", () => {
  it("prepares each network's address with the product's address and title encoded", () => {
    const links = shareLinks("https://shop.example/product/tulsi drops", "Tulsi & Honey");
    expect(links.map((l) => l.label)).toEqual(["Twitter", "Facebook", "Instagram", "LinkedIn"]);
    expect(links[0].href).toBe("https://twitter.com/intent/tweet?url=https%3A%2F%2Fshop.example%2Fproduct%2Ftulsi%20drops&text=Tulsi%20%26%20Honey");
    expect(links[3].href).toBe("https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fshop.example%2Fproduct%2Ftulsi%20drops");
  });
});
