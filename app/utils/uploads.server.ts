import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import {
  data,
  MaxPartSizeExceededError,
  NodeOnDiskFile,
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { MB } from "#contract/constants";
import { detectUploadType, fileTooLargeMessage, ONLY_IMAGES_AND_PDF, SNIFF_BYTES, uploadTooLargeMessage } from "#contract/uploads";
import { env } from "./env.server";

/** The upload limits (configuration: UPLOAD_MAX_FILE_MB, UPLOAD_MAX_REQUEST_MB; 5 MB a file, 20 MB a request). */
export const maxFileBytes = () => Math.round(env().UPLOAD_MAX_FILE_MB * MB);
export const maxRequestBytes = () => Math.round(env().UPLOAD_MAX_REQUEST_MB * MB);
/** Text fields are small; a larger one is not a form of ours. */
const MAX_TEXT_BYTES = 64 * 1024;

/** The spec's types for documents (registration, account details), with the extension they are stored under. */
export const DOCUMENT_TYPES: Record<string, string> = {
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "image/bmp": ".bmp",
  "application/pdf": ".pdf",
};
export const DOCUMENT_TYPE_MESSAGE = ONLY_IMAGES_AND_PDF;

/** A file the visitor chose that was not kept, and why. */
export interface RefusedUpload {
  field: string;
  /** The visitor's name of the file (to name it in the message). */
  fileName: string;
  reason: "type" | "too-large";
}

/** The message a refused file is shown with, naming the file when its size is the problem. */
export const refusedUploadMessage = (refusal: RefusedUpload) =>
  refusal.reason === "type" ? DOCUMENT_TYPE_MESSAGE : fileTooLargeMessage(refusal.fileName, maxFileBytes());

/**
 * A browser's file on the app's disk. `name` is the visitor's file name (shown back, sent on to
 * the upstream); the file on disk has a random one. `type` is what its first bytes say it is.
 */
export class UploadedFile extends NodeOnDiskFile {
  constructor(filepath: string, type: string, originalName: string) {
    super(filepath, type);
    this.name = cleanFileName(originalName);
  }
}

/** A visitor's file name made safe to show and to put in a multipart header: its last segment, no control characters, at most 100 characters. */
export function cleanFileName(name: string): string {
  const segment = name.split(/[\\/]/).pop() ?? "";
  const last = [...segment]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join("")
    .trim();
  return (last || "upload").slice(-100);
}

export interface Uploads {
  /** The form: text fields, and each accepted file as an UploadedFile on disk. */
  formData: FormData;
  /** Files not kept: not a JPEG/PNG/BMP/PDF by their first bytes, or over the per-file limit. */
  refused: RefusedUpload[];
  /** Deletes the files still in the temporary directory: call it once they are sent or kept (in a finally). */
  cleanup: () => Promise<void>;
}

/**
 * Reads a multipart form as it arrives: each file is written to a temporary directory part by
 * part, text fields stay in memory (small), and the whole request is counted: nothing holds a
 * whole request in memory. A file's type is decided by its first bytes (never its name or the
 * type the browser declares); a file of another type than `types`, or over the per-file limit, is
 * not kept and is listed in `refused` (the rest of the form still arrives, so nothing typed is
 * lost). A request over the per-request limit answers 413.
 */
export async function parseUploads(request: Request, types: Record<string, string> = DOCUMENT_TYPES): Promise<Uploads> {
  const requestLimit = maxRequestBytes();
  const fileLimit = maxFileBytes();
  const declared = Number(request.headers.get("Content-Length"));
  if (declared > requestLimit) throw tooLarge(requestLimit);
  const directory = await mkdtemp(path.join(os.tmpdir(), "shop-upload-"));
  const cleanup = () => rm(directory, { recursive: true, force: true });
  const refused: RefusedUpload[] = [];

  const onDisk: UploadHandler = async ({ name, filename, data: bytes }) => {
    if (filename === undefined) return undefined; // a text field: the next handler's
    const chunks = bytes[Symbol.asyncIterator]();
    if (!filename) return void (await drain(chunks)); // a file input left empty
    // the first bytes decide the type before anything is written
    const head: Uint8Array[] = [];
    let headLength = 0;
    while (headLength < SNIFF_BYTES) {
      const next = await chunks.next();
      if (next.done) break;
      head.push(next.value);
      headLength += next.value.byteLength;
    }
    const type = detectUploadType(Buffer.concat(head));
    if (!type || !(type in types)) {
      await drain(chunks);
      refused.push({ field: name, fileName: cleanFileName(filename), reason: "type" });
      return undefined;
    }
    // never the visitor's file name on our disk: a random one with the type's extension
    const filePath = path.join(directory, randomBytes(16).toString("hex") + types[type]);
    const out = createWriteStream(filePath, { flags: "wx", mode: 0o600 });
    let size = 0;
    const write = async (chunk: Uint8Array) => {
      size += chunk.byteLength;
      if (size > fileLimit) return; // read on (the parser needs the part read), keep nothing more
      if (!out.write(chunk)) await once(out, "drain");
    };
    try {
      for (const chunk of head) await write(chunk);
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) await write(next.value);
    } finally {
      out.end();
      await once(out, "close");
    }
    if (size > fileLimit) {
      await rm(filePath, { force: true });
      refused.push({ field: name, fileName: cleanFileName(filename), reason: "too-large" });
      return undefined;
    }
    return new UploadedFile(filePath, type, filename) as unknown as File;
  };
  const text = unstable_createMemoryUploadHandler({ maxPartSize: MAX_TEXT_BYTES, filter: ({ filename }) => filename === undefined });

  try {
    const formData = await unstable_parseMultipartFormData(counted(request, requestLimit), unstable_composeUploadHandlers(onDisk, text));
    return { formData, refused, cleanup };
  } catch (error) {
    await cleanup();
    // a text field over MAX_TEXT_BYTES is no form of ours: 413 like too large a request, never a 500
    if (error instanceof RequestTooLarge || error instanceof MaxPartSizeExceededError) throw tooLarge(requestLimit);
    throw error;
  }
}

async function drain(chunks: AsyncIterator<Uint8Array>) {
  for (let next = await chunks.next(); !next.done; next = await chunks.next()) void next.value;
}

class RequestTooLarge extends Error {}

const tooLarge = (limit: number) => data({ message: uploadTooLargeMessage(limit) }, { status: 413 });

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
