import type { InvoiceData } from "./invoice-data";
import { resolveSeller } from "./seller";

/**
 * A sample invoice: an intra-state order (Uttarakhand seller, Dehradun buyer) with mixed rates,
 * a discount and paid shipping. Used by the tests and handy to look at a rendered invoice.
 */
export function sampleInvoice(overrides: Partial<InvoiceData> = {}): InvoiceData {
  return {
    invoiceNumber: "AH/25-26/000123",
    invoiceDate: "2026-03-31T18:00:00Z",
    orderNumber: "1042",
    paymentMethod: "Card / UPI",
    seller: resolveSeller({ stateName: "Uttarakhand", siteUrl: "http://localhost:3000" }),
    recipient: {
      name: "Priya Sharma",
      addressLines: ["House 12, Rajpur Road", "Dehradun 248001"],
      stateName: "Uttarakhand",
      stateCode: "05",
      phone: "9876543210",
    },
    placeOfSupply: { stateName: "Uttarakhand", stateCode: "05" },
    lines: [
      { description: "Ashwagandha Capsules (60 capsules)", hsn: "30049011", quantity: 2, unitPricePaise: 349_50, gstPercent: 5 },
      { description: "Aloe Vera Gel 150 ml", hsn: "33049910", quantity: 3, unit: "BTL", unitPricePaise: 199_00, gstPercent: 18 },
      { description: "Triphala Churna 500 g", hsn: "30049011", quantity: 1, unitPricePaise: 1299_00, discountPaise: 100_00, gstPercent: 12 },
    ],
    shippingPaise: 60_00,
    cancelled: false,
    ...overrides,
  };
}
