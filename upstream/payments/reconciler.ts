import { ORDER_STATUS, PAID_STATUS, PAYMENT_METHOD } from "../../contract/constants";
import { durably, type DB } from "../db/index";
import { startLeasedJob } from "../services/leases";
import { changeOrderStatus } from "../services/order-status-change";
import { GatewayUnavailable } from "./gateway";
import type { PaymentService } from "./service";

export interface ReconcileSettings {
  /** an unpaid online order is asked about at the gateway once this old */
  afterMinutes: number;
  /** an unpaid online order this old is cancelled (stock back) unless the gateway says it was paid */
  timeoutMinutes: number;
}

export interface ReconcileReport {
  checked: number;
  paid: number[];
  cancelled: number[];
  /** orders the gateway could not be asked about (left alone: never cancelled blind) */
  unreachable: number[];
}

/** Orders looked at in one run at most; the next run goes on with the rest. */
const BATCH = 200;

/**
 * One pass of the reconciler, at `now` (an injectable clock for tests): online orders still unpaid
 * after `afterMinutes` are asked about at the gateway and the captured ones marked paid (the same
 * transition as the callback and the webhook); those older than `timeoutMinutes` and still unpaid
 * are cancelled with the operator's cancel (stock back), conditional on still being unpaid.
 */
export async function reconcilePayments(db: DB, service: PaymentService, settings: ReconcileSettings, now: Date = new Date()): Promise<ReconcileReport> {
  const askBefore = new Date(now.getTime() - settings.afterMinutes * 60_000).toISOString();
  const cancelBefore = new Date(now.getTime() - settings.timeoutMinutes * 60_000).toISOString();
  const orders = await db
    .selectFrom("orders")
    .select(["id", "created_at", "gateway_order_id"])
    .where("paid_status", "=", PAID_STATUS.unpaid)
    .where("status", "=", ORDER_STATUS.pending)
    .where("payment_method_id", "=", PAYMENT_METHOD.online)
    .where("created_at", "<=", askBefore)
    .orderBy("id")
    .limit(BATCH)
    .execute();
  const report: ReconcileReport = { checked: orders.length, paid: [], cancelled: [], unreachable: [] };
  for (const order of orders) {
    try {
      const settled = await service.reconcileOrder(order.id);
      if (settled?.paidStatus === PAID_STATUS.paid) {
        report.paid.push(order.id);
        continue;
      }
    } catch (error) {
      if (!(error instanceof GatewayUnavailable)) throw error;
      console.error(`upstream: reconciler could not ask about order ${order.id}: ${error.message}`);
      report.unreachable.push(order.id);
      continue;
    }
    if (order.created_at <= cancelBefore) {
      const change = await durably(db, () => changeOrderStatus(db, String(order.id), "cancel", { unpaid: true }));
      if (change.ok && change.status === ORDER_STATUS.cancelled) {
        console.log(`upstream: unpaid online order ${order.id} cancelled after ${settings.timeoutMinutes} minutes. ${change.message}`);
        report.cancelled.push(order.id);
      }
    }
  }
  return report;
}

/**
 * Runs the reconciler every `intervalSeconds` in one upstream process only, whatever the number of
 * processes on the database (a lease, services/leases.ts: another takes over when the holder
 * dies), one run at a time. Answers the function that stops it and gives the lease up.
 */
export function startReconciler(db: DB, run: () => Promise<unknown>, intervalSeconds: number): () => Promise<void> {
  if (intervalSeconds <= 0) return async () => {};
  const job = startLeasedJob(db, {
    name: "payment-reconciler",
    intervalMs: intervalSeconds * 1000,
    run,
    onError: (error) => console.error("upstream: payment reconciler failed", error),
  });
  return job.stop;
}
