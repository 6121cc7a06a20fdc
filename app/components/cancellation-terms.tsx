import { Link, useRouteLoaderData } from "@remix-run/react";
import type { RootLoader } from "~/root";
import { useT } from "~/i18n/strings";

/**
 * The return and cancellation terms where the member decides, next to Place order: the policy,
 * and the cooling-off period a direct seller's customer has (Consumer Protection (Direct Selling)
 * Rules, 2021). The period is the seller's (seller-details, in the root's data); missing, the page says so.
 */
export function CancellationTerms() {
  const coolingOffDays = useRouteLoaderData<RootLoader>("root")?.legal?.seller.cooling_off_days;
  const t = useT();
  return (
    <section className="cancellation-terms" aria-labelledby="cancellation-terms-title">
      <h3 id="cancellation-terms-title">{t("Cancellation and returns")}</h3>
      <p>
        {coolingOffDays
          ? t("Cooling-off period: you may cancel this order, or return the goods unused, within {{days}} days of delivery for a full refund.", {
              days: coolingOffDays,
            })
          : t("The cooling-off period is not available right now; the policy below sets it.")}{" "}
        {t("You may cancel before dispatch at no cost. Read the")} <Link to="/refunds-cancellations">{t("refund and cancellation policy")}</Link>.
      </p>
    </section>
  );
}
