import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import type { Request, Response } from "express";
import type { UploadType } from "../../contract/constants";
import { detectUploadType, fileTooLargeMessage, SNIFF_BYTES, uploadTooLargeMessage, UPLOAD_EXTENSIONS } from "../../contract/uploads";
import { ApiError } from "./endpoint";

/** A file of a multipart body, written to disk as it arrived. */
export interface ReceivedFile {
  /** The form field, without a trailing "[]". */
  field: string;
  /** The name the sender's file had (never used as a path). */
  name: string;
  size: number;
  /** What its first bytes say it is; "" when none of the accepted types. */
  type: UploadType | "";
  /** Where it was written: a random name in the incoming folder. */
  tempPath: string;
  /** The random name to keep it under: 32 hex digits and the detected type's extension. */
  storedName: string;
}

export interface MultipartLimits {
  maxFileBytes: number;
  maxRequestBytes: number;
  /** Fields that may carry files; a file under any other name is refused. */
  fileFields: ReadonlySet<string>;
  maxFiles: number;
  maxFields: number;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  files: ReceivedFile[];
  /** Deletes every file still in the incoming folder for this request (call it once the request is done with them, or failed). */
  discard: () => void;
}

/** Longest text value accepted in a field (the longest form field is 250 characters). */
const MAX_FIELD_BYTES = 4 * 1024;

/**
 * Reads a multipart/form-data request, streaming each file to `incomingDir` (never holding the
 * body in memory): at most `maxFileBytes` a file and `maxRequestBytes` in all. On any failure
 * the files written so far are deleted, the rest of the body is read away (so the client gets
 * the answer rather than a reset connection) and an ApiError is thrown.
 */
export async function receiveMultipart(req: Request, res: Response, incomingDir: string, limits: MultipartLimits): Promise<ReceivedForm> {
  if (!/^multipart\/form-data\s*;/i.test(req.get("content-type") ?? "")) {
    await drainRequest(req, res, limits.maxRequestBytes);
    throw new ApiError(415, "Send this form as multipart/form-data.");
  }
  const declared = Number(req.get("content-length") ?? "0");
  if (declared > limits.maxRequestBytes) {
    await drainRequest(req, res, limits.maxRequestBytes);
    throw tooLarge(limits.maxRequestBytes);
  }
  fs.mkdirSync(incomingDir, { recursive: true, mode: 0o700 });

  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const writes: Promise<void>[] = [];
  let failure: ApiError | null = null;
  const fail = (error: ApiError) => {
    failure ??= error;
  };
  const discard = () => {
    for (const file of files) fs.rmSync(file.tempPath, { force: true });
  };

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: "utf8",
      limits: {
        fileSize: limits.maxFileBytes,
        files: limits.maxFiles,
        fields: limits.maxFields,
        parts: limits.maxFiles + limits.maxFields,
        fieldSize: MAX_FIELD_BYTES,
        fieldNameSize: 100,
      },
    });
  } catch {
    await drainRequest(req, res, limits.maxRequestBytes);
    throw new ApiError(400, "Validation fails.");
  }

  parser.on("field", (name, value, info) => {
    if (info.valueTruncated || info.nameTruncated) fail(new ApiError(422, "Validation fails.", { [name]: ["This is too long"] }));
    else fields[name] = value;
  });

  parser.on("file", (name, stream, info) => {
    const field = name.replace(/\[\]$/, "");
    if (failure || !limits.fileFields.has(field)) {
      if (!failure) fail(new ApiError(422, "Validation fails.", { [name]: ["This field takes no file."] }));
      stream.resume();
      return;
    }
    const random = randomBytes(16).toString("hex");
    const file: ReceivedFile = {
      field,
      name: cleanFileName(info.filename ?? ""),
      size: 0,
      type: "",
      tempPath: path.join(incomingDir, `${random}.part`),
      storedName: random,
    };
    files.push(file);
    let head = Buffer.alloc(0);
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        file.size += chunk.length;
        if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        done(null, chunk);
      },
    });
    let truncated = false;
    stream.on("limit", () => {
      truncated = true;
    });
    writes.push(
      pipeline(stream, measure, fs.createWriteStream(file.tempPath, { flags: "wx", mode: 0o600 })).then(
        () => {
          if (truncated) {
            fail(new ApiError(413, fileTooLargeMessage(file.name, limits.maxFileBytes), { [field]: [fileTooLargeMessage(file.name, limits.maxFileBytes)] }));
            return;
          }
          const type = detectUploadType(head);
          file.type = type ?? "";
          if (type) file.storedName = `${random}.${UPLOAD_EXTENSIONS[type]}`;
        },
        (error: unknown) => {
          // a stream we stopped ourselves (a limit, a broken body) fails as expected
          if (!failure) console.error("upstream: an upload could not be written", error);
          fail(new ApiError(400, "Validation fails."));
        },
      ),
    );
  });

  for (const event of ["filesLimit", "fieldsLimit", "partsLimit"] as const) {
    parser.on(event, () => fail(new ApiError(422, "Validation fails.", { form: ["Too many files or fields."] })));
  }

  let received = 0;
  let overLimit = false;
  const parsed = new Promise<void>((resolve) => {
    /** Stops reading: the parser is destroyed, and with it the file being written. */
    const stop = (error: ApiError) => {
      fail(error);
      req.unpipe(parser);
      parser.destroy();
      resolve();
    };
    parser.on("close", resolve);
    parser.on("error", () => stop(new ApiError(400, "Validation fails.")));
    req.on("aborted", () => stop(new ApiError(400, "Validation fails.")));
    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxRequestBytes && !overLimit) {
        overLimit = true;
        stop(tooLarge(limits.maxRequestBytes));
      }
    });
  });
  req.pipe(parser);
  await parsed;
  await Promise.allSettled(writes);

  // an empty file input sends a nameless empty file: that is no file
  for (const file of files.filter((f) => f.size === 0 && f.name === "")) {
    fs.rmSync(file.tempPath, { force: true });
    files.splice(files.indexOf(file), 1);
  }
  if (failure) {
    discard();
    if (overLimit) await drainRequest(req, res, limits.maxRequestBytes);
    throw failure;
  }
  return { fields, files, discard };
}

function tooLarge(maxBytes: number) {
  const message = uploadTooLargeMessage(maxBytes);
  return new ApiError(413, message, { form: [message] });
}

/** The base name of an uploaded file, without control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";

  return (
    base
      // control characters are exactly what a file name must not carry
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, "")
      .trim()
      .slice(0, 200)
  );
}

/**
 * Reads away what is left of a request body, so the answer reaches a client that is still
 * sending. Past `4 × maxBytes` more, the connection is closed after the answer instead.
 */
export function drainRequest(req: Request, res: Response, maxBytes: number): Promise<void> {
  if (req.readableEnded || req.complete) return Promise.resolve();
  return new Promise((resolve) => {
    let left = maxBytes * 4;
    const done = () => {
      req.off("data", count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      left -= chunk.length;
      if (left < 0) {
        res.setHeader("Connection", "close");
        req.pause();
        req.off("end", done);
        done();
      }
    };
    req.on("data", count);
    req.once("end", done);
    req.once("error", done);
    req.once("close", done);
    req.resume();
  });
}
