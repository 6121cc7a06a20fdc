import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrations } from "./index";

const provider = { getMigrations: async () => migrations };

describe("migrations", () => {
  it("keep the names existing databases recorded, in order", () => {
    expect(Object.keys(migrations).slice(0, 3)).toEqual(["001_catalogue_members_carts", "002_addresses", "003_password_resets_login_lookups"]);
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    for (const name of names) expect(name).toMatch(/^\d{3}_[a-z0-9_]+$/);
  });

  it("bring a database made before orders up to date: its branches get their state from their address", async () => {
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
    const migrator = new Migrator({ db, provider });
    const before = await migrator.migrateTo("003_password_resets_login_lookups");
    expect(before.error).toBeUndefined();
    await db
      .insertInto("states")
      .values([
        { name: "Uttarakhand", gst_code: "05" },
        { name: "Delhi", gst_code: "07" },
        { name: "Pradesh", gst_code: "99" },
        { name: "Uttar Pradesh", gst_code: "09" },
      ])
      .execute();
    await db
      .insertInto("branches")
      .values([
        { branch_name: "Haridwar Head Office", address: "Plot 42, SIDCUL, Haridwar, Uttarakhand 249403" },
        { branch_name: "Karol Bagh", address: "14/2 Ajmal Khan Road, New Delhi, Delhi 110005" },
        { branch_name: "Lucknow", address: "2/115 Vibhuti Khand, Lucknow, Uttar Pradesh 226010" },
      ])
      .execute();

    const after = await migrator.migrateToLatest();
    expect(after.error).toBeUndefined();
    const branches = await sql<{ branch_name: string; state: string }>`
      SELECT b.branch_name, s.name AS state FROM branches b JOIN states s ON s.id = b.state_id ORDER BY b.id`.execute(db);
    expect(branches.rows.map((r) => r.state)).toEqual(["Uttarakhand", "Delhi", "Uttar Pradesh"]);
    await db.destroy();
  });

  it("refuse stock below zero, except for a value that was already there", async () => {
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
    expect((await new Migrator({ db, provider }).migrateToLatest()).error).toBeUndefined();
    await db.insertInto("categories").values({ slug: "c", name: "C", image: "c.svg" }).execute();
    await db
      .insertInto("products")
      .values({
        slug: "p",
        category_id: 1,
        title: "P",
        name: "P",
        price_paise: 100,
        gst_percent: 5,
        available_unit: 1,
        hsn_no: "3004",
        created_at: "2025-01-01",
      })
      .execute();
    await expect(sql`UPDATE products SET available_unit = available_unit - 2`.execute(db)).rejects.toThrow(/below zero/);
    await sql`UPDATE products SET available_unit = available_unit - 1`.execute(db);
    expect((await db.selectFrom("products").select("available_unit").executeTakeFirstOrThrow()).available_unit).toBe(0);
    await db.destroy();
  });

  it("record a provider's payment id once in the whole shop, a webhook event once, and keep pickup payments (no id) apart", async () => {
    // the payments alone: their orders do not matter here
    const sqlite = new SQLite(":memory:");
    sqlite.pragma("foreign_keys = OFF");
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
    expect((await new Migrator({ db, provider }).migrateToLatest()).error).toBeUndefined();
    const payment = (orderId: number, paymentId: string) => ({
      order_id: orderId,
      payment_method_id: paymentId ? 1 : 2,
      amount_paise: 100,
      paid_status: paymentId ? 1 : 0,
      payment_id: paymentId,
      created_at: "2026-01-01",
    });
    await db
      .insertInto("payments")
      .values([payment(1, ""), payment(2, ""), payment(1, "pay_A")])
      .execute();
    await expect(db.insertInto("payments").values(payment(2, "pay_A")).execute()).rejects.toThrow(/UNIQUE/);
    await db.insertInto("webhook_events").values({ event_id: "evt_1", event: "payment.captured", received_at: "2026-01-01" }).execute();
    await expect(db.insertInto("webhook_events").values({ event_id: "evt_1", event: "payment.captured", received_at: "2026-01-01" }).execute()).rejects.toThrow(
      /UNIQUE/,
    );
    await db.destroy();
  });

  it("give a demo database seeded before the Hindi texts its demo products' Hindi texts, and leave an edited product alone", async () => {
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
    const migrator = new Migrator({ db, provider });
    expect((await migrator.migrateTo("501_complaints")).error).toBeUndefined();
    await db.insertInto("categories").values({ slug: "immunity-boosters", name: "Immunity Boosters", image: "c.svg" }).execute();
    const product = (slug: string, title: string) => ({
      slug,
      category_id: 1,
      title,
      name: title,
      price_paise: 100,
      gst_percent: 5,
      available_unit: 1,
      hsn_no: "3004",
      created_at: "2025-01-01",
    });
    await db
      .insertInto("products")
      .values([product("ashwagandha-capsules-60", "Ashwagandha Capsules 60 Caps"), product("giloy-ghan-vati-60", "Giloy Tablets (our own)")])
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db.selectFrom("products").select(["slug", "title_hi", "long_description_hi"]).orderBy("id").execute();
    expect(rows[0].title_hi).toBe("अश्वगंधा कैप्सूल 60 कैप्सूल");
    expect(rows[0].long_description_hi).toContain("<strong>रसायन</strong>");
    expect(rows[1].title_hi).toBeNull();
    expect((await db.selectFrom("categories").select("name_hi").executeTakeFirstOrThrow()).name_hi).toBe("रोग प्रतिरोधक क्षमता");
    await db.destroy();
  });
});
