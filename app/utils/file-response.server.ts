import { UpstreamError } from "./upstream.server";

/** Types a browser may show in the page (never HTML, SVG or XML, which run script): the rest download. */
const SHOWN_INLINE = new Set(["application/pdf", "image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp"]);

/** "Invoice 12/2026 (copy).pdf" → "Invoice_12_2026_copy_.pdf": a name no header or file system can misread. */
function safeFileName(name: string, fallback = "download"): string {
  const cleaned = name
    .normalize("NFKD")
    .replace(/[^\w.-]+/g, "_")
    .replace(/^[._]+/, "")
    .slice(0, 100);
  return cleaned || fallback;
}

/**
 * A resource route's answer with a file from the upstream (callUpstream's UpstreamFile: an invoice, a KYC document), streamed
 * on as it arrives. Only what is listed here reaches the browser: the upstream's own headers
 * (cookies, its authorisation, anything else) stay on the server, and so does the member's token.
 * `private, no-store`: a member's document is never kept by a shared cache or the browser's;
 * `nosniff`: the browser takes the type as given; a safe name in `Content-Disposition`, shown in
 * the page only for a type that cannot run script.
 *
 * ```ts
 * export async function loader({ request, params }: LoaderFunctionArgs) {
 *   await requireUser(request);
 *   const file = await loadUpstream(request, orders.invoice, { params: { id: params.id } });
 *   return fileResponse(file, { fileName: `invoice-${params.id}.pdf` });
 * }
 * ```
 */
export function fileResponse(
  file: { contentType: string; fileName?: string; body: ReadableStream<Uint8Array>; size?: number },
  options: { fileName?: string; inline?: boolean } = {},
): Response {
  const contentType = file.contentType;
  const name = safeFileName(options.fileName ?? file.fileName ?? "");
  const inline = options.inline && SHOWN_INLINE.has(contentType);
  const headers = new Headers({
    "Content-Type": contentType,
    "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${name}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  if (file.size !== undefined) headers.set("Content-Length", String(file.size));
  return new Response(file.body, { status: 200, headers });
}

/**
 * A resource route's answer when the upstream would not give the file: a short text page with the
 * status of the failure (404 for another member's record or none, 503/504 when the upstream is
 * down or slow, else 502), never cached. Anything that is not an upstream failure is thrown on.
 */
export function fileFailure(error: unknown, notFoundMessage: string): Response {
  if (!(error instanceof UpstreamError)) throw error;
  const status = error.kind === "not-found" ? 404 : error.kind === "timeout" ? 504 : error.kind === "network" ? 503 : 502;
  return new Response(status === 404 ? notFoundMessage : error.message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
