import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import type { z } from "zod";
import { fillPath, type Endpoint } from "../../contract/common";
import { createUpstream, type Upstream, type UpstreamOptions } from "../../upstream/index";

/** The proof the harness's upstream expects from "the app" (see upstream/domain/client-ip.ts). */
export const CALLER_PROOF = "contract-test-caller-proof";
/** Headers of a call made by the app for a shopper at `ip`: the forwarded address and the app's proof. */
export const fromShopper = (ip: string) => ({ "X-Forwarded-For": ip, "X-Shop-Caller": CALLER_PROOF });

export interface UpstreamUnderTest {
  baseUrl: string;
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
    callerProof: CALLER_PROOF,
    // every call here comes from one address: the hourly and guest-id limits have their own tests
    // (limits.test.ts) and would otherwise trip across the suites
    reviewLimitPerIpPerHour: 10_000,
    reviewLimitPerEmailPerHour: 10_000,
    contactLimitPerIpPerHour: 10_000,
    contactLimitPerEmailPerHour: 10_000,
    unknownGuestIdLimitPerMinute: 10_000,
    ...overrides,
  });
  const app = express();
  app.use("/api", upstream.api);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return {
    baseUrl,
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
