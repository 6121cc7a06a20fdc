import { pipeline } from "node:stream/promises";
import type { NextFunction, Request, Response, Router } from "express";
import type { z } from "zod";
import { routePath, type AnswerType, type Encoding, type Endpoint } from "../../contract/common";

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

/** The bytes of a binary answer, with the description its contract declares (fileAnswer). */
export type FileBody = Buffer | Uint8Array | NodeJS.ReadableStream;

/**
 * What a handler answers, typed by its endpoint: the JSON the contract's response schema accepts
 * (its input type, so numbers are numbers), or for a binary answer the file's description and
 * its bytes. A handler whose answer drifts from the contract does not compile.
 */
export type Answer<E> =
  E extends Endpoint<z.ZodTypeAny, infer Res, Encoding, "binary">
    ? FileReply<Res>
    : E extends Endpoint<z.ZodTypeAny, infer Res, Encoding, "json">
      ? z.input<Res>
      : never;

type FileReply<Res extends z.ZodTypeAny> = z.input<Res> & { body: FileBody };
type Handler<Req extends z.ZodTypeAny, Reply> = (body: z.infer<Req>, req: Request, res: Response) => Reply | Promise<Reply>;

/**
 * Registers a POST handler for a contract endpoint. The request body is validated with the
 * contract's request schema; a body that does not fit answers 422 'Validation fails.' with the
 * field errors. The handler returns the whole response body (or the file, for a binary answer),
 * typed against the contract's response schema.
 */
export function handle<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(
  router: Router,
  endpoint: Endpoint<Req, Res, Encoding, "binary">,
  handler: Handler<Req, FileReply<Res>>,
): void;
export function handle<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(
  router: Router,
  endpoint: Endpoint<Req, Res, Encoding, "json">,
  handler: Handler<Req, z.input<Res>>,
): void;
export function handle(router: Router, endpoint: Endpoint<z.ZodTypeAny, z.ZodTypeAny, Encoding, AnswerType>, handler: Handler<z.ZodTypeAny, unknown>) {
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
      const answer = await handler(parsed.data, req, res);
      if (res.headersSent) return;
      if (endpoint.answer === "binary") await sendFile(res, answer as FileReply<typeof endpoint.response>);
      else res.json(answer);
    } catch (error) {
      next(error);
    }
  });
}

/** A binary answer: its type, a download name, never cached, never sniffed. */
async function sendFile(res: Response, file: { contentType: string; fileName?: string; body: FileBody }) {
  res.setHeader("Content-Type", file.contentType);
  res.setHeader("Cache-Control", "private, no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (file.fileName) res.setHeader("Content-Disposition", `attachment; filename="${file.fileName.replace(/[^\w.-]/g, "_")}"`);
  if (file.body instanceof Uint8Array) {
    res.setHeader("Content-Length", String(file.body.byteLength));
    res.end(file.body);
    return;
  }
  await pipeline(file.body, res);
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
