import { data, redirect } from "@remix-run/node";
import type { z } from "zod";
import { errorBody, fillPath, type AnswerType, type Encoding, type Endpoint } from "#contract/common";
import { env, upstreamCallerProof } from "./env.server";
import { describeFailure, NETWORK_MESSAGE, TIMEOUT_MESSAGE, type Failure } from "./error-catalogue";
import { getGuestId } from "./guest.server";
import { logger } from "./logger.server";
import { multipartBody } from "./multipart.server";
import { destroySession, getSessionAuth } from "./session.server";
import { toastCookie } from "./toast.server";
import { postToUpstream, type UpstreamAnswer } from "./upstream-transport.server";
import { routerPath } from "~/i18n/lang";

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
  /**
   * Call as the shop itself, without the visitor's token and guest id but still naming the
   * visitor's address (rate limits): the payment gateway's callback, which the upstream
   * authenticates by the payment's signature alone, whoever's cookies came with it.
   */
  sessionless?: boolean;
  /** A guest id just created in this request (its cookie is not in the request yet). */
  guestId?: string;
}

/** A binary answer (a PDF, an image): its checked description and the bytes, not yet read. */
export type UpstreamFile<Res extends z.ZodTypeAny> = z.output<Res> & {
  body: ReadableStream<Uint8Array>;
  /** Content-Length, when the upstream sent one. */
  size?: number;
};

type AnyEndpoint = Endpoint<z.ZodTypeAny, z.ZodTypeAny, Encoding, AnswerType>;

/**
 * The one way the app talks to the upstream: POST to API_URL + path, with the session's bearer
 * token and the guest id, a 5000 ms timeout for the answer, and the answer parsed with the
 * contract. The body is JSON, or multipart/form-data for a multipart endpoint (files are streamed
 * from where they lie, never read into memory). A binary endpoint's answer comes back as a stream
 * with its description (UpstreamFile); the timeout covers its headers, not the download.
 *
 * A session the upstream no longer accepts is ended here: the visitor is redirected to /login
 * (thrown, so every loader and action gets this for free). Every other failure is thrown as an
 * UpstreamError carrying the spec's message.
 */
export function callUpstream<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(
  request: Request,
  endpoint: Endpoint<Req, Res, Encoding, "binary">,
  options?: CallOptions<Req>,
): Promise<UpstreamFile<Res>>;
export function callUpstream<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(
  request: Request,
  endpoint: Endpoint<Req, Res, Encoding, "json">,
  options?: CallOptions<Req>,
): Promise<z.output<Res>>;
export async function callUpstream(request: Request, endpoint: AnyEndpoint, options: CallOptions<z.ZodTypeAny> = {}): Promise<unknown> {
  const { token } = options.anonymous || options.sessionless ? { token: null } : await getSessionAuth(request);
  const guestId = options.anonymous || options.sessionless || token ? null : (options.guestId ?? (await getGuestId(request)));
  const base = options.api === "admin" ? env().adminApiUrl : env().apiUrl;
  const path = fillPath(endpoint.path, options.params);
  const body: Record<string, unknown> = { ...(options.body ?? {}), ...(guestId ? { guest_user_id: guestId } : {}) };
  const encoded =
    endpoint.encoding === "multipart"
      ? multipartBody(body)
      : { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } as Record<string, string> };
  const started = performance.now();
  // set by server.ts from the connection (never from the browser): the upstream's rate limits key
  // on it. A shared (anonymous) call carries nothing of the visitor who happened to cause it.
  const clientIp = options.anonymous ? null : request.headers.get("x-client-ip");
  // the 5000 ms are for the answer (its headers, and a JSON body), not for a file's download
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new DOMException(TIMEOUT_MESSAGE, "TimeoutError")), UPSTREAM_TIMEOUT_MS);

  const url = `${base}/${path}`;
  const headers: Record<string, string> = {
    ...encoded.headers,
    Accept: endpoint.answer === "binary" ? "*/*" : "application/json",
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...(clientIp ? { "X-Forwarded-For": clientIp } : {}),
    // the embedded upstream believes X-Forwarded-For only from the app (upstream/http/client-ip.ts)
    ...(clientIp && env().embeddedUpstream ? { "X-Shop-Caller": upstreamCallerProof() } : {}),
  };

  try {
    // a JSON call (nearly every one: each page makes one or two) goes over node:http; an upload's
    // streamed body and a file's streamed answer need fetch's web streams
    let fetched: Response | null = null;
    let response: UpstreamAnswer;
    try {
      if (typeof encoded.body === "string" && endpoint.answer !== "binary") {
        response = await postToUpstream(url, headers, encoded.body, timeout.signal);
      } else {
        fetched = await fetch(url, {
          method: "POST",
          headers,
          body: encoded.body,
          // a streamed (multipart) body is sent as it is read
          ...(typeof encoded.body === "string" ? {} : { duplex: "half" }),
          signal: timeout.signal,
        } as RequestInit);
        response = answerOfFetch(fetched);
      }
    } catch (error) {
      const timedOut = (error instanceof DOMException && error.name === "TimeoutError") || timeout.signal.aborted;
      logger().warn({ path, err: String(error) }, "upstream call failed");
      const message = timedOut ? TIMEOUT_MESSAGE : NETWORK_MESSAGE;
      throw new UpstreamError(describeFailure({ message, hadToken: !!token }), timedOut ? 504 : 503, message);
    }

    const isJson = /\bjson\b/i.test(response.header("Content-Type") ?? "");
    if (endpoint.answer === "binary" && response.ok && !isJson && fetched) {
      clearTimeout(timer);
      logger().debug({ path, status: response.status, ms: Math.round(performance.now() - started) }, "upstream file");
      return fileOf(endpoint, fetched, path, !!token);
    }

    const json: unknown = await response
      .text()
      .then((text) => JSON.parse(text) as unknown)
      .catch(() => null);
    logger().debug({ path, status: response.status, ms: Math.round(performance.now() - started) }, "upstream");
    // an answer that says success: true can never fit errorBody (success: false or none): no failed parse to build per call
    const saysSuccess = response.ok && (json as { success?: unknown } | null)?.success === true;
    const asError = saysSuccess ? { success: false as const } : errorBody.safeParse(json);
    const failedInBody = asError.success && (asError.data.success === false || (asError.data.status !== undefined && asError.data.status >= 400));
    if (!response.ok || failedInBody) {
      const message = asError.success ? asError.data.message : "";
      const status = asError.success && asError.data.status ? Number(asError.data.status) : response.status;
      logger().info({ path, status, message }, "upstream refused");
      const failure = describeFailure({ status, message, hadToken: !!token });
      if (failure.kind === "unauthenticated" || failure.kind === "expired") {
        throw await endSession(request, failure.message);
      }
      throw new UpstreamError(failure, status, message, asError.success ? asError.data.errors : undefined);
    }

    const parsed = endpoint.answer === "binary" ? null : endpoint.response.safeParse(json);
    if (!parsed?.success) {
      logger().error({ path, issues: parsed?.error.issues.slice(0, 5) ?? "JSON where a file was expected" }, "upstream answer does not fit the contract");
      throw new UpstreamError(describeFailure({ status: 502, hadToken: !!token }), 502, "contract mismatch");
    }
    return parsed.data;
  } finally {
    clearTimeout(timer);
  }
}

