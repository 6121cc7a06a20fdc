import { formatBv } from "./cart-totals";
import { formatRupees } from "./kit";
import { useT } from "~/i18n/strings";

/** An order's (or a cart's, at checkout) lines and totals, in rupees as the upstream computed them. */
export interface OrderSummaryView {
  lines: { key: number; name: string; quantity: number; total: number }[];
  sub_total: number;
  shipping_charge: number;
  /** absent on an order (the thank-you page shows no BV) */
  bv_total?: number;
  /** IGST for a supply to another state, else CGST + SGST */
  igst_status: boolean;
  igst: number;
  cgst: number;
  sgst: number;
  total: number;
}

/**
 * Each line (name × quantity and its total), subtotal, shipping, BV total, tax and total: the
 * checkout's order summary and the thank-you page.
 */
export function OrderSummary({ summary, caption, busy = false }: { summary: OrderSummaryView; caption: string; busy?: boolean }) {
  const t = useT();
  return (
    <table className="order-summary" aria-busy={busy || undefined}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t("Product")}</th>
          <th scope="col">{t("Total")}</th>
        </tr>
      </thead>
      <tbody>
        {summary.lines.map((line) => (
          <tr key={line.key}>
            <td>
              {line.name} <span className="order-quantity">× {line.quantity}</span>
            </td>
            <td>{formatRupees(line.total)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t("Subtotal")}</th>
          <td>{formatRupees(summary.sub_total)}</td>
        </tr>
        <tr>
          <th scope="row">{t("Shipping")}</th>
          <td>{formatRupees(summary.shipping_charge)}</td>
        </tr>
        {summary.bv_total !== undefined ? (
          <tr>
            <th scope="row">{t("BV total")}</th>
            <td>{formatBv(summary.bv_total)}</td>
          </tr>
        ) : null}
        {summary.igst_status ? (
          <tr>
            <th scope="row">{t("IGST")}</th>
            <td>{formatRupees(summary.igst)}</td>
          </tr>
        ) : (
          <>
            <tr>
              <th scope="row">{t("CGST")}</th>
              <td>{formatRupees(summary.cgst)}</td>
            </tr>
            <tr>
              <th scope="row">{t("SGST")}</th>
              <td>{formatRupees(summary.sgst)}</td>
            </tr>
          </>
        )}
        <tr className="order-summary-total">
          <th scope="row">{t("Total")}</th>
          <td>{formatRupees(summary.total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
