import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import type { z } from "zod";
import { fillPath, type Endpoint } from "../../contract/common";
import { createUpstream, type Upstream, type UpstreamOptions } from "../../upstream/index";

export interface UpstreamUnderTest {
  baseUrl: string;
  /** The admin API (registration), mounted as server.ts mounts it. */
  adminUrl: string;
  dataDir: string;
  call: <Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(
    endpoint: Endpoint<Req, Res>,
    options?: { params?: Record<string, string | number>; body?: unknown; token?: string; headers?: Record<string, string> },
  ) => Promise<{ status: number; json: any; headers: Headers }>;
  stop: () => Promise<void>;
}

/**
 * The embedded upstream on a fresh DATA_DIR, over real HTTP on a loopback port. `overrides` change
 * its options (e.g. a short `tokenTtlSeconds`, a higher `rateLimitPerMinute`).
 */
export async function startUpstream(overrides: Partial<Omit<UpstreamOptions, "dataDir">> = {}): Promise<UpstreamUnderTest> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-contract-"));
  const upstream: Upstream = await createUpstream({
    dataDir,
    filesUrl: "/api/files",
    siteUrl: "http://localhost:3000",
    sellerState: "Uttarakhand",
    ...overrides,
  });
  const app = express();
  app.use("/api", upstream.api);
  app.use("/admin-api", upstream.admin);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const baseUrl = `${origin}/api`;
  return {
    baseUrl,
    adminUrl: `${origin}/admin-api`,
    dataDir,
    async call(endpoint, options = {}) {
      const response = await fetch(`${baseUrl}/${fillPath(endpoint.path, options.params)}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        body: JSON.stringify(options.body ?? {}),
      });
      return { status: response.status, json: await response.json(), headers: response.headers };
    },
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await upstream.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The embedded upstream emits the contract exactly: numbers as JSON numbers, never strings.
 * (The app's schemas accept numeric strings from the brand's API; ours must not send them.)
 */
export function numericFieldsAreNumbers(value: unknown, names: string[], where = "body"): string[] {
  const problems: string[] = [];
  if (Array.isArray(value)) value.forEach((v, i) => problems.push(...numericFieldsAreNumbers(v, names, `${where}[${i}]`)));
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (names.includes(key) && typeof v !== "number") problems.push(`${where}.${key} is ${typeof v}`);
      problems.push(...numericFieldsAreNumbers(v, names, `${where}.${key}`));
    }
  }
  return problems;
}
