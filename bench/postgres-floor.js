// The databases' own floor under checkout placement (issue 37, target 1): `npm run bench:postgres`
// compares our upstream's checkout on PostgreSQL with SQLite; this compares the two databases
// alone, with no upstream code, on the transaction shape every placement has: 20 buyers at once,
// each taking the same product's stock row and the year's invoice-counter row, writing an order,
// and committing durably. SQLite as the upstream runs it (one connection, one write transaction
// at a time, queued in the event loop, synchronous = FULL); PostgreSQL as the upstream runs it (a
// pool of 10, read committed, synchronous_commit on, one round trip a statement).
//   npm run bench:postgres-floor        (BENCH_POSTGRES_ROUNDS, default 40)
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import pg from "pg";
import { startPostgres } from "../tests/support/postgres.ts";

const BUYERS = 20;
const ROUNDS = Number(process.env.BENCH_POSTGRES_ROUNDS) || 40;
const POOL = 10;

const SCHEMA = [
  "CREATE TABLE products (id INTEGER PRIMARY KEY, available_unit INTEGER NOT NULL)",
  "CREATE TABLE invoice_counters (financial_year TEXT PRIMARY KEY, last_number INTEGER NOT NULL)",
  "CREATE TABLE orders (id SERIAL PRIMARY KEY, member_id INTEGER NOT NULL, invoice_number TEXT NOT NULL UNIQUE, total_paise INTEGER NOT NULL, created_at TEXT NOT NULL)",
];

const summary = (latencies) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { count: sorted.length, p50: at(0.5), p99: at(0.99) };
};

