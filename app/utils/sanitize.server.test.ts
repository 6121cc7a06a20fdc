import { describe, expect, it } from "vitest";
import { sanitizeUpstreamHtml } from "./sanitize.server";

describe("sanitizeUpstreamHtml", () => {
  it("keeps ordinary formatting", () => {
    const html = "<h2>Use</h2><p><strong>Twice</strong> a day</p><ul><li>After meals</li></ul>";
    expect(sanitizeUpstreamHtml(html)).toBe(html);
  });

  it("drops scripts, inline handlers and javascript: links", () => {
    const out = sanitizeUpstreamHtml(
      '<p onclick="steal()">Hi<script>alert(1)</script></p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a><iframe src="https://evil"></iframe><style>p{}</style>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|iframe|style/i);
    expect(out).toContain("<p>Hi</p>");
  });

  it("opens outside links safely and demotes h1", () => {
    expect(sanitizeUpstreamHtml('<h1>T</h1><a href="https://fssai.gov.in">FSSAI</a>')).toBe(
      '<h2>T</h2><a href="https://fssai.gov.in" rel="noopener noreferrer" target="_blank">FSSAI</a>',
    );
  });

  it("is empty for nothing", () => {
    expect(sanitizeUpstreamHtml(null)).toBe("");
  });
});
