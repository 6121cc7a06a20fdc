import { describe, expect, it } from "vitest";
import { detectUploadType, fileNameForType, fileTooLargeMessage, STORED_UPLOAD_NAME, UPLOAD_ACCEPT, UPLOAD_EXTENSIONS, uploadTooLargeMessage } from "./uploads";
import { MB, UPLOAD_TYPES } from "./constants";

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (s: string) => new TextEncoder().encode(s);

/** A BMP file header and the first bytes of its info header of `infoSize` bytes. */
function bmpHead(infoSize: number): Uint8Array {
  const head = new Uint8Array(18);
  head.set(text("BM"), 0);
  new DataView(head.buffer).setUint32(2, 70, true); // file size
  new DataView(head.buffer).setUint32(10, 54, true); // pixel data offset
  new DataView(head.buffer).setUint32(14, infoSize, true);
  return head;
}

describe("detectUploadType", () => {
  it("knows JPEG, PNG, BMP and PDF by their first bytes", () => {
    expect(detectUploadType(bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10))).toBe("image/jpeg");
    expect(detectUploadType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13))).toBe("image/png");
    expect(detectUploadType(bmpHead(40))).toBe("image/bmp");
    expect(detectUploadType(bmpHead(124))).toBe("image/bmp");
    expect(detectUploadType(text("%PDF-1.7\n%âãÏÓ"))).toBe("application/pdf");
  });

  it("refuses everything else, whatever it is called", () => {
    expect(detectUploadType(bytes(0x4d, 0x5a, 0x90, 0x00))).toBeNull(); // a Windows program
    expect(detectUploadType(text("GIF89a"))).toBeNull();
    expect(detectUploadType(text("<svg xmlns="))).toBeNull();
    expect(detectUploadType(text("BMW service history, 2019"))).toBeNull(); // "BM" without a BMP header
    expect(detectUploadType(bmpHead(41))).toBeNull();
    expect(detectUploadType(text("%PD"))).toBeNull();
    expect(detectUploadType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull(); // a PNG signature cut short
    expect(detectUploadType(new Uint8Array())).toBeNull();
  });
});

describe("upload messages", () => {
  it("name the file and the limit", () => {
    expect(fileTooLargeMessage("scan.png", 5 * MB)).toBe('The file "scan.png" is larger than 5 MB.');
    expect(fileTooLargeMessage("a.pdf", 2.5 * MB)).toBe('The file "a.pdf" is larger than 2.5 MB.');
    expect(uploadTooLargeMessage(20 * MB)).toBe("The files together are larger than 20 MB. Please upload smaller files.");
  });
});

describe("fileNameForType (issue 35)", () => {
  it("names a file by the type its bytes are, not by the extension it was uploaded with", () => {
    expect(fileNameForType("id.html", "application/pdf")).toBe("id.pdf");
    expect(fileNameForType("pan card.JPEG", "image/jpeg")).toBe("pan card.jpg");
    expect(fileNameForType("scan", "image/png")).toBe("scan.png");
    expect(fileNameForType(".html", "application/pdf")).toBe("document.pdf");
    expect(fileNameForType("notes.txt", "text/plain")).toBe("notes.txt");
  });

  it("knows a stored name only by 32 hex digits and an upload type's extension", () => {
    expect(STORED_UPLOAD_NAME.test(`${"a1".repeat(16)}.pdf`)).toBe(true);
    expect(STORED_UPLOAD_NAME.test(`${"a1".repeat(16)}.html`)).toBe(false);
    expect(STORED_UPLOAD_NAME.test(`../${"a1".repeat(16)}.pdf`)).toBe(false);
  });
});

describe("the file picker's hint", () => {
  it("names every accepted type and each stored extension, and nothing else", () => {
    const hints = UPLOAD_ACCEPT.split(",");
    for (const type of UPLOAD_TYPES) {
      expect(hints).toContain(type);
      expect(hints).toContain(`.${UPLOAD_EXTENSIONS[type]}`);
    }
    expect(hints).toContain(".jpeg");
    expect(hints).toEqual([".jpg", ".jpeg", ".png", ".bmp", ".pdf", ...UPLOAD_TYPES]);
  });
});