/** BUYERS buyers, each placing ROUNDS orders one after another; `place(buyer)` resolves when committed. */
async function buyers(place) {
  const latencies = [];
  await Promise.all(
    Array.from({ length: BUYERS }, async (_, buyer) => {
      for (let round = 0; round < ROUNDS; round++) {
        const started = performance.now();
        await place(buyer);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return summary(latencies);
}

async function sqlite(dir) {
  const db = new Database(path.join(dir, "floor.sqlite"));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  for (const statement of SCHEMA) db.exec(statement.replace("SERIAL", "INTEGER"));
  db.prepare("INSERT INTO products (id, available_unit) VALUES (1, 1000000)").run();
  const take = db.prepare("UPDATE products SET available_unit = available_unit - 1 WHERE id = 1 AND available_unit >= 1 RETURNING available_unit");
  const next = db.prepare(
    "INSERT INTO invoice_counters (financial_year, last_number) VALUES ('2026-27', 1) ON CONFLICT (financial_year) DO UPDATE SET last_number = last_number + 1 RETURNING last_number",
  );
  const order = db.prepare("INSERT INTO orders (member_id, invoice_number, total_paise, created_at) VALUES (?, ?, ?, ?) RETURNING id");
  const placeNow = db.transaction((buyer) => {
    if (!take.get()) throw new Error("out of stock");
    const { last_number } = next.get();
    return order.get(buyer, `AH/2026-27/${last_number}`, 49900, new Date().toISOString());
  });
  // the upstream's event loop: one transaction a turn, in the order asked
  const queue = [];
  let running = false;
  const drain = () => {
    running = true;
    setImmediate(() => {
      const job = queue.shift();
      try {
        job.resolve(placeNow.immediate(job.buyer));
      } catch (error) {
        job.reject(error);
      }
      if (queue.length) drain();
      else running = false;
    });
  };
  try {
    return await buyers(
      (buyer) =>
        new Promise((resolve, reject) => {
          queue.push({ buyer, resolve, reject });
          if (!running) drain();
        }),
    );
  } finally {
    db.close();
  }
}

/** A fresh schema on `url` and a pool of POOL; the buyers place with `place(pool, buyer)`. */
async function onPostgres(url, place) {
  const pool = new pg.Pool({ connectionString: url, max: POOL });
  try {
    for (const statement of SCHEMA) await pool.query(statement);
    await pool.query("INSERT INTO products (id, available_unit) VALUES (1, 1000000)");
    return await buyers((buyer) => place(pool, buyer));
  } finally {
    await pool.end();
  }
}

/** As the upstream places: a transaction, a statement a round trip. */
const postgres = (url) =>
  onPostgres(url, async (pool, buyer) => {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const taken = await client.query("UPDATE products SET available_unit = available_unit - 1 WHERE id = 1 AND available_unit >= 1 RETURNING available_unit");
      if (taken.rowCount !== 1) throw new Error("out of stock");
      const counter = await client.query(
        "INSERT INTO invoice_counters (financial_year, last_number) VALUES ('2026-27', 1) ON CONFLICT (financial_year) DO UPDATE SET last_number = invoice_counters.last_number + 1 RETURNING last_number",
      );
      await client.query("INSERT INTO orders (member_id, invoice_number, total_paise, created_at) VALUES ($1, $2, $3, $4) RETURNING id", [
        buyer,
        `AH/2026-27/${counter.rows[0].last_number}`,
        49900,
        new Date().toISOString(),
      ]);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    } finally {
      client.release();
    }
  });

/** The least PostgreSQL can do: stock, counter and order in one statement, its own transaction (one round trip, commit included). */
const postgresOneStatement = (url) =>
  onPostgres(url, async (pool, buyer) => {
    const placed = await pool.query(
      `WITH taken AS (UPDATE products SET available_unit = available_unit - 1 WHERE id = 1 AND available_unit >= 1 RETURNING id),
              counter AS (INSERT INTO invoice_counters (financial_year, last_number) SELECT '2026-27', 1 FROM taken
                          ON CONFLICT (financial_year) DO UPDATE SET last_number = invoice_counters.last_number + 1 RETURNING last_number)
         INSERT INTO orders (member_id, invoice_number, total_paise, created_at)
         SELECT $1, 'AH/2026-27/' || last_number, 49900, $2 FROM counter RETURNING id`,
      [buyer, new Date().toISOString()],
    );
    if (placed.rowCount !== 1) throw new Error("out of stock");
  });

/**
 * One round of each, on `server` (tests/support/postgres.ts) and a SQLite file under `dir`: p50/p99
 * of SQLite, of PostgreSQL a statement a round trip, and of PostgreSQL in one statement.
 */
export async function measureFloor(server, dir) {
  const lite = await sqlite(fs.mkdtempSync(path.join(dir, "floor-")));
  const post = await postgres(await server.createDatabase());
  const one = await postgresOneStatement(await server.createDatabase());
  return { sqlite: lite, postgres: post, one };
}

export const describeFloor = ({ sqlite: lite, postgres: post, one }) =>
  `SQLite p50 ${lite.p50.toFixed(1)} p99 ${lite.p99.toFixed(1)} ms | PostgreSQL p50 ${post.p50.toFixed(1)} p99 ${post.p99.toFixed(1)} ms (${(post.p99 / lite.p99).toFixed(2)}×) | PostgreSQL, one statement p50 ${one.p50.toFixed(1)} p99 ${one.p99.toFixed(1)} ms (${(one.p99 / lite.p99).toFixed(2)}×)`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-floor-"));
  const server = await startPostgres();
  const load = os.loadavg()[0];
  const results = [];
  try {
    // three rounds: the machine is shared
    for (let round = 0; round < 3; round++) {
      const floor = await measureFloor(server, dir);
      results.push({ ratio: floor.postgres.p99 / floor.sqlite.p99, oneRatio: floor.one.p99 / floor.sqlite.p99 });
      console.log(`round ${round + 1}: ${describeFloor(floor)}`);
    }
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const median = (key) => results.map((r) => r[key]).sort((a, b) => a - b)[1];
  console.log(
    `databases alone, ${BUYERS} buyers × ${ROUNDS} orders on one stock row and one counter row: PostgreSQL p99 ÷ SQLite p99, median of 3 rounds: ${median("ratio").toFixed(2)}× a statement a round trip, ${median("oneRatio").toFixed(2)}× in one statement (load ${load.toFixed(1)} → ${os.loadavg()[0].toFixed(1)})`,
  );
}
