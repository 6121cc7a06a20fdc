import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { data, NodeOnDiskFile } from "@remix-run/node";
import busboy from "busboy";
import { MB } from "#contract/constants";
import {
  detectUploadType,
  fileTooLargeMessage,
  ONLY_IMAGES_AND_PDF,
  SNIFF_BYTES,
  tooManyFilesMessage,
  UPLOAD_EXTENSIONS,
  uploadTooLargeMessage,
} from "#contract/uploads";
import { env } from "./env.server";
import { UNREADABLE_FORM } from "./form-data.server";
import { logger } from "./logger.server";

/** The upload limits (configuration: UPLOAD_MAX_FILE_MB, UPLOAD_MAX_REQUEST_MB, UPLOAD_MAX_FILES; 5 MB a file, 20 MB and 30 files a request). */
export const maxFileBytes = () => Math.round(env().UPLOAD_MAX_FILE_MB * MB);
export const maxRequestBytes = () => Math.round(env().UPLOAD_MAX_REQUEST_MB * MB);
export const maxFilesPerRequest = () => env().UPLOAD_MAX_FILES;
/** Text fields are small; a larger one is not a form of ours. */
const MAX_TEXT_BYTES = 64 * 1024;

/** A file the visitor chose that was not kept, and why. */
export interface RefusedUpload {
  field: string;
  /** The visitor's name of the file (to name it in the message). */
  fileName: string;
  reason: "type" | "too-large" | "too-many";
}

/** The message a refused file is shown with, naming the file when its size is the problem. */
export function refusedUploadMessage(refusal: RefusedUpload): string {
  if (refusal.reason === "type") return ONLY_IMAGES_AND_PDF;
  if (refusal.reason === "too-many") return tooManyFilesMessage(maxFilesPerRequest());
  return fileTooLargeMessage(refusal.fileName, maxFileBytes());
}

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
  /** Files not kept: not a JPEG/PNG/BMP/PDF by their first bytes, over the per-file limit, or past the per-request count. */
  refused: RefusedUpload[];
  /** The request's temporary directory (files of its own may go there: cleanup deletes them too). */
  directory: string;
  /** Deletes the files still in the temporary directory: call it once they are sent or kept (in a finally). */
  cleanup: () => Promise<void>;
}

/**
 * Reads a multipart form as it arrives (busboy, which reads quoted file names such as "a=b.png"
 * as browsers send them): each file is written to a temporary directory part by part, text
 * fields stay in memory (small), and the whole request is counted: nothing holds a whole request
 * in memory. A file's type is decided by its first bytes (never its name or the type the browser
 * declares); a file of another type, over the per-file limit, or past the per-request count is
 * not kept (past the count, not even written) and is listed in `refused`: the rest of the form
 * still arrives, so nothing typed is lost. Refusals thrown as `data({ message })`: 413 for a
 * request over the per-request limit, 400 for a post that is no multipart form or is broken.
 */
