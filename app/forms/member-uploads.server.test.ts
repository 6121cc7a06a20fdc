import { existsSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { KEEP_UPLOADS_MS, KEPT_FIELD, keptStandIn, REMOVE_KEPT_FIELD, withKeptUploads } from "./member-uploads";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "kept-uploads-test-"));
process.env.DATA_DIR = dataDir;
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-1234";
const { discardKept, keepUploads, keptUploadsOf, sweepKeptUploads } = await import("./member-uploads.server");
const { UploadedFile } = await import("~/utils/uploads.server");

const VISITOR = "csrf-token-of-one-visitor";
const keptDir = path.join(dataDir, "kept-uploads");
const scratch = path.join(dataDir, "scratch");

/** A file as parseUploads leaves it: on disk under a random name, with the visitor's name. */
function received(name: string, bytes = "%PDF-1.4 scan") {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "upload-")), "0123abcd.pdf");
  writeFileSync(file, bytes);
  return new UploadedFile(file, "application/pdf", name);
}

function posted(tokens: string[], removed: string[] = []) {
  const form = new FormData();
  for (const token of tokens) form.append(KEPT_FIELD, token);
  for (const token of removed) form.append(REMOVE_KEPT_FIELD, token);
  return form;
}

describe("kept uploads", () => {
  it("keeps a received file under a random name and finds it again by its token", async () => {
    const [kept] = await keepUploads([{ field: "pan_card", file: received("my pan.pdf") }], VISITOR);
    expect(kept).toMatchObject({ field: "pan_card", name: "my pan.pdf", size: 13, type: "application/pdf" });
    expect(readdirSync(keptDir)).toHaveLength(1);
    expect(readdirSync(keptDir)[0]).toMatch(/^[0-9a-f]{32}\.pdf$/);

    const again = await keptUploadsOf(posted([kept.token]), VISITOR, Date.now(), scratch);
    expect(again.kept.map((k) => [k.field, k.name, k.file.name, k.file.size])).toEqual([["pan_card", "my pan.pdf", "my pan.pdf", 13]]);
    await discardKept(again.kept);
    expect(existsSync(kept.file.getFilePath())).toBe(false);
  });

  it("is worthless to another visitor, once changed, or after an hour", async () => {
    const now = Date.now();
    const [kept] = await keepUploads([{ field: "id_proof", file: received("id.pdf") }], VISITOR, now);
    expect((await keptUploadsOf(posted([kept.token]), "someone-else", Date.now(), scratch)).kept).toEqual([]);
    const [payload, signature] = kept.token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), s: "../../etc/passwd" })).toString("base64url");
    expect((await keptUploadsOf(posted([`${forged}.${signature}`]), VISITOR, Date.now(), scratch)).kept).toEqual([]);
    expect((await keptUploadsOf(posted([kept.token]), VISITOR, now + KEEP_UPLOADS_MS + 1, scratch)).kept).toEqual([]);
    expect((await keptUploadsOf(posted([kept.token]), VISITOR, now + 1000, scratch)).kept).toHaveLength(1);
    await discardKept([kept]);
  });

  it("sets apart the files ticked for removal", async () => {
    const [a, b] = await keepUploads(
      [
        { field: "pan_card", file: received("front.pdf") },
        { field: "pan_card", file: received("back.pdf") },
      ],
      VISITOR,
    );
    const { kept, removed } = await keptUploadsOf(posted([a.token, b.token], [b.token]), VISITOR, Date.now(), scratch);
    expect(kept.map((k) => k.name)).toEqual(["front.pdf"]);
    expect(removed.map((k) => k.name)).toEqual(["back.pdf"]);
    await discardKept([...kept, ...removed]);
  });

  it("sweeps away files older than an hour", async () => {
    const [old] = await keepUploads([{ field: "pan_card", file: received("old.pdf") }], VISITOR);
    const [fresh] = await keepUploads([{ field: "pan_card", file: received("fresh.pdf") }], VISITOR);
    const twoHoursAgo = (Date.now() - 2 * KEEP_UPLOADS_MS) / 1000;
    utimesSync(old.file.getFilePath(), twoHoursAgo, twoHoursAgo);
    await sweepKeptUploads();
    expect(existsSync(old.file.getFilePath())).toBe(false);
    expect(existsSync(fresh.file.getFilePath())).toBe(true);
    await discardKept([fresh]);
  });
});

describe("the kept folder's ceilings (KEPT_UPLOADS_MAX_MB, KEPT_UPLOADS_MAX_FILES)", () => {
  it("keeps nothing more once the folder is full, and deletes what it did not keep", async () => {
    const ceiling = { bytes: 64, files: 1000 };
    const first = await keepUploads([{ field: "pan_card", file: received("a.pdf", "%PDF-" + "x".repeat(40)) }], VISITOR, Date.now(), ceiling);
    expect(first).toHaveLength(1);
    const second = received("b.pdf", "%PDF-" + "y".repeat(40));
    expect(await keepUploads([{ field: "pan_card", file: second }], VISITOR, Date.now(), ceiling)).toEqual([]);
    expect(existsSync(second.getFilePath())).toBe(false);
    await discardKept(first);
  });

  it("counts files too: tiny files past the count are not kept, whatever their bytes", async () => {
    const ceiling = { bytes: 1024 * 1024, files: 3 };
    const first = await keepUploads(
      [
        { field: "pan_card", file: received("a.pdf") },
        { field: "pan_card", file: received("b.pdf") },
      ],
      VISITOR,
      Date.now(),
      ceiling,
    );
    expect(first).toHaveLength(2);
    const more = [received("c.pdf"), received("d.pdf")];
    expect(
      await keepUploads(
        more.map((file) => ({ field: "id_proof", file })),
        VISITOR,
        Date.now(),
        ceiling,
      ),
    ).toEqual([]);
    expect(more.map((file) => existsSync(file.getFilePath()))).toEqual([false, false]);
    expect(readdirSync(keptDir)).toHaveLength(2);
    await discardKept(first);
  });
});

describe("withKeptUploads (the browser's check)", () => {
  const kept = [
    { token: "t1", field: "pan_card", name: "pan.png", size: 10, type: "image/png" },
    { token: "t2", field: "cancel_cheque", name: "cheque.png", size: 10, type: "image/png" },
  ];

  it("counts kept files as chosen, except those ticked for removal", () => {
    const form = new FormData();
    form.append("first_name", "Asha");
    form.append(REMOVE_KEPT_FIELD, "t1");
    form.append("cancel_cheque", new File([], ""));
    const seen = withKeptUploads(form, kept, ["cancel_cheque"], keptStandIn);
    expect(seen.get("first_name")).toBe("Asha");
    expect(seen.getAll("pan_card")).toEqual([]);
    expect((seen.getAll("cancel_cheque") as File[]).map((f) => f.name)).toEqual(["", "cheque.png"]);
    expect(seen.has(REMOVE_KEPT_FIELD)).toBe(false);
  });

  it("lets a newly chosen file replace the kept one of a one-file field", () => {
    const form = new FormData();
    form.append("cancel_cheque", new File(["x"], "new-cheque.pdf", { type: "application/pdf" }));
    const seen = withKeptUploads(form, kept, ["cancel_cheque"], keptStandIn);
    expect((seen.getAll("cancel_cheque") as File[]).map((f) => f.name)).toEqual(["new-cheque.pdf"]);
    expect((seen.getAll("pan_card") as File[]).map((f) => f.name)).toEqual(["pan.png"]);
  });
});
