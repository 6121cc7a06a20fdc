import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NOT_DECLARED, PackDeclarations } from "./pack-declarations";

describe("PackDeclarations", () => {
  it("shows the six declarations, the MRP as inclusive of all taxes", () => {
    const html = renderToStaticMarkup(
      <PackDeclarations
        product={{
          maker_role: "importer",
          maker_name: "Herb Imports LLP",
          maker_address: "Mumbai 400001",
          country_of_origin: "Nepal",
          net_quantity: "20 g",
          mrp: 1234.5,
          best_before: "24 months from manufacture",
          consumer_care: "care@example.in",
        }}
      />,
    );
    for (const text of [
      "Importer",
      "Herb Imports LLP, Mumbai 400001",
      "Nepal",
      "20 g",
      "₹1,234.50 (inclusive of all taxes)",
      "24 months from manufacture",
      "care@example.in",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain(NOT_DECLARED);
  });

  it("names what the upstream does not give instead of inventing it", () => {
    const html = renderToStaticMarkup(<PackDeclarations product={{ net_quantity: "100 g", mrp: null, maker_name: "  " }} />);
    expect(html).toContain("100 g");
    expect(html.split(NOT_DECLARED)).toHaveLength(6);
    expect(html).toContain("Manufacturer / packer / importer");
  });
});
