/** The tax invoice: what the orders and the invoice route use. */
export { renderInvoicePdf, warmUpInvoiceRenderer } from "./render";
export type { GstState, InvoiceAddress, InvoiceData, InvoiceLineInput, InvoiceRecipient, Seller } from "./invoice-data";
export { demoGstin, gstStateCode, resolveSeller, stateNameOfCode } from "./seller";
export { invoiceTaxTable, stateTaxName, type TaxTable, type TaxTableRow } from "../domain/invoice-table";
export { financialYearOf, formatInvoiceNumber, invoiceSeries, isValidInvoiceNumber, parseInvoiceNumber } from "../domain/invoice-number";
export { amountInWords } from "../domain/amount-in-words";
