import type { InvoiceLineInput } from "../domain/invoice-table";
import type { Seller } from "./seller";

export type { InvoiceLineInput } from "../domain/invoice-table";
export type { Seller } from "./seller";

/** A state or union territory as the GST law names it: name and two-digit code ("Maharashtra", "27"). */
export interface GstState {
  stateName: string;
  stateCode: string;
}

/** A party's name and postal address, with its state. */
export interface InvoiceAddress extends GstState {
  /** Person or business the address is for. */
  name: string;
  /** The address as printed, one entry a line (street, locality, city and PIN …), without the state. */
  addressLines: string[];
  phone?: string;
}

/** The recipient: the billing address of the order, and the GSTIN when the member gave one. */
export interface InvoiceRecipient extends InvoiceAddress {
  gstin?: string;
}

/**
 * Everything a tax invoice shows, as plain data: the orders branch maps its order snapshot onto it.
 * All money is integer paise; the taxes are not given but computed from the lines (`lineTax`, the
 * order's own rule), and `expectedTotalPaise` lets the renderer refuse an invoice that would not
 * agree with the order.
 */
export interface InvoiceData {
  /** The consecutive number of its financial year's series, e.g. "AH/25-26/000123". */
  invoiceNumber: string;
  /** When it was issued (the order's time): an instant, printed as the date in IST. */
  invoiceDate: Date | string;
  /** The shop's order number, printed for reference. */
  orderNumber?: string;
  /** "Card / UPI", "Pickup Appointment" …, printed for reference. */
  paymentMethod?: string;
  /** The supplier, from configuration (resolveSeller). */
  seller: Seller;
  /** Billed to. */
  recipient: InvoiceRecipient;
  /** Shipped to, only when it differs from the billing address (omit otherwise). */
  delivery?: InvoiceAddress;
  /** Where the supply takes place: the delivery address's state, or the pickup branch's. */
  placeOfSupply: GstState;
  /** The order's lines, in order. */
  lines: InvoiceLineInput[];
  /** Shipping charge before GST, in paise; 0 when free. Taxed at the highest rate among the lines. */
  shippingPaise: number;
  /** The order is cancelled: the invoice stays (its number is never reused) and says so. */
  cancelled: boolean;
  /** The order's total as charged; rendering fails when the invoice's grand total differs. */
  expectedTotalPaise?: number;
}
