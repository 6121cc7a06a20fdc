import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hmacSha256Hex } from "../../upstream/domain/payments";
import { freePort, removeTemplate, seededDataDir, SHOP_ROOT, startServer, stop, type Running } from "./harness";

/**
 * Issue 35, points 2 and 3, over HTTP against the built server (`npm run build` first): the offline
 * gateway is a demo's only, and the shop's port passes browsers only the few paths of the embedded
 * upstream they need. Each test's name starts with the point number.
 */

const servers: Running[] = [];
async function shop(env: Record<string, string> = {}) {
  const server = await startServer(env, await seededDataDir());
  servers.push(server);
  return server;
}

beforeAll(() => {
  if (!fs.existsSync(`${SHOP_ROOT}/build/server.js`)) throw new Error("No production build: run `npm run build` first.");
});

afterAll(async () => {
  await Promise.all(servers.map((s) => stop(s.child)));
  for (const s of servers) fs.rmSync(s.dataDir, { recursive: true, force: true });
  removeTemplate();
}, 30_000);

const RAZORPAY = {
  RAZORPAY_KEY_ID: "rzp_live_AbCdEf123456",
  RAZORPAY_KEY_SECRET: "a-key-secret-of-the-dashboard",
  RAZORPAY_WEBHOOK_SECRET: "a-webhook-secret",
};
const WEBHOOK = "/api/payments/razorpay-webhook";

/** A 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** A whole registration under AH100001 that the upstream accepts: text fields, the three documents, no CSRF token, no honeypot. */
function registrationForm(dataDir: string): FormData {
  const db = new Database(path.join(dataDir, "shop.sqlite"), { readonly: true });
  const ids = db
    .prepare(
      `SELECT (SELECT id FROM cities WHERE state_id = s.id ORDER BY id LIMIT 1) AS city, s.id AS state,
              (SELECT min(id) FROM relations) AS relation, (SELECT min(id) FROM id_proofs) AS proof
       FROM states s WHERE s.name = 'Uttarakhand'`,
    )
    .get() as { city: number; state: number; relation: number; proof: number };
  db.close();
  const form = new FormData();
  const fields: Record<string, string> = {
    sponsor_id: "AH100001",
    sponsor_name: "Ravi",
    side_id: "1",
    first_name: "Mallory",
    middle_name: "Eve",
    last_name: "Crosssite",
    email: `mallory.${Date.now()}.${Math.random().toString(36).slice(2)}@example.in`,
    mobile_no: "9876501234",
    phone_no: "9876501235",
    date_of_birth: "1992-03-04",
    password: "secret12",
    confirm_password: "secret12",
    gender: "1",
    state_id: String(ids.state),
    city_id: String(ids.city),
    pincode: "248001",
    address: "7 Clock Tower Road",
    nominee_name: "Arun Iyer",
    nominee_age: "40",
    relation_with_applicant: String(ids.relation),
    pan: "CDEFG2345H",
    id_proof_id: String(ids.proof),
    bank_name: "Canara Bank",
    account_type: "1",
    account_holder_name: "Mallory Crosssite",
    bank_account_number: "112233445566",
    branch_name_and_address: "Paltan Bazaar, Dehradun",
    bank_ifsc_no: "CNRB0001234",
    branch_city: "Dehradun",
    agreed: "on",
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const part of ["pan_card[]", "id_proof[]", "cancel_cheque"]) form.append(part, new Blob([new Uint8Array(PNG)], { type: "image/png" }), "doc.png");
  return form;
}

