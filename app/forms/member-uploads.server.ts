import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import { UPLOAD_TYPES } from "#contract/constants";
import { STORED_UPLOAD_NAME } from "#contract/uploads";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { UploadedFile } from "~/utils/uploads.server";
import { fileStoreFor, type FileStore } from "../../storage/file-store";
import { KEEP_UPLOADS_MS, KEPT_FIELD, REMOVE_KEPT_FIELD, type KeptUpload } from "./member-uploads";

/**
 * Keeping a member form's accepted files across a failed submit, so the member does not choose
 * them again. A kept file lies in the kept-uploads store (FILE_STORE: DATA_DIR/kept-uploads, or the
 * bucket every app instance reaches, so the next submit may land on any instance) with a random
 * name for an hour; the re-rendered form names it by a token signed with a key derived from the
 * session secrets and bound to the visitor's CSRF token: a token is worthless to anyone else, and
 * cannot name any other file. Expired files are swept away.
 */

let store: { config: unknown; store: FileStore } | undefined;
/** The kept-uploads store of the current configuration. */
function keptStore(): FileStore {
  const config = env().fileStore;
  if (store?.config !== config) store = { config, store: fileStoreFor(config, path.resolve(env().DATA_DIR), "kept-uploads") };
  return store.store;
}

/** One key per session secret (rotation), used for nothing but kept-file tokens. */
const keys = () => env().sessionSecrets.map((secret) => createHmac("sha256", secret).update("kept-upload").digest());

interface TokenBody {
  /** stored name */
  s: string;
  field: string;
  name: string;
  size: number;
  type: string;
  /** expires, ms since the epoch */
  exp: number;
}

const sign = (key: Buffer, payload: string, binding: string) => createHmac("sha256", key).update(`${payload}\n${binding}`).digest("base64url");

function tokenFor(body: TokenBody, binding: string): string {
  const payload = Buffer.from(JSON.stringify(body)).toString("base64url");
  return `${payload}.${sign(keys()[0], payload, binding)}`;
}

function readToken(token: string, binding: string, now: number): TokenBody | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const sent = Buffer.from(signature);
  const valid = keys().some((key) => {
    const expected = Buffer.from(sign(key, payload, binding));
    return expected.length === sent.length && timingSafeEqual(expected, sent);
  });
  if (!valid) return null;
  try {
    const body = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as TokenBody;
    if (!STORED_UPLOAD_NAME.test(body.s) || !(UPLOAD_TYPES as readonly string[]).includes(body.type) || !(body.exp > now)) return null;
    return body;
  } catch {
    return null;
  }
}

/** A kept file: its name in the store, and the file itself on this machine for the upstream call. */
export interface KeptFile extends KeptUpload {
  stored: string;
  file: UploadedFile;
}

const toView = ({ file: _file, stored: _stored, ...view }: KeptFile): KeptUpload => view;
export const keptUploadViews = (files: KeptFile[]) => files.map(toView);

/** What the kept store holds now. */
async function keptContents(): Promise<{ files: number; bytes: number }> {
  const files = await keptStore().list();
  return { files: files.length, bytes: files.reduce((sum, file) => sum + file.size, 0) };
}

/** The kept folder's ceilings (KEPT_UPLOADS_MAX_MB, KEPT_UPLOADS_MAX_FILES). */
export interface KeptCeiling {
  bytes: number;
  files: number;
}

const keptCeiling = (): KeptCeiling => ({ bytes: env().KEPT_UPLOADS_MAX_MB * 1024 * 1024, files: env().KEPT_UPLOADS_MAX_FILES });

/**
 * Puts just-received files in the kept store and signs a token for each. `binding` ties the
 * tokens to the visitor (their CSRF token). Anyone may post the registration form, so the store
 * has ceilings in bytes and in files, checked before anything moves: past either the files are
 * deleted, not kept, and the form asks for them again — a flood costs the keeping for an hour,
 * never the disk.
 */
export async function keepUploads(
  received: Array<{ field: string; file: UploadedFile }>,
  binding: string,
  now = Date.now(),
  ceiling: KeptCeiling = keptCeiling(),
): Promise<KeptFile[]> {
  if (received.length === 0) return [];
  const incoming = received.reduce((sum, { file }) => sum + file.size, 0);
  const held = await keptContents();
  if (held.bytes + incoming > ceiling.bytes || held.files + received.length > ceiling.files) {
    logger().warn({ files: received.length, bytes: incoming }, "kept uploads: the folder is at its ceiling (KEPT_UPLOADS_MAX_MB / _FILES); files not kept");
    await Promise.all(received.map(({ file }) => rm(file.getFilePath(), { force: true })));
    return [];
  }
  return Promise.all(
    received.map(async ({ field, file }) => {
      const stored = randomBytes(16).toString("hex") + path.extname(file.getFilePath());
      const size = file.size; // read from the file on disk: before it moves
      // the local store moves the file in; the object store uploads a copy and this request goes on with its own
      const here = await keptStore().putFile(stored, file.getFilePath());
      const body: TokenBody = { s: stored, field, name: file.name, size, type: file.type, exp: now + KEEP_UPLOADS_MS };
      const view = { token: tokenFor(body, binding), field, name: body.name, size: body.size, type: body.type };
      return { ...view, stored, file: new UploadedFile(here, file.type, file.name) };
    }),
  );
}

/**
 * The kept files a form posted back (hidden `kept` tokens), split into those still wanted and
 * those the member ticked for removal. A token that does not verify, has expired, or whose file is
 * gone is ignored. From object storage a file is copied into `scratchDir` (the request's upload
 * folder, deleted with it) for the upstream call.
 */
export async function keptUploadsOf(formData: FormData, binding: string, now: number, scratchDir: string): Promise<{ kept: KeptFile[]; removed: KeptFile[] }> {
  const removedTokens = new Set(formData.getAll(REMOVE_KEPT_FIELD).filter((v): v is string => typeof v === "string"));
  const tokens = [...new Set(formData.getAll(KEPT_FIELD).filter((v): v is string => typeof v === "string"))].slice(0, 50);
  const found = await Promise.all(
    tokens.map(async (token): Promise<KeptFile | null> => {
      const body = readToken(token, binding, now);
      if (!body) return null;
      const here = await keptStore().localFile(body.s, scratchDir);
      if (!here) return null;
      const view = { token, field: body.field, name: body.name, size: body.size, type: body.type };
      return { ...view, stored: body.s, file: new UploadedFile(here, body.type, body.name) };
    }),
  );
  const valid = found.filter((f): f is KeptFile => f !== null);
  return { kept: valid.filter((f) => !removedTokens.has(f.token)), removed: valid.filter((f) => removedTokens.has(f.token)) };
}

/** Deletes kept files (sent to the upstream, removed by the member, or replaced), and their local copies. */
export async function discardKept(files: KeptFile[]) {
  await Promise.all(files.flatMap((f) => [keptStore().delete(f.stored), rm(f.file.getFilePath(), { force: true })]));
}

let lastSweep = 0;
const SWEEP_EVERY_MS = 5 * 60 * 1000;

/**
 * Deletes kept files older than an hour; runs at most every five minutes in each instance (each
 * form post asks). Instances sweeping one shared store at once only delete the same files twice.
 */
export async function sweepKeptUploads(now = Date.now()) {
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  try {
    const files = await keptStore().list();
    await Promise.all(files.filter((f) => now - f.modifiedMs > KEEP_UPLOADS_MS).map((f) => keptStore().delete(f.name)));
  } catch (error) {
    logger().warn({ err: String(error) }, "kept uploads: sweep failed");
  }
}