export async function parseUploads(request: Request): Promise<Uploads> {
  const requestLimit = maxRequestBytes();
  const declared = Number(request.headers.get("Content-Length"));
  if (declared > requestLimit) throw tooLarge(requestLimit);
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!request.body || !/^multipart\/form-data\s*;/i.test(contentType)) throw unreadable();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      // a form of ours has some 40 text fields and at most 50 kept-file tokens: past 1000 the rest are not read
      limits: { fieldSize: MAX_TEXT_BYTES, fieldNameSize: 200, fields: 1000 },
    });
  } catch {
    throw unreadable(); // no boundary, or not multipart after all
  }
  const directory = await mkdtemp(path.join(os.tmpdir(), "shop-upload-"));
  const cleanup = () => rm(directory, { recursive: true, force: true });
  const receiver = new FileReceiver(directory);
  // form order kept: a file's slot is filled once it is on disk
  const entries: Array<[string, string | Promise<File | undefined>]> = [];
  let textTooLarge = false;
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) textTooLarge = true;
    else entries.push([name, value]);
  });
  parser.on("file", (name, stream, info) => {
    const received = receiver.receive(name, info.filename ?? "", stream);
    received.catch(() => undefined); // awaited below; a broken body rejects it
    entries.push([name, received]);
  });

  try {
    await pipeline(Readable.fromWeb(counted(request.body, requestLimit) as NodeReadableStream<Uint8Array>), parser);
    const formData = new FormData();
    for (const [name, value] of entries) {
      const entry = await value;
      if (entry !== undefined) formData.append(name, entry);
    }
    // a text field over MAX_TEXT_BYTES is no form of ours: 413 like too large a request, never a 500
    if (textTooLarge) throw new RequestTooLarge();
    return { formData, refused: receiver.refused, directory, cleanup };
  } catch (error) {
    await Promise.allSettled(entries.map(([, value]) => value));
    await cleanup();
    if (error instanceof RequestTooLarge) throw tooLarge(requestLimit);
    // a broken body, mostly; logged, since a disk that cannot take a file fails here too
    logger().warn({ err: String(error) }, "uploads: a form could not be read");
    throw unreadable();
  }
}

/** Writes a form's files to `directory`, one at a time as the parser hands them over, counting them. */
class FileReceiver {
  readonly refused: RefusedUpload[] = [];
  private taken = 0;
  private readonly fileLimit = maxFileBytes();
  private readonly countLimit = maxFilesPerRequest();
  constructor(private readonly directory: string) {}

  async receive(field: string, filename: string, stream: Readable): Promise<File | undefined> {
    const chunks: AsyncIterator<Uint8Array> = stream[Symbol.asyncIterator]();
    const refuse = async (reason: RefusedUpload["reason"]) => {
      await drain(chunks);
      this.refused.push({ field, fileName: cleanFileName(filename), reason });
      return undefined;
    };
    if (!filename) return void (await drain(chunks)); // a file input left empty
    // counted before anything is written: a flood of files costs no disk
    if (this.taken >= this.countLimit) return refuse("too-many");
    this.taken++;
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
    if (!type) return refuse("type");
    // never the visitor's file name on our disk: a random one with the type's extension
    const filePath = path.join(this.directory, `${randomBytes(16).toString("hex")}.${UPLOAD_EXTENSIONS[type]}`);
    const out = createWriteStream(filePath, { flags: "wx", mode: 0o600 });
    let size = 0;
    const write = async (chunk: Uint8Array) => {
      size += chunk.byteLength;
      if (size > this.fileLimit) return; // read on (the parser needs the part read), keep nothing more
      if (!out.write(chunk)) await once(out, "drain");
    };
    try {
      for (const chunk of head) await write(chunk);
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) await write(next.value);
    } finally {
      out.end();
      await once(out, "close");
    }
    if (size > this.fileLimit) {
      await rm(filePath, { force: true });
      this.taken--;
      return refuse("too-large");
    }
    return new UploadedFile(filePath, type, filename) as unknown as File;
  }
}

async function drain(chunks: AsyncIterator<Uint8Array>) {
  for (let next = await chunks.next(); !next.done; next = await chunks.next()) void next.value;
}

class RequestTooLarge extends Error {}

/** What each refusal parseUploads threw says, so no caller reads Remix's internals. */
const refusals = new WeakMap<object, { status: 400 | 413; message: string }>();
const refuse = (status: 400 | 413, message: string) => {
  const page = data({ message }, { status });
  refusals.set(page, { status, message });
  return page;
};
const tooLarge = (limit: number) => refuse(413, uploadTooLargeMessage(limit));
const unreadable = () => refuse(400, UNREADABLE_FORM);

/** What parseUploads refused the whole request for (413 too large, 400 unreadable), or null for any other error. */
export function uploadRefusalOf(error: unknown): { status: 400 | 413; message: string } | null {
  return typeof error === "object" && error !== null ? (refusals.get(error) ?? null) : null;
}

/** The body, stopped once it passes `limit` bytes (a body without a Content-Length too). */
function counted(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(new RequestTooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
}
