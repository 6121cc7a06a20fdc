// The operator's command: moves an order between the spec's statuses (allowed transitions only).
//   npm run orders -- complete|cancel|refund <order id or invoice number>
// It works on DATA_DIR's database directly (default ./data), also while the shop runs.
// In the container (no dev dependencies): node build/orders.js cancel 42
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../upstream/db/index";
import { isOrderAction, ORDER_ACTIONS } from "../upstream/domain/order-status";
import { changeOrderStatus } from "../upstream/order-status";

const USAGE = `Usage: npm run orders -- <action> <order>
  action: ${Object.keys(ORDER_ACTIONS).join(" | ")}
    complete  Pending → Completed
    cancel    Pending → Cancelled (the ordered quantities go back into stock)
    refund    Completed → Refund
  order:  the order's id (42) or its invoice number (AH/25-26/000123)
  The database is DATA_DIR/shop.sqlite (DATA_DIR defaults to ./data).`;

async function main(argv: string[]): Promise<number> {
  const [action, ref, ...rest] = argv;
  if (!action || !ref || rest.length > 0 || !isOrderAction(action)) {
    console.error(USAGE);
    return 2;
  }
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  if (!fs.existsSync(path.join(dataDir, "shop.sqlite"))) {
    console.error(`No shop database in ${dataDir} (set DATA_DIR to the shop's data directory).`);
    return 2;
  }
  const { db, close } = await openDatabase(dataDir);
  try {
    const result = await changeOrderStatus(db, ref, action);
    (result.ok ? console.log : console.error)(result.message);
    return result.ok ? 0 : 1;
  } finally {
    await close();
  }
}

process.exitCode = await main(process.argv.slice(2));
