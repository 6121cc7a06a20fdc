import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  data,
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers,
  unstable_createFileUploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";

/** The upload limits (DESIGN.md: 5 MB a file, 20 MB a request). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_REQUEST_BYTES = 20 * 1024 * 1024;
/** Text fields are small; a larger one is not a form of ours. */
const MAX_TEXT_BYTES = 64 * 1024;

/** The spec's types for documents (registration, account details) and its message for others. */
export const DOCUMENT_TYPES: Record<string, string> = {
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "image/bmp": ".bmp",
  "application/pdf": ".pdf",
};
export const DOCUMENT_TYPE_MESSAGE = "Only image and PDF files are allowed.";

export interface Uploads {
  /** The form: text fields, and each accepted file as a file on disk (NodeOnDiskFile). */
  formData: FormData;
  /** Fields whose file was refused for its type (the message to show is DOCUMENT_TYPE_MESSAGE). */
  refused: string[];
  /** The name each file had on the member's device, by the random name it is kept under (its `name`). */
  originalNames: ReadonlyMap<string, string>;
  /** Deletes the files: call it once the upstream has them (in a finally). */
  cleanup: () => Promise<void>;
}

/**
 * Reads a multipart form as it arrives: each file is written to a temporary directory part by
 * part (at most 5 MB a file), text fields stay in memory (small), and the whole request is counted
 * (at most 20 MB): nothing holds a whole request in memory. Files of another type than `types`
 * are not kept and their fields are listed in `refused`. callUpstream then streams the files on
 * from disk. Too large a file or request answers 413.
 */
export async function parseUploads(request: Request, types: Record<string, string> = DOCUMENT_TYPES): Promise<Uploads> {
  const declared = Number(request.headers.get("Content-Length"));
  if (declared > MAX_REQUEST_BYTES) throw tooLarge();
  const directory = await mkdtemp(path.join(os.tmpdir(), "shop-upload-"));
  const cleanup = () => rm(directory, { recursive: true, force: true });
  const refused: string[] = [];
  const originalNames = new Map<string, string>();

  const onDisk = unstable_createFileUploadHandler({
    directory,
    maxPartSize: MAX_FILE_BYTES,
    avoidFileConflicts: false,
    // never the visitor's file name on our disk: a random one with the type's extension
    file: ({ contentType, filename }) => {
      const stored = randomBytes(12).toString("hex") + (types[contentType] ?? "");
      if (filename) originalNames.set(stored, filename);
      return stored;
    },
    filter: ({ contentType, name, filename }) => {
      if (!filename) return false; // a file input left empty
      const accepted = contentType in types;
      if (!accepted) refused.push(name);
      return accepted;
    },
  });
  const text = unstable_createMemoryUploadHandler({ maxPartSize: MAX_TEXT_BYTES, filter: ({ filename }) => filename === undefined });
  // a part no handler takes (a refused file, an empty file input) is read and dropped: left
  // unread, the parser would keep it in memory
  const discard: UploadHandler = async ({ data: bytes }) => {
    for await (const chunk of bytes) void chunk;
    return undefined;
  };

  try {
    const formData = await unstable_parseMultipartFormData(counted(request, MAX_REQUEST_BYTES), unstable_composeUploadHandlers(onDisk, text, discard));
    return { formData, refused: [...new Set(refused)], originalNames, cleanup };
  } catch (error) {
    await cleanup();
    if (error instanceof MaxPartSizeExceededError || error instanceof RequestTooLarge) throw tooLarge();
    throw error;
  }
}

class RequestTooLarge extends Error {}

const tooLarge = () =>
  data({ message: `Files may be at most ${MAX_FILE_BYTES / 1024 / 1024} MB each and ${MAX_REQUEST_BYTES / 1024 / 1024} MB together.` }, { status: 413 });

/** The same request, its body stopped once it passes `limit` bytes (a body without a Content-Length too). */
function counted(request: Request, limit: number): Request {
  if (!request.body) return request;
  let seen = 0;
  const body = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(new RequestTooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Request(request.url, { method: request.method, headers: request.headers, body, duplex: "half" } as RequestInit);
}
