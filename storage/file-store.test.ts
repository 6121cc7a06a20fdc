import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, describe, expect, it } from "vitest";
import { fileStoreFor, localFileStore, s3FileStore, type FileStore } from "./file-store";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "file-store-test-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function aLocalFile(content: string): string {
  const file = path.join(fs.mkdtempSync(path.join(scratch, "in-")), "upload.part");
  fs.writeFileSync(file, content);
  return file;
}

/**
 * An S3 stand-in at the SDK's HTTP layer: the real client signs and serialises each request and
 * parses each answer; this handler keeps the objects in a Map and answers PUT, GET, DELETE and
 * ListObjectsV2 as S3 does (path-style URLs). Every request is recorded.
 */
function s3StandIn() {
  const objects = new Map<string, { body: Buffer; modified: Date }>();
  const requests: Array<{ method: string; path: string; query: Record<string, unknown>; headers: Record<string, string> }> = [];
  const answer = (statusCode: number, headers: Record<string, string>, body: string | Buffer = "") => ({
    response: { statusCode, headers, body: Readable.from([Buffer.from(body)]) },
  });
  const requestHandler = {
    async handle(request: { method: string; path: string; query?: Record<string, unknown>; headers: Record<string, string>; body?: unknown }) {
      requests.push({ method: request.method, path: request.path, query: request.query ?? {}, headers: request.headers });
      const [, bucket, ...rest] = request.path.split("/");
      const key = decodeURIComponent(rest.join("/"));
      const id = `${bucket}/${key}`;
      if (request.method === "PUT") {
        const body = request.body;
        const bytes = body instanceof Readable ? Buffer.concat(await body.toArray()) : Buffer.from(body as Uint8Array);
        objects.set(id, { body: bytes, modified: new Date() });
        return answer(200, { etag: `"${createHash("md5").update(bytes).digest("hex")}"` });
      }
      if (request.method === "DELETE") {
        objects.delete(id);
        return answer(204, {});
      }
      if (request.method === "GET" && request.query?.["list-type"] === "2") {
        const prefix = `${bucket}/${String(request.query.prefix ?? "")}`;
        const contents = [...objects]
          .filter(([k]) => k.startsWith(prefix))
          .map(
            ([k, o]) =>
              `<Contents><Key>${k.slice(bucket.length + 1)}</Key><Size>${o.body.length}</Size><LastModified>${o.modified.toISOString()}</LastModified></Contents>`,
          );
        const xml = `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><KeyCount>${contents.length}</KeyCount><IsTruncated>false</IsTruncated>${contents.join("")}</ListBucketResult>`;
        return answer(200, { "content-type": "application/xml" }, xml);
      }
      if (request.method === "GET") {
        const object = objects.get(id);
        if (!object)
          return answer(
            404,
            { "content-type": "application/xml" },
            "<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>",
          );
        return answer(200, { "content-length": String(object.body.length), "content-type": "application/octet-stream" }, object.body);
      }
      return answer(405, {});
    },
  };
  const overrides = { credentials: { accessKeyId: "AKIATESTTESTTEST", secretAccessKey: "test-secret" }, requestHandler };
  return { overrides, objects, requests };
}

/** What both stores must do alike. */
async function behavesAsAStore(store: FileStore) {
  const from = aLocalFile("%PDF-1.4 pan card");
  const here = await store.putFile("a1b2.pdf", from);
  expect(fs.readFileSync(here, "utf8")).toBe("%PDF-1.4 pan card");
  await store.putBytes("c3d4.png", Buffer.from("png bytes"));
  expect(await text((await store.read("a1b2.pdf"))!)).toBe("%PDF-1.4 pan card");
  expect(await store.read("missing.pdf")).toBeNull();
  const local = await store.localFile("c3d4.png", path.join(scratch, "copies"));
  expect(fs.readFileSync(local!, "utf8")).toBe("png bytes");
  expect(await store.localFile("missing.pdf", path.join(scratch, "copies"))).toBeNull();
  const listed = await store.list();
  expect(listed.map((f) => [f.name, f.size]).sort()).toEqual([
    ["a1b2.pdf", 17],
    ["c3d4.png", 9],
  ]);
  for (const f of listed) expect(Math.abs(f.modifiedMs - Date.now())).toBeLessThan(60_000);
  await store.delete("a1b2.pdf");
  await store.delete("a1b2.pdf"); // gone already: no error
  expect(await store.read("a1b2.pdf")).toBeNull();
  expect((await store.list()).map((f) => f.name)).toEqual(["c3d4.png"]);
  await expect(store.putBytes("../escape", Buffer.from("x"))).rejects.toThrow(/not a stored file name/);
  await expect(store.read(".hidden")).rejects.toThrow(/not a stored file name/);
  return from;
}

describe("the local file store", () => {
  it("keeps files in its directory, moving what it is given", async () => {
    const dir = path.join(scratch, "documents");
    const store = localFileStore(dir);
    expect(await store.list()).toEqual([]); // no directory yet
    const from = await behavesAsAStore(store);
    expect(fs.existsSync(from)).toBe(false); // moved
    expect(fs.readdirSync(dir)).toEqual(["c3d4.png"]);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(await store.localFile("c3d4.png", "/nowhere")).toBe(path.join(dir, "c3d4.png")); // its own file, no copy
  });

  it("is DATA_DIR/<area> when FILE_STORE is local", () => {
    expect(fileStoreFor({ kind: "local" }, "/data", "kept-uploads").where).toBe(path.join("/data", "kept-uploads"));
  });
});

describe("the S3 file store", () => {
  it("keeps files under its prefix in the bucket through the SDK, uploading a copy of what it is given", async () => {
    const s3 = s3StandIn();
    const settings = { bucket: "shop-files", prefix: "prod/documents/", region: "ap-south-1", endpoint: "http://s3.stand-in.test", forcePathStyle: true };
    const store = s3FileStore(settings, s3.overrides);
    const from = await behavesAsAStore(store);
    expect(fs.existsSync(from)).toBe(true); // a copy was uploaded: the caller deletes its file
    expect([...s3.objects.keys()]).toEqual(["shop-files/prod/documents/c3d4.png"]);
    const put = s3.requests.find((r) => r.method === "PUT")!;
    expect(put.path).toBe("/shop-files/prod/documents/a1b2.pdf");
    expect(put.headers["content-length"]).toBe("17");
    expect(put.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIATESTTESTTEST\/\d{8}\/ap-south-1\/s3\/aws4_request/);
    const list = s3.requests.find((r) => r.query["list-type"] === "2")!;
    expect(list.query.prefix).toBe("prod/documents/");
  });

  it("is <S3_PREFIX><area>/ when FILE_STORE is s3", () => {
    expect(fileStoreFor({ kind: "s3", bucket: "b", prefix: "shop/" }, "/data", "documents").where).toBe("s3://b/shop/documents/");
  });
});
