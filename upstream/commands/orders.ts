import { durably } from "../db/index";
import { isOrderAction, ORDER_ACTIONS } from "../domain/order-status";
import { changeOrderStatus } from "../services/order-status-change";
import { onShopDatabase, type CommandOutput } from "./shop-database";

export type { CommandOutput };

const ORDERS_USAGE = `Usage: npm run orders -- <action> <order>
  action: ${Object.keys(ORDER_ACTIONS).join(" | ")}
    complete  Pending → Completed
    cancel    Pending → Cancelled (the ordered quantities go back into stock)
    refund    Completed → Refund
  order:  the order's id (42) or its invoice number (AH/25-26/000123)
  The database is DATA_DIR/shop.sqlite (DATA_DIR defaults to ./data).`;

/** The operator's order-status command (scripts/orders.ts) without the process around it; on DATABASE_URL's PostgreSQL when `databaseUrlSetting` names one. */
export async function runOrdersCommand(
  argv: string[],
  dataDirSetting: string | undefined,
  databaseUrlSetting = process.env.DATABASE_URL,
): Promise<CommandOutput> {
  const [action, ref, ...rest] = argv;
  if (!action || !ref || rest.length > 0 || !isOrderAction(action)) return { code: 2, stdout: "", stderr: ORDERS_USAGE };
  return onShopDatabase(
    dataDirSetting,
    async (db) => {
      // a status change (and the stock a cancel puts back) is committed like an order: under synchronous = FULL
      const result = await durably(db, () => changeOrderStatus(db, ref, action));
      return result.ok ? { code: 0, stdout: result.message, stderr: "" } : { code: 1, stdout: "", stderr: result.message };
    },
    databaseUrlSetting,
  );
}
