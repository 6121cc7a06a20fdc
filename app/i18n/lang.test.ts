import { describe, expect, it } from "vitest";
import { bothLanguages, langOfPath, pathIn, routerPath } from "./lang";

describe("the language of a path", () => {
  it("is Hindi under /hi (a page or its .data twin) and English elsewhere", () => {
    expect(["/hi", "/hi/", "/hi/shop", "/hi.data", "/hi/cart.data", "/HI/shop"].map(langOfPath)).toEqual(["hi", "hi", "hi", "hi", "hi", "hi"]);
    expect(["/", "/shop", "/hindi-herbs", "/high", "/product/hi"].map(langOfPath)).toEqual(["en", "en", "en", "en", "en"]);
  });

  it("maps between a router path and each language's address", () => {
    expect(routerPath("/hi")).toBe("/");
    expect(routerPath("/hi/product/tulsi")).toBe("/product/tulsi");
    expect(routerPath("/product/tulsi")).toBe("/product/tulsi");
    expect(pathIn("hi", "/")).toBe("/hi");
    expect(pathIn("hi", "/cart")).toBe("/hi/cart");
    expect(pathIn("en", "/cart")).toBe("/cart");
  });

  it("names both languages' addresses of a posted page, .data or not", () => {
    expect(bothLanguages("/product/x.data")).toEqual(["/product/x", "/hi/product/x"]);
    expect(bothLanguages("/hi/product/x")).toEqual(["/product/x", "/hi/product/x"]);
    expect(bothLanguages("/hi.data")).toEqual(["/", "/hi"]);
    expect(bothLanguages("/_root.data")).toEqual(["/", "/hi"]);
  });
});
