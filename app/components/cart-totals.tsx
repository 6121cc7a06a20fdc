import type { CartTotals } from "#contract/cart";
import { formatRupees } from "./kit";

const bvFormat = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Business volume, e.g. "1,234.50". */
export function formatBv(bv: number): string {
  return bvFormat.format(Math.round(bv * 100) / 100);
}

/**
 * Subtotal, BV total, tax and total, as the upstream computed them. Tax is IGST for a supply to
 * another state (`igst_status` 1), else SGST and CGST.
 */
export function CartTotalsList({ totals, busy = false }: { totals: CartTotals; busy?: boolean }) {
  return (
    <dl className="cart-totals" aria-busy={busy}>
      <div>
        <dt>Subtotal</dt>
        <dd>{formatRupees(totals.sub_total)}</dd>
      </div>
      <div>
        <dt>BV total</dt>
        <dd>{formatBv(totals.bv_total)}</dd>
      </div>
      {totals.igst_status === 1 ? (
        <div>
          <dt>IGST</dt>
          <dd>{formatRupees(totals.igst)}</dd>
        </div>
      ) : (
        <>
          <div>
            <dt>SGST</dt>
            <dd>{formatRupees(totals.sgst)}</dd>
          </div>
          <div>
            <dt>CGST</dt>
            <dd>{formatRupees(totals.cgst)}</dd>
          </div>
        </>
      )}
      <div className="cart-totals-total">
        <dt>Total</dt>
        <dd>{formatRupees(totals.total)}</dd>
      </div>
    </dl>
  );
}
