import type { CartTotals } from "#contract/cart";
import { formatHundredths, formatRupees } from "./kit";
import { useT } from "~/i18n/strings";

/** Business volume, e.g. "1,234.50". */
export function formatBv(bv: number): string {
  return formatHundredths(Math.round(bv * 100));
}

/** A figure that is being recomputed: not the old one (it would disagree with the lines shown). */
function Pending() {
  const t = useT();
  return (
    <span className="figure-pending">
      <span aria-hidden="true">…</span>
      <span className="visually-hidden">{t("updating")}</span>
    </span>
  );
}

/**
 * Subtotal, BV total, tax and total, as the upstream computed them. Tax is IGST for a supply to
 * another state (`igst_status` 1), else SGST and CGST. While a line is changing (`busy`) the lines
 * already show the new quantity; the totals (GST is rounded per line, by the upstream) show as
 * pending until the server's figures arrive, so a line and the totals never disagree.
 */
export function CartTotalsList({ totals, busy = false }: { totals: CartTotals; busy?: boolean }) {
  const figure = (text: string) => (busy ? <Pending /> : text);
  const t = useT();
  return (
    <dl className="cart-totals" aria-busy={busy}>
      <div>
        <dt>{t("Subtotal")}</dt>
        <dd>{figure(formatRupees(totals.sub_total))}</dd>
      </div>
      <div>
        <dt>{t("BV total")}</dt>
        <dd>{figure(formatBv(totals.bv_total))}</dd>
      </div>
      {totals.igst_status === 1 ? (
        <div>
          <dt>{t("IGST")}</dt>
          <dd>{figure(formatRupees(totals.igst))}</dd>
        </div>
      ) : (
        <>
          <div>
            <dt>{t("SGST")}</dt>
            <dd>{figure(formatRupees(totals.sgst))}</dd>
          </div>
          <div>
            <dt>{t("CGST")}</dt>
            <dd>{figure(formatRupees(totals.cgst))}</dd>
          </div>
        </>
      )}
      <div className="cart-totals-total">
        <dt>{t("Total")}</dt>
        <dd>{figure(formatRupees(totals.total))}</dd>
      </div>
    </dl>
  );
}
