import type { Request, RequestHandler, Response } from "express";
import { ipKeyGenerator, rateLimit } from "express-rate-limit";
import type { DB } from "../db/index";
import { DatabaseRateLimitStore } from "../services/rate-limit-store";
import { clientIp } from "./client-ip";

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/** What a refused caller reads, with when to try again ("Too many attempts. Please try again in 42 seconds."). */
function tooMany(what: string, retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait = seconds <= 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many ${what}. Please try again in ${wait}.`;
}

export interface LimitOptions {
  /** the limiter's own name (its counters are kept apart from the others') */
  name: string;
  limit: number;
  windowMs?: number;
  /** the plural the message names: "attempts", "reviews", "messages" */
  what?: string;
  /** count only refused requests (4xx/5xx answers): a member's own successful logins do not use up the limit */
  onlyFailures?: boolean;
  /** counted only when this answers true (after express.json, before the handler) */
  skip?: (req: Request) => boolean | Promise<boolean>;
  /** runs before the 429 is sent (e.g. reading away an upload body so the client hears the answer) */
  beforeAnswer?: (req: Request, res: Response) => Promise<unknown>;
}

/**
 * A fixed-window limiter of `limit` requests a window per key, counted in the database so that
 * every upstream process shares the count (services/rate-limit-store.ts). Over the limit: 429 `{ success: false, status: 429, message }` naming when to try
 * again, with a Retry-After header. A request for which `key` answers null is not counted.
 */
function limiter(db: DB, options: LimitOptions, key: (req: Request) => string | null): RequestHandler {
  const windowMs = options.windowMs ?? MINUTE_MS;
  return rateLimit({
    windowMs,
    limit: options.limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    identifier: options.name,
    store: new DatabaseRateLimitStore(db, options.name),
    skipSuccessfulRequests: options.onlyFailures ?? false,
    skip: async (req) => key(req) === null || ((await options.skip?.(req)) ?? false),
    keyGenerator: (req) => key(req) ?? "",
    handler: (req, res) => {
      const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const retryAfterMs = resetTime ? resetTime.getTime() - Date.now() : windowMs;
      const answer = () => res.status(429).json({ success: false, status: 429, message: tooMany(options.what ?? "attempts", retryAfterMs) });
      if (options.beforeAnswer) options.beforeAnswer(req, res).then(answer, answer);
      else answer();
    },
    // the address comes from clientIp (the app's forwarded address, or express's req.ip)
    validate: { xForwardedForHeader: false },
  });
}

/** Per client IP (see clientIp; IPv6 addresses count per /56 network). */
export function perIp(db: DB, options: LimitOptions): RequestHandler {
  return limiter(db, options, (req) => ipKeyGenerator(clientIp(req)));
}

/**
 * Per value of one field of the JSON body (express.json runs before these routes), trimmed and
 * lower-cased: the Sponsor ID of login, the e-mail of forgot-password, a review or a contact
 * message. No such field: not counted here (the body is refused with 422 anyway, and the per-IP
 * limit still counts it).
 */
export function perBodyField(db: DB, options: LimitOptions, field: string): RequestHandler {
  return limiter(db, options, (req) => {
    const value = (req.body as Record<string, unknown> | undefined)?.[field];
    if (typeof value !== "string" || !value.trim()) return null;
    return value.trim().toLowerCase().slice(0, 200);
  });
}
