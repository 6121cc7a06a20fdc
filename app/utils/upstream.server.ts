import { data, redirect } from "@remix-run/node";
import type { z } from "zod";
import { errorBody, fillPath, type Endpoint } from "#contract/common";
import { env } from "./env.server";
import { describeFailure, NETWORK_MESSAGE, TIMEOUT_MESSAGE, type Failure } from "./error-catalogue";
import { getGuestId } from "./guest.server";
import { logger } from "./logger.server";
import { destroySession, getSessionAuth } from "./session.server";
import { toastCookie } from "./toast.server";

export const UPSTREAM_TIMEOUT_MS = 5000;

/** A failed upstream call, already translated to what the visitor is told. */
export class UpstreamError extends Error implements Failure {
  readonly kind: Failure["kind"];
  constructor(
    failure: Failure,
    readonly status: number,
    readonly upstreamMessage: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(failure.message);
    this.kind = failure.kind;
  }
}

interface CallOptions<Req extends z.ZodTypeAny> {
  params?: Record<string, string | number>;
  body?: z.input<Req>;
  /** Which API: the public one (default) or the admin one (registration, profile update). */
  api?: "public" | "admin";
  /** Call without the visitor's token and guest id (shared catalogue data). */
  anonymous?: boolean;
  /** A guest id just created in this request (its cookie is not in the request yet). */
  guestId?: string;
}

/** POSTs the call; a network failure or a timeout is thrown as an UpstreamError. */
async function send<Req extends z.ZodTypeAny>(
  request: Request,
  endpoint: Endpoint<Req, z.ZodTypeAny>,
  options: CallOptions<Req>,
): Promise<{ response: Response; path: string; hadToken: boolean }> {
  const { token } = options.anonymous ? { token: null } : await getSessionAuth(request);
  const guestId = options.anonymous || token ? null : (options.guestId ?? (await getGuestId(request)));
  const base = options.api === "admin" ? env().adminApiUrl : env().apiUrl;
  const path = fillPath(endpoint.path, options.params);
  const body = { ...(options.body ?? {}), ...(guestId ? { guest_user_id: guestId } : {}) };
  const started = performance.now();

  let response: Response;
  try {
    response = await fetch(`${base}/${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        // set by server.ts from the connection (never from the browser): the upstream's rate limits key on it
        ...(request.headers.get("x-client-ip") ? { "X-Forwarded-For": request.headers.get("x-client-ip") as string } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    logger().warn({ path, err: String(error) }, "upstream call failed");
    const message = timedOut ? TIMEOUT_MESSAGE : NETWORK_MESSAGE;
    throw new UpstreamError(describeFailure({ message, hadToken: !!token }), timedOut ? 504 : 503, message);
  }
  logger().debug({ path, status: response.status, ms: Math.round(performance.now() - started) }, "upstream");
  return { response, path, hadToken: !!token };
}

/**
 * The one way the app talks to the upstream: POST JSON to API_URL + path, with the session's
 * bearer token and the guest id, a 5000 ms timeout, and the answer parsed with the contract.
 *
 * A session the upstream no longer accepts is ended here: the visitor is redirected to /login
 * (thrown, so every loader and action gets this for free). Every other failure is thrown as an
 * UpstreamError carrying the spec's message.
 */
export async function callUpstream<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(
  request: Request,
  endpoint: Endpoint<Req, Res>,
  options: CallOptions<Req> = {},
): Promise<z.output<Res>> {
  const { response, path, hadToken } = await send(request, endpoint, options);
  const json: unknown = await response.json().catch(() => null);
  await refuseFailure(request, response, json, path, hadToken);
  const parsed = endpoint.response.safeParse(json);
  if (!parsed.success) {
    logger().error({ path, issues: parsed.error.issues.slice(0, 5) }, "upstream answer does not fit the contract");
    throw new UpstreamError(describeFailure({ status: 502, hadToken }), 502, "contract mismatch");
  }
  return parsed.data;
}

/**
 * Like callUpstream, for a call that answers a file (a tax invoice's PDF) instead of JSON: same
 * token, guest id, timeout and failure mapping (a failure still answers JSON). The answer's body is
 * handed on as a stream, not read here.
 */
export async function callUpstreamFile<Req extends z.ZodTypeAny>(
  request: Request,
  endpoint: Endpoint<Req, z.ZodTypeAny>,
  options: CallOptions<Req> = {},
): Promise<{ body: ReadableStream<Uint8Array>; contentType: string; contentDisposition: string | null }> {
  const { response, path, hadToken } = await send(request, endpoint, options);
  const contentType = response.headers.get("Content-Type") ?? "application/octet-stream";
  if (!response.ok || contentType.startsWith("application/json") || !response.body) {
    const json: unknown = await response.json().catch(() => null);
    await refuseFailure(request, response, json, path, hadToken);
    throw new UpstreamError(describeFailure({ status: 502, hadToken }), 502, "not a file");
  }
  return { body: response.body, contentType, contentDisposition: response.headers.get("Content-Disposition") };
}

/** Throws the failure an answer carries (a refused status, or `success: false` in the body), if any. */
async function refuseFailure(request: Request, response: Response, json: unknown, path: string, hadToken: boolean): Promise<void> {
  const asError = errorBody.safeParse(json);
  const failedInBody =
    asError.success && (asError.data.success === false || (asError.data.status !== undefined && asError.data.status >= 400));
  if (!response.ok || failedInBody) {
    const message = asError.success ? asError.data.message : "";
    const status = asError.success && asError.data.status ? Number(asError.data.status) : response.status;
    logger().info({ path, status, message }, "upstream refused");
    const failure = describeFailure({ status, message, hadToken });
    if (failure.kind === "unauthenticated" || failure.kind === "expired") {
      throw await endSession(request, failure.message);
    }
    throw new UpstreamError(failure, status, message, asError.success ? asError.data.errors : undefined);
  }
}

/**
 * For loaders: like callUpstream, but a failure becomes the error page's response
 * (404 for a missing record, 503/504 when the upstream is down or slow, 502 otherwise).
 */
export async function loadUpstream<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(
  request: Request,
  endpoint: Endpoint<Req, Res>,
  options: CallOptions<Req> = {},
): Promise<z.output<Res>> {
  try {
    return await callUpstream(request, endpoint, options);
  } catch (error) {
    if (error instanceof UpstreamError) {
      const status =
        error.kind === "not-found" ? 404 : error.kind === "timeout" ? 504 : error.kind === "network" ? 503 : 502;
      throw data({ message: error.message }, { status });
    }
    throw error;
  }
}

/** Ends the session and sends the visitor to /login, back to where they were afterwards. */
async function endSession(request: Request, message: string) {
  const url = new URL(request.url);
  const referer = request.headers.get("Referer");
  let back = url.pathname + url.search;
  if (request.method !== "GET") {
    const ref = referer ? new URL(referer, url) : null;
    back = ref && ref.origin === url.origin ? ref.pathname + ref.search : "/";
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request));
  headers.append("Set-Cookie", await toastCookie({ type: "error", message }));
  return redirect(`/login?redirectTo=${encodeURIComponent(back)}`, { headers });
}
