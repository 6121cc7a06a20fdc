import type { NextFunction, Request, Response, Router } from "express";
import type { z } from "zod";
import { routePath, type Endpoint } from "../contract/common";

/** A failure the upstream answers with `{ success: false, status, message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ApiError(404, `${what} not found.`);

type Handler<Req extends z.ZodTypeAny> = (
  body: z.infer<Req>,
  req: Request,
  res: Response,
) => unknown | Promise<unknown>;

/**
 * Registers a POST handler for a contract endpoint. The request body is validated with the
 * contract's request schema; a body that does not fit answers 422 'Validation fails.' with the
 * field errors. The handler returns the whole response body.
 */
export function handle<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(
  router: Router,
  endpoint: Endpoint<Req, Res>,
  handler: Handler<Req>,
) {
  router.post(routePath(endpoint.path), async (req: Request, res: Response, next: NextFunction) => {
    try {
      const parsed = endpoint.request.safeParse(req.body ?? {});
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) {
          const key = issue.path.join(".") || "body";
          (errors[key] ??= []).push(issue.message);
        }
        throw new ApiError(422, "Validation fails.", errors);
      }
      const body = await handler(parsed.data, req, res);
      if (!res.headersSent) res.json(body);
    } catch (error) {
      next(error);
    }
  });
}

export function ok<T>(data: T, message?: string) {
  return message === undefined ? { success: true, status: 200, data } : { success: true, status: 200, message, data };
}

export function errorHandler(error: unknown, _req: Request, res: Response, _next: NextFunction) {
  if (error instanceof ApiError) {
    res.status(error.status).json({
      success: false,
      status: error.status,
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
    });
    return;
  }
  const status = (error as { status?: number; type?: string }).status;
  if (status && status >= 400 && status < 500) {
    // body-parser: malformed JSON, too large
    res.status(status).json({ success: false, status, message: "Validation fails." });
    return;
  }
  console.error("upstream: unexpected error", error);
  res.status(500).json({ success: false, status: 500, message: "Server Error" });
}
