import { describe, expect, it } from "vitest";
import { plainText, policyBodyHtml, summaryOf } from "./policy-page.server";

describe("policyBodyHtml", () => {
  it("sanitises the upstream HTML", () => {
    const html = policyBodyHtml(
      "Shipping Policy",
      `<p onclick="steal()">Hello<script>alert(1)</script></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>`,
    );
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
    expect(html).toContain("<p>Hello</p>");
  });

  it("drops a leading heading that only repeats the page title", () => {
    expect(policyBodyHtml("Privacy Policy", "<h2>Privacy policy</h2><p>Text</p>")).toBe("<p>Text</p>");
    expect(policyBodyHtml("Privacy Policy", "<h1>Privacy Policy</h1><p>Text</p>")).toBe("<p>Text</p>");
  });

  it("moves the headings up so the top level follows the page's <h1>", () => {
    expect(policyBodyHtml("Privacy Policy", "<h2>Privacy Policy</h2><h3>Data</h3><p>A</p><h4>Cookies</h4><h3>Rights</h3>")).toBe(
      "<h2>Data</h2><p>A</p><h3>Cookies</h3><h2>Rights</h2>",
    );
    expect(policyBodyHtml("Terms", "<h4>Scope</h4><p>A</p>")).toBe("<h2>Scope</h2><p>A</p>");
  });

  it("keeps a leading heading that says something else", () => {
    expect(policyBodyHtml("Privacy Policy", "<h2>Who we are</h2><p>Text</p>")).toBe("<h2>Who we are</h2><p>Text</p>");
  });
});

describe("summaryOf", () => {
  it("is the first paragraph's text, entities decoded", () => {
    expect(summaryOf("<h3>A</h3><p>Terms &amp; <strong>conditions</strong> of use.</p><p>More</p>")).toBe("Terms & conditions of use.");
  });

  it("cuts a long paragraph at a word boundary", () => {
    const summary = summaryOf(`<p>${"herbal wellness ".repeat(30)}</p>`, 40);
    expect(summary.length).toBeLessThanOrEqual(40);
    expect(summary).toBe("herbal wellness herbal wellness herbal…");
  });
});

describe("plainText", () => {
  it("strips tags and collapses white space", () => {
    expect(plainText("<ul><li>One</li>\n<li>Two&nbsp;&quot;2&quot;</li></ul>")).toBe('One Two "2"');
  });
});
