// vitest's globalSetup of the contract-postgres project: one PostgreSQL server for all its suites
// (each upstream gets a database of its own on it, tests/contract/harness.ts), stopped by PID at the end.
import type { TestProject } from "vitest/node";
import { startPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** The superuser's URL of the contract-postgres project's server. */
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPostgres({ fast: true });
  project.provide("postgresAdminUrl", server.adminUrl);
  return () => server.stop();
}
