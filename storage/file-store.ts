// Files the shop keeps (members' KYC documents in the embedded upstream, the app's kept uploads):
// one interface, two homes. The local directory is the single-machine default; S3-compatible
// object storage (AWS SDK v3) is what several machines share. Imported by upstream/ and app/
// alike (neither may import the other); Node only. See docs/decisions/0023-where-state-lives.md.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Client, S3ClientConfig } from "@aws-sdk/client-s3";

export interface StoredFileInfo {
  name: string;
  size: number;
  /** when it was written, ms since the epoch */
  modifiedMs: number;
}

export interface FileStore {
  /** "local" or "s3", and where (for logs) */
  readonly kind: "local" | "s3";
  readonly where: string;
  /**
   * Puts the local file `from` under `name`, and answers where its bytes are on this machine now:
   * the local store moves it (its own file; `from` is gone), the object store uploads a copy
   * (`from` stays, for its owner to delete).
   */
  putFile(name: string, from: string): Promise<string>;
  putBytes(name: string, bytes: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  read(name: string): Promise<Readable | null>;
  /**
   * The file on the local disk, or null when there is no such file: the local store's own file,
   * or a copy the object store downloads into `scratchDir` (the caller's to delete).
   */
  localFile(name: string, scratchDir: string): Promise<string | null>;
  /** Deletes the file (no error when it is gone already). */
  delete(name: string): Promise<void>;
  /** Every file in the store, with its size and when it was written. */
  list(): Promise<StoredFileInfo[]>;
}

/** A stored name is a plain file name: never a path, never hidden. */
function checkName(name: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(name)) throw new Error(`not a stored file name: ${JSON.stringify(name)}`);
  return name;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** A directory on this machine (created owner-only on first use). */
export function localFileStore(dir: string): FileStore {
  const ready = () => mkdir(dir, { recursive: true, mode: 0o700 });
  const at = (name: string) => path.join(dir, checkName(name));
  return {
    kind: "local",
    where: dir,
    async putFile(name, from) {
      await ready();
      try {
        await rename(from, at(name));
      } catch (error) {
        // another file system (a temporary folder on tmpfs): copy, then delete
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        await copyFile(from, at(name));
        await rm(from, { force: true });
      }
      return at(name);
    },
    async putBytes(name, bytes) {
      await ready();
      await writeFile(at(name), bytes, { mode: 0o600 });
    },
    async read(name) {
      const file = at(name);
      const stream = fs.createReadStream(file);
      return new Promise<Readable | null>((resolve, reject) => {
        stream.once("open", () => resolve(stream));
        stream.once("error", (error) => (isMissing(error) ? resolve(null) : reject(error)));
      });
    },
    async localFile(name) {
      const file = at(name);
      const info = await stat(file).catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error)));
      return info?.isFile() ? file : null;
    },
    async delete(name) {
      await rm(at(name), { force: true });
    },
    async list() {
      const names = await readdir(dir).catch((error: unknown) => (isMissing(error) ? [] : Promise.reject(error)));
      const infos = await Promise.all(
        names.map(async (name) => {
          const info = await stat(path.join(dir, name)).catch(() => null);
          return info?.isFile() ? { name, size: info.size, modifiedMs: info.mtimeMs } : null;
        }),
      );
      return infos.filter((info): info is StoredFileInfo => info !== null);
    },
  };
}

export interface S3Settings {
  bucket: string;
  /** key prefix of this store's files, e.g. "documents/" */
  prefix: string;
  region?: string;
  /** an S3-compatible service's endpoint (MinIO, R2, …); unset: AWS */
  endpoint?: string;
  /** path-style URLs (http://host/bucket/key), which most S3-compatible services need */
  forcePathStyle?: boolean;
}

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
};

/**
 * A prefix of an S3 bucket (or an S3-compatible service's). Credentials come from the SDK's usual
 * chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, the instance's role). The SDK is
 * loaded on first use: a shop on the local store never loads it. `overrides` for tests (the
 * request handler, credentials).
 */
export function s3FileStore(settings: S3Settings, overrides: S3ClientConfig = {}): FileStore {
  let loaded: Promise<{ sdk: typeof import("@aws-sdk/client-s3"); client: S3Client }> | undefined;
  const s3 = () =>
    (loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        // checksums only where S3 requires them: the SDK's default streams bodies as aws-chunked
        // with a trailing checksum, which several S3-compatible services refuse
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        ...overrides,
      }),
    })));
  const key = (name: string) => settings.prefix + checkName(name);
  const Bucket = settings.bucket;
  const read = async (name: string): Promise<Readable | null> => {
    const { sdk, client } = await s3();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key(name) }));
      return (answer.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

  return {
    kind: "s3",
    where: `s3://${Bucket}/${settings.prefix}`,
    async putFile(name, from) {
      const { sdk, client } = await s3();
      const { size } = await stat(from);
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key(name), Body: fs.createReadStream(from), ContentLength: size }));
      return from;
    },
    async putBytes(name, bytes) {
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key(name), Body: bytes, ContentLength: bytes.byteLength }));
    },
    read,
    async localFile(name, scratchDir) {
      const body = await read(name);
      if (!body) return null;
      await mkdir(scratchDir, { recursive: true, mode: 0o700 });
      const file = path.join(scratchDir, `${randomBytes(8).toString("hex")}-${checkName(name)}`);
      await pipeline(body, fs.createWriteStream(file, { flags: "wx", mode: 0o600 }));
      return file;
    },
    async delete(name) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key(name) }));
    },
    async list() {
      const { sdk, client } = await s3();
      const files: StoredFileInfo[] = [];
      for await (const page of sdk.paginateListObjectsV2({ client }, { Bucket, Prefix: settings.prefix })) {
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          files.push({ name: object.Key.slice(settings.prefix.length), size: object.Size ?? 0, modifiedMs: object.LastModified?.getTime() ?? 0 });
        }
      }
      return files;
    },
  };
}

/** Where the shop keeps its files: FILE_STORE and its S3_* settings (README, "Configuration"). */
export type FileStoreConfig = { kind: "local" } | ({ kind: "s3" } & Omit<S3Settings, "prefix"> & { prefix?: string });

/**
 * The store of one kind of file (`area`: "documents", "kept-uploads"): DATA_DIR/<area> on the
 * local disk, or <S3_PREFIX><area>/ in the bucket.
 */
export function fileStoreFor(config: FileStoreConfig, dataDir: string, area: string): FileStore {
  if (config.kind === "local") return localFileStore(path.join(dataDir, area));
  return s3FileStore({ ...config, prefix: `${config.prefix ?? ""}${area}/` });
}
