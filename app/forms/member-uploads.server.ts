import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { copyFile, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { UPLOAD_TYPES } from "#contract/constants";
import { STORED_UPLOAD_NAME } from "#contract/uploads";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { UploadedFile } from "~/utils/uploads.server";
import { KEEP_UPLOADS_MS, KEPT_FIELD, REMOVE_KEPT_FIELD, type KeptUpload } from "./member-uploads";

/**
 * Keeping a member form's accepted files across a failed submit, so the member does not choose
 * them again. A kept file lies under DATA_DIR/kept-uploads with a random name for an hour; the
 * re-rendered form names it by a token signed with a key derived from the session secrets and
 * bound to the visitor's CSRF token: a token is worthless to anyone else, and cannot name any
 * other file. Expired files are swept away.
 */

const keptDir = () => path.resolve(env().DATA_DIR, "kept-uploads");

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

/** A kept file, with the file itself for the upstream call. */
export interface KeptFile extends KeptUpload {
  file: UploadedFile;
}

const toView = ({ file: _file, ...view }: KeptFile): KeptUpload => view;
export const keptUploadViews = (files: KeptFile[]) => files.map(toView);

/** What the kept folder holds now. */
async function keptContents(dir: string): Promise<{ files: number; bytes: number }> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const sizes = await Promise.all(
    names.map((name) =>
      stat(path.join(dir, name)).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  return { files: names.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
}

/** The kept folder's ceilings (KEPT_UPLOADS_MAX_MB, KEPT_UPLOADS_MAX_FILES). */
export interface KeptCeiling {
  bytes: number;
  files: number;
}

const keptCeiling = (): KeptCeiling => ({ bytes: env().KEPT_UPLOADS_MAX_MB * 1024 * 1024, files: env().KEPT_UPLOADS_MAX_FILES });

/**
 * Moves just-received files into the kept folder and signs a token for each. `binding` ties the
 * tokens to the visitor (their CSRF token). Anyone may post the registration form, so the folder
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
  const dir = keptDir();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const incoming = received.reduce((sum, { file }) => sum + file.size, 0);
  const held = await keptContents(dir);
  if (held.bytes + incoming > ceiling.bytes || held.files + received.length > ceiling.files) {
    logger().warn({ files: received.length, bytes: incoming }, "kept uploads: the folder is at its ceiling (KEPT_UPLOADS_MAX_MB / _FILES); files not kept");
    await Promise.all(received.map(({ file }) => rm(file.getFilePath(), { force: true })));
    return [];
  }
  return Promise.all(
    received.map(async ({ field, file }) => {
      const stored = randomBytes(16).toString("hex") + path.extname(file.getFilePath());
      const target = path.join(dir, stored);
      const size = file.size; // read from the file on disk: before it moves
      await moveFile(file.getFilePath(), target);
      const body: TokenBody = { s: stored, field, name: file.name, size, type: file.type, exp: now + KEEP_UPLOADS_MS };
      return { token: tokenFor(body, binding), field, name: body.name, size: body.size, type: body.type, file: new UploadedFile(target, file.type, file.name) };
    }),
  );
}

/** A rename, or a copy when the temporary folder is on another file system. */
async function moveFile(from: string, to: string) {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}

/**
 * The kept files a form posted back (hidden `kept` tokens), split into those still wanted and
 * those the member ticked for removal. A token that does not verify, has expired, or whose file is
 * gone is ignored.
 */
export async function keptUploadsOf(formData: FormData, binding: string, now = Date.now()): Promise<{ kept: KeptFile[]; removed: KeptFile[] }> {
  const removedTokens = new Set(formData.getAll(REMOVE_KEPT_FIELD).filter((v): v is string => typeof v === "string"));
  const tokens = [...new Set(formData.getAll(KEPT_FIELD).filter((v): v is string => typeof v === "string"))].slice(0, 50);
  const found = await Promise.all(
    tokens.map(async (token): Promise<KeptFile | null> => {
      const body = readToken(token, binding, now);
      if (!body) return null;
      const filePath = path.join(keptDir(), body.s);
      const exists = await stat(filePath).then(
        (s) => s.isFile(),
        () => false,
      );
      if (!exists) return null;
      return { token, field: body.field, name: body.name, size: body.size, type: body.type, file: new UploadedFile(filePath, body.type, body.name) };
    }),
  );
  const valid = found.filter((f): f is KeptFile => f !== null);
  return { kept: valid.filter((f) => !removedTokens.has(f.token)), removed: valid.filter((f) => removedTokens.has(f.token)) };
}

/** Deletes kept files (sent to the upstream, removed by the member, or replaced). */
export async function discardKept(files: KeptFile[]) {
  await Promise.all(files.map((f) => rm(f.file.getFilePath(), { force: true })));
}

let lastSweep = 0;
const SWEEP_EVERY_MS = 5 * 60 * 1000;

/** Deletes kept files older than an hour; runs at most every five minutes (each form post asks). */
export async function sweepKeptUploads(now = Date.now()) {
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  const dir = keptDir();
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > KEEP_UPLOADS_MS) await rm(file, { force: true });
    }),
  ).catch((error: unknown) => logger().warn({ err: String(error) }, "kept uploads: sweep failed"));
}
