import type { LoaderFunctionArgs } from "@remix-run/node";
import { account } from "#contract/index";
import { documentIdOf } from "#contract/account";
import { fileNameForType } from "#contract/uploads";
import { requireUser } from "~/utils/auth.server";
import { fileFailure, fileResponse } from "~/utils/file-response.server";
import { callUpstream } from "~/utils/upstream.server";

const NOT_FOUND = "Document not found.";

/**
 * One of the member's KYC documents (a document's `document_url`), streamed from the upstream with
 * the member's token, which stays on the server: private, no-store, nosniff, shown inline with a
 * safe name and the type its content really is (the upstream decided it from the first bytes).
 * Another member's document, a guessed name or a path with `..` answers 404. The upstream logs
 * every request.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const documentId = documentIdOf(params.id);
  if (documentId === null) throw notFound();
  try {
    const file = await callUpstream(request, account.memberDocument, { body: { document_id: documentId } });
    // named by what it is, whatever name the upstream sends: a PDF uploaded as "id.html" saves as "id.pdf"
    return fileResponse(file, { fileName: fileNameForType(file.fileName ?? `document-${documentId}`, file.contentType), inline: true });
  } catch (error) {
    throw fileFailure(error, NOT_FOUND);
  }
}

const notFound = () => new Response(NOT_FOUND, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
