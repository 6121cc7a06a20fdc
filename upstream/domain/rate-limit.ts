import type { Request, RequestHandler, Response } from "express";
import { ipKeyGenerator, rateLimit } from "express-rate-limit";
import { clientIp } from "./client-ip";

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please try again in a minute.";
const WINDOW_MS = 60_000;

/**
 * A fixed-window limiter of `limit` requests a minute per key (in memory: the embedded upstream is
 * one process). Over the limit: 429 `{ success: false, status: 429, message }` (TOO_MANY_ATTEMPTS unless options say)
 * with a Retry-After header. A request for which `key` answers null is not counted.
 */
function limiter(
  name: string,
  limit: number,
  key: (req: Request) => string | null,
  options: LimiterOptions = {},
): RequestHandler {
  const message = options.message ?? TOO_MANY_ATTEMPTS;
  return rateLimit({
    windowMs: options.windowMs ?? WINDOW_MS,
    limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    identifier: name,
    skip: (req) => key(req) === null,
    keyGenerator: (req) => key(req) ?? "",
    handler: (req, res) => {
      const answer = () => res.status(429).json({ success: false, status: 429, message });
      if (options.beforeAnswer) options.beforeAnswer(req, res).then(answer, answer);
      else answer();
    },
    // X-Forwarded-For is read on purpose (see clientIp), whatever the app's `trust proxy` is
    validate: { xForwardedForHeader: false },
  });
}

export interface LimiterOptions {
  /** The window the limit counts in. Default one minute. */
  windowMs?: number;
  /** The 429 answer's message. Default TOO_MANY_ATTEMPTS. */
  message?: string;
  /** Runs before the 429 is sent (e.g. reading away an upload the client is still sending). */
  beforeAnswer?: (req: Request, res: Response) => Promise<void>;
}

/** Per client IP (see clientIp; IPv6 addresses count per /56 network). */
export function perIp(name: string, limit: number, options?: LimiterOptions): RequestHandler {
  return limiter(name, limit, (req) => ipKeyGenerator(clientIp(req)), options);
}

/**
 * Per value of one field of the JSON body (express.json runs before these routes), trimmed and
 * lower-cased: the Sponsor ID of login, the e-mail of forgot-password. No such field: not counted
 * here (the body is refused with 422 anyway, and the per-IP limit still counts it).
 */
export function perBodyField(name: string, limit: number, field: string): RequestHandler {
  return limiter(name, limit, (req) => {
    const value = (req.body as Record<string, unknown> | undefined)?.[field];
    if (typeof value !== "string" || !value.trim()) return null;
    return value.trim().toLowerCase().slice(0, 200);
  });
}
