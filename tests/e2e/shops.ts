// The shops under test: one per Playwright project, each with its own ports, DATA_DIR and database,
// so that the two projects run side by side and never see each other's carts, orders or sessions.
// playwright.config.ts picks the ports, global-setup.ts starts the shops (and the PostgreSQL server),
// and fixtures.ts points a worker's BASE_URL, UPSTREAM_URL, DATA_DIR and DATABASE_URL at its
// project's shop.

/** The projects: every flow runs without JavaScript and with it. */
export const E2E_PROJECTS = ["no-js", "js"] as const;

/**
 * The database each project's shop runs on: every browser test runs once on SQLite (in DATA_DIR, the
 * default) and once on PostgreSQL (a database of its own on a server global-setup starts).
 */
export const E2E_DATABASES: Record<(typeof E2E_PROJECTS)[number], "sqlite" | "postgres"> = { "no-js": "sqlite", js: "postgres" };

/** A project's suffix in environment variables ("no-js" → "NO_JS"). */
const envKey = (project: string) => project.replace(/\W/g, "_").toUpperCase();

export const shopPortVariable = (project: string) => `E2E_PORT_${envKey(project)}`;
export const upstreamPortVariable = (project: string) => `E2E_UPSTREAM_PORT_${envKey(project)}`;
export const dataDirVariable = (project: string) => `E2E_DATA_DIR_${envKey(project)}`;
export const databaseUrlVariable = (project: string) => `E2E_DATABASE_URL_${envKey(project)}`;

/** Where a project's shop is (its DATA_DIR, and its DATABASE_URL on PostgreSQL, once global-setup has made them). */
export function shopOf(project: string) {
  const port = process.env[shopPortVariable(project)];
  const upstreamPort = process.env[upstreamPortVariable(project)];
  if (!port || !upstreamPort) throw new Error(`no ports for the project ${project}: run the tests through playwright.config.ts`);
  return {
    port,
    upstreamPort,
    baseUrl: `http://127.0.0.1:${port}`,
    upstreamUrl: `http://127.0.0.1:${upstreamPort}`,
    dataDir: process.env[dataDirVariable(project)],
    /** Unset: SQLite in dataDir. */
    databaseUrl: process.env[databaseUrlVariable(project)],
  };
}
