// The restore drill: `npm run backup` while the shop runs and takes orders, then the backup restored
// into a new DATA_DIR, the shop started on it, a member logged in through the login form, and
// their orders on /myaccount/orders.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { auth, orders } from "../../contract/index";
import { PAYMENT_METHOD } from "../../contract/constants";
import { addAddress, addToCart, callerFor, orderBody } from "../contract/harness";
import { removeTemplate, seededDataDir, SHOP_ROOT, startServer, stop, Visitor, type Running } from "./harness";

const run = promisify(execFile);
const dirs: string[] = [];
const servers: Running[] = [];

afterAll(async () => {
  for (const server of servers) await stop(server.child);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  removeTemplate();
});

/** A pickup order of one unit placed by the member through the running shop's upstream; its invoice number. */
async function placeOrder(server: Running, token: string, productId: number): Promise<string> {
  const query = async <T>(sqlText: string, ...params: unknown[]) => {
    const sqlite = new Database(path.join(server.dataDir, "shop.sqlite"), { readonly: true });
    try {
      return sqlite.prepare(sqlText).all(...params) as T[];
    } finally {
      sqlite.close();
    }
  };
  const upstream = { call: callerFor(`${server.upstreamUrl}/api`), query };
  const addressId = await addAddress(upstream, token);
  await addToCart(upstream, token, productId);
  const placed = await upstream.call(orders.addOrderDetails, { token, body: await orderBody(upstream, token, addressId, PAYMENT_METHOD.pickupAppointment) });
  expect(placed.status, JSON.stringify(placed.json)).toBe(200);
  return placed.json.data.invoice_number as string;
}

describe("backup and restore", () => {
  it("backs up while orders are placed; the restored copy starts, logs the member in and shows their orders", async () => {
    const dataDir = await seededDataDir();
    dirs.push(dataDir);
    const shop = await startServer({}, dataDir);
    servers.push(shop);
    const call = callerFor(`${shop.upstreamUrl}/api`);
    const login = await call(auth.login, { body: { sponsor_id: "AH100001", password: "demo1234" } });
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    const token = login.json.data.access_token as string;
    const check = new Database(path.join(dataDir, "shop.sqlite"), { readonly: true });
    const productIds = (check.prepare("SELECT id FROM products WHERE available_unit > 20 ORDER BY id LIMIT 4").all() as { id: number }[]).map((p) => p.id);
    check.close();
    const before = await placeOrder(shop, token, productIds[0]);

    // the backup runs while three more orders are placed
    const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "shop-backups-")), "shop-backup");
    dirs.push(path.dirname(target));
    const [backup] = await Promise.all([
      run(process.execPath, ["--import", "tsx", path.join(SHOP_ROOT, "scripts/backup.ts"), target], {
        env: { ...process.env, DATA_DIR: dataDir },
        cwd: SHOP_ROOT,
      }),
      (async () => {
        // one member's orders one after another (each takes the whole cart)
        for (const id of productIds.slice(1)) await placeOrder(shop, token, id);
      })(),
    ]);
    expect(backup.stdout).toContain(`to ${target}`);
    await stop(shop.child);
    expect((fs.statSync(target).mode & 0o777).toString(8)).toBe("700");
    // the members' KYC documents came along
    expect(fs.readdirSync(path.join(target, "documents")).length).toBe(fs.readdirSync(path.join(dataDir, "documents")).length);

    // the restore (README, Backups): a copy of the backup as the new DATA_DIR
    const restored = fs.mkdtempSync(path.join(os.tmpdir(), "shop-restored-"));
    dirs.push(restored);
    fs.cpSync(target, restored, { recursive: true });
    const sound = new Database(path.join(restored, "shop.sqlite"), { readonly: true });
    expect(sound.pragma("integrity_check", { simple: true })).toBe("ok");
    const copied = (sound.prepare("SELECT invoice_number FROM orders").all() as { invoice_number: string }[]).map((o) => o.invoice_number);
    sound.close();
    expect(copied).toContain(before);

    const again = await startServer({}, restored);
    servers.push(again);
    const member = new Visitor(again.url);
    expect((await member.logIn("AH100001", "demo1234")).status).toBe(302);
    const page = await member.get("/myaccount/orders");
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const invoice of copied) expect(html).toContain(invoice);
  }, 120_000);
});