const memberCount = (dataDir: string) => {
  const db = new Database(path.join(dataDir, "shop.sqlite"), { readonly: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM members").get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe("issue 35, a demo shop (no Razorpay keys)", () => {
  let server: Running;
  beforeAll(async () => {
    server = await shop();
  }, 60_000);

  it("3 a cross-site multipart POST /admin-api/user-register through the shop's port answers 404 and registers no one", async () => {
    const before = memberCount(server.dataDir);
    const answer = await fetch(`${server.url}/admin-api/user-register`, {
      method: "POST",
      headers: { Origin: "https://evil.example", Referer: "https://evil.example/win-a-prize" },
      body: registrationForm(server.dataDir),
    });
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain("sponsor");
    expect(memberCount(server.dataDir)).toBe(before);
    // the same form, as the app posts it to the upstream's own server, does register: the 404 is the port's
    const direct = await fetch(`${server.upstreamUrl}/admin-api/user-register`, { method: "POST", body: registrationForm(server.dataDir) });
    expect(direct.status, await direct.text()).toBe(200);
    expect(memberCount(server.dataDir)).toBe(before + 1);
  });

  it("3 the upstream's JSON API and admin API answer 404 from outside, however the path is spelt", async () => {
    const attempts: [string, string][] = [
      ["POST", "/api/products"],
      ["GET", "/api/products"],
      ["POST", "/api/login"],
      ["POST", "/api/cart-lists"],
      ["POST", "/api/home-page"],
      ["POST", "/admin-api/update-profile"],
      ["GET", "/admin-api/user-register"],
      ["POST", "/API/login"],
      ["GET", "/api/files/../products"],
      ["GET", "/api/files/%2e%2e/products"],
      ["POST", "/api/files/x.svg"],
    ];
    for (const [method, pathname] of attempts) {
      const answer = await fetch(`${server.url}${pathname}`, {
        method,
        headers: method === "POST" ? { "Content-Type": "application/json", Origin: server.url } : {},
        body: method === "POST" ? JSON.stringify({ sponsor_id: "AH100001", password: "demo1234" }) : undefined,
      });
      expect(answer.status, `${method} ${pathname}`).toBe(404);
      expect(answer.headers.get("content-type") ?? "", `${method} ${pathname}`).not.toContain("json");
      await answer.body?.cancel();
    }
  });

  it("3 images still load through the shop's port, and the webhook path still reaches the upstream", async () => {
    const home = await (await fetch(server.url)).text();
    const image = /\/api\/files\/[^"'\s)?]+/.exec(home)?.[0];
    expect(image, "the home page shows an upstream image").toBeDefined();
    const answer = await fetch(`${server.url}${image}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^image\//);
    await answer.body?.cancel();
    // an unsigned webhook is the upstream's 400 (JSON), not the port's 404
    const webhook = await fetch(`${server.url}${WEBHOOK}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(webhook.status).toBe(400);
    expect(webhook.headers.get("content-type")).toContain("json");
    await webhook.body?.cancel();
  });

  it("2 a webhook signed with the secret the source used to hold is refused through the shop's port", async () => {
    const body = JSON.stringify({
      entity: "event",
      event: "payment.captured",
      contains: ["payment"],
      payload: {
        payment: {
          entity: { entity: "payment", id: "pay_NeverExisted0001", order_id: "order_Unknown00000001", amount: 100, currency: "INR", status: "captured" },
        },
      },
      created_at: 1,
    });
    const answer = await fetch(`${server.url}${WEBHOOK}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Razorpay-Signature": hmacSha256Hex(body, "offline-test-webhook-secret"),
        "X-Razorpay-Event-Id": "evt_old_secret",
      },
      body,
    });
    expect(answer.status).toBe(400);
    await answer.body?.cancel();
    // the demo's secrets are its own data directory's, owner-only
    for (const file of ["test-gateway-key-secret", "test-gateway-webhook-secret"]) {
      expect(fs.statSync(path.join(server.dataDir, file)).mode & 0o777).toBe(0o600);
    }
  });

  it("2 the offline gateway's script and pages work in a demo and say plainly that no money moves", async () => {
    const script = await fetch(`${server.url}/api/test-gateway/checkout.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain("no money moves");
    const hosted = await fetch(`${server.url}/api/test-gateway/hosted`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ key_id: "rzp_test_offline", order_id: "order_Unknown00000001", callback_url: server.url, cancel_url: server.url }),
    });
    // not a payment it can start: the gateway's own error page, which says it too
    expect(hosted.status).toBe(400);
    const html = await hosted.text();
    expect(html).toContain("<h1>Payment cannot start</h1>");
    expect(html).toContain("Test payment gateway: no money moves.");
  });
});

describe("issue 35, a live shop", () => {
  /** Starts the server expecting it to refuse; one that starts anyway is stopped and the test fails. */
  async function refusal(env: Record<string, string>) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-live-"));
    const child = spawn(process.execPath, [path.join(SHOP_ROOT, "build/server.js")], {
      cwd: SHOP_ROOT,
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(await freePort()), DATA_DIR: dataDir, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (d) => (stdout += d));
    child.stderr?.on("data", (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const started = new Promise<"started">((resolve) => {
      const timer = setInterval(() => {
        if (stdout.includes("shop listening on")) resolve("started");
      }, 100);
      void exited.then(() => clearInterval(timer));
    });
    try {
      const outcome = await Promise.race([exited, started]);
      if (outcome === "started") await stop(child);
      return { outcome, stderr };
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it("2 a server with an https SITE_URL, or SHOP_MODE=live, and no Razorpay keys refuses to start, naming the keys to set", async () => {
    for (const env of [{ SITE_URL: "https://shop.example.in" }, { SHOP_MODE: "live" }] as Record<string, string>[]) {
      const { outcome, stderr } = await refusal(env);
      expect(outcome, JSON.stringify(env)).not.toBe("started");
      expect(outcome, JSON.stringify(env)).not.toBe(0);
      for (const key of ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"]) expect(stderr, JSON.stringify(env)).toContain(key);
    }
  }, 60_000);

  it("2 3 with the keys it starts: no offline gateway from outside, images and the webhook as before", async () => {
    const server = await shop({ SITE_URL: "https://shop.example.in", ...RAZORPAY });
    for (const [method, pathname] of [
      ["GET", "/api/test-gateway/checkout.js"],
      ["POST", "/api/test-gateway/payments"],
      ["POST", "/api/test-gateway/hosted"],
    ]) {
      const answer = await fetch(`${server.url}${pathname}`, { method });
      expect(answer.status, pathname).toBe(404);
      await answer.body?.cancel();
    }
    const webhook = await fetch(`${server.url}${WEBHOOK}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(webhook.status).toBe(400);
    await webhook.body?.cancel();
    const image = await fetch(`${server.url}/api/files/products/${fs.readdirSync(path.join(server.dataDir, "files", "products"))[0]}`);
    expect(image.status).toBe(200);
    await image.body?.cancel();
  }, 60_000);
});
