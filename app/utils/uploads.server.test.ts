import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tooManyFilesMessage } from "#contract/uploads";
import { UNREADABLE_FORM } from "./form-data.server";

process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-1234";
process.env.UPLOAD_MAX_FILES = "3";
const { parseUploads, refusedUploadMessage, uploadRefusalOf } = await import("./uploads.server");

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0]);
const post = (body: BodyInit, headers: Record<string, string> = {}) => new Request("http://shop.test/register", { method: "POST", body, headers });
const onDisk = (value: FormDataEntryValue | null) => readFileSync((value as unknown as { getFilePath(): string }).getFilePath());

describe("parseUploads (issue 35)", () => {
  it("reads quoted file names as browsers send them: a=b.png and x;y.pdf", async () => {
    const form = new FormData();
    form.set("first_name", "Asha");
    form.append("pan_card", new File([PNG], "a=b.png", { type: "image/png" }));
    form.append("pan_card", new File(["%PDF-1.4 scan"], "x;y.pdf", { type: "application/pdf" }));
    const uploads = await parseUploads(post(form));
    try {
      expect(uploads.formData.get("first_name")).toBe("Asha");
      expect(uploads.formData.getAll("pan_card").map((file) => (file as File).name)).toEqual(["a=b.png", "x;y.pdf"]);
      expect(onDisk(uploads.formData.get("pan_card"))).toEqual(Buffer.from(PNG));
      expect(uploads.refused).toEqual([]);
    } finally {
      await uploads.cleanup();
    }
  });

  it("takes at most UPLOAD_MAX_FILES files, writes none past them, and keeps the text after them", async () => {
    const form = new FormData();
    for (let i = 0; i < 5; i++) form.append("id_proof", new File([PNG], `scan-${i}.png`, { type: "image/png" }));
    form.set("last_name", "Rawat");
    const uploads = await parseUploads(post(form));
    try {
      expect(uploads.formData.getAll("id_proof")).toHaveLength(3);
      expect(uploads.formData.get("last_name")).toBe("Rawat");
      expect(uploads.refused.map((r) => [r.fileName, r.reason])).toEqual([
        ["scan-3.png", "too-many"],
        ["scan-4.png", "too-many"],
      ]);
      expect(refusedUploadMessage(uploads.refused[0])).toBe(tooManyFilesMessage(3));
    } finally {
      await uploads.cleanup();
    }
  });

  it("answers a post that is no multipart form, or a broken one, with 400 and a message, never an error", async () => {
    const refusals = await Promise.all(
      [
        post(new URLSearchParams({ first_name: "Asha" })),
        post('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunfinished', { "Content-Type": "multipart/form-data; boundary=x" }),
        post("anything", { "Content-Type": "multipart/form-data" }),
      ].map((request) => parseUploads(request).then(() => null, uploadRefusalOf)),
    );
    expect(refusals).toEqual(Array(3).fill({ status: 400, message: UNREADABLE_FORM }));
  });
});