/** A fetch Response read the way callUpstream reads a node:http answer. */
function answerOfFetch(response: Response): UpstreamAnswer {
  return { status: response.status, ok: response.ok, header: (name) => response.headers.get(name), text: () => response.text() };
}

/** A binary answer: its type and name checked against the endpoint's description, the bytes untouched. */
function fileOf(endpoint: AnyEndpoint, response: Response, path: string, hadToken: boolean) {
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  const described = endpoint.response.safeParse({ contentType: response.headers.get("Content-Type") ?? "", fileName });
  if (!described.success || !response.body) {
    void response.body?.cancel();
    logger().error({ path, contentType: response.headers.get("Content-Type") }, "upstream file does not fit the contract");
    throw new UpstreamError(describeFailure({ status: 502, hadToken }), 502, "contract mismatch");
  }
  const length = Number(response.headers.get("Content-Length"));
  return { ...described.data, body: response.body, ...(Number.isFinite(length) && length > 0 ? { size: length } : {}) };
}

/**
 * For loaders: like callUpstream, but a failure becomes the error page's response
 * (404 for a missing record, 503/504 when the upstream is down or slow, 502 otherwise).
 */
export function loadUpstream<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(
  request: Request,
  endpoint: Endpoint<Req, Res, Encoding, "binary">,
  options?: CallOptions<Req>,
): Promise<UpstreamFile<Res>>;
export function loadUpstream<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(
  request: Request,
  endpoint: Endpoint<Req, Res, Encoding, "json">,
  options?: CallOptions<Req>,
): Promise<z.output<Res>>;
export async function loadUpstream(request: Request, endpoint: AnyEndpoint, options: CallOptions<z.ZodTypeAny> = {}): Promise<unknown> {
  try {
    return await callUpstream(request, endpoint as Endpoint<z.ZodTypeAny, z.ZodTypeAny, Encoding, "json">, options);
  } catch (error) {
    if (error instanceof UpstreamError) {
      throw upstreamErrorPage(error);
    }
    throw error;
  }
}

/** The upstream failure behind each error page loadUpstream threw, so no caller reads Remix's internals. */
const thrownFor = new WeakMap<object, UpstreamError>();

/** The error page (thrown as Remix's `data`) for an upstream failure: 404, 504, 503 or 502, with the catalogue's words. */
export function upstreamErrorPage(error: UpstreamError) {
  const status = error.kind === "not-found" ? 404 : error.kind === "timeout" ? 504 : error.kind === "network" ? 503 : 502;
  const page = data({ message: error.message }, { status });
  thrownFor.set(page, error);
  return page;
}

/** The upstream failure an error stands for: an UpstreamError, or the error page loadUpstream threw for one; else null. */
export function upstreamFailureOf(error: unknown): UpstreamError | null {
  if (error instanceof UpstreamError) return error;
  return typeof error === "object" && error !== null ? (thrownFor.get(error) ?? null) : null;
}

/** The upstream said the thing asked for is not there (callUpstream's error or loadUpstream's 404 page). */
export const isUpstreamNotFound = (error: unknown): boolean => upstreamFailureOf(error)?.kind === "not-found";

/** Ends the session and sends the visitor to /login, back to where they were afterwards. */
async function endSession(request: Request, message: string) {
  const url = new URL(request.url);
  const referer = request.headers.get("Referer");
  // router paths (without /hi): the redirect stays in the page's language by itself
  let back = routerPath(url.pathname) + url.search;
  if (request.method !== "GET") {
    const ref = referer ? new URL(referer, url) : null;
    back = ref && ref.origin === url.origin ? routerPath(ref.pathname) + ref.search : "/";
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request));
  headers.append("Set-Cookie", await toastCookie({ type: "error", message }));
  return redirect(`/login?redirectTo=${encodeURIComponent(back)}`, { headers });
}
