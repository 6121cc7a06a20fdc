/**
 * What an uploaded file is, decided by its first bytes (never by its name or the type the browser
 * declares), and the messages about uploads. Zod-free: the browser, the app server and the
 * embedded upstream may all import it.
 */
import { MB, UPLOAD_TYPES, type UploadType } from "./constants";

export const ONLY_IMAGES_AND_PDF = "Only image and PDF files are allowed.";

/** How many leading bytes `detectUploadType` needs to decide. */
export const SNIFF_BYTES = 18;

/** The extensions a file of each accepted type is named with; the first is the one a stored file gets. */
const NAMED_EXTENSIONS: Readonly<Record<UploadType, readonly [string, ...string[]]>> = {
  "image/jpeg": ["jpg", "jpeg"],
  "image/png": ["png"],
  "image/bmp": ["bmp"],
  "application/pdf": ["pdf"],
};

/** File extension for a detected type (stored files are named by what they are). */
export const UPLOAD_EXTENSIONS = Object.fromEntries(UPLOAD_TYPES.map((type) => [type, NAMED_EXTENSIONS[type][0]])) as Readonly<Record<UploadType, string>>;

/** The file picker's hint, every extension and type above (the server decides by content). */
export const UPLOAD_ACCEPT = [...UPLOAD_TYPES.flatMap((type) => NAMED_EXTENSIONS[type].map((extension) => `.${extension}`)), ...UPLOAD_TYPES].join(",");

/** A stored upload's name on disk: 32 hex digits and its type's extension (never the uploader's name). */
export const STORED_UPLOAD_NAME = new RegExp(`^[0-9a-f]{32}\\.(${Object.values(UPLOAD_EXTENSIONS).join("|")})$`);

/**
 * A file's name as it is served: the uploader's name with the extension of the type its bytes
 * are, so a PDF chosen as "id.html" downloads as "id.pdf" (a name's last extension says nothing).
 */
export function fileNameForType(name: string, type: string): string {
  const extension = (UPLOAD_EXTENSIONS as Readonly<Record<string, string>>)[type];
  if (!extension) return name;
  return `${name.replace(/\.[A-Za-z][A-Za-z0-9]{0,7}$/, "") || "document"}.${extension}`;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
/** Sizes of the BMP info headers that exist (BITMAPCOREHEADER … BITMAPV5HEADER). */
const BMP_INFO_HEADER_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

const startsWith = (bytes: Uint8Array, signature: number[]) => bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/**
 * The type of a file from its first bytes (at least SNIFF_BYTES of them when the file is that
 * long): JPEG, PNG, BMP or PDF, else null. "BM" alone is two letters any text may start with, so
 * a BMP must also carry a known info-header size at offset 14.
 */
export function detectUploadType(head: Uint8Array): UploadType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  if (startsWith(head, PNG_SIGNATURE)) return "image/png";
  if (startsWith(head, PDF_SIGNATURE)) return "application/pdf";
  if (head.length >= 18 && head[0] === 0x42 && head[1] === 0x4d) {
    const infoSize = head[14] | (head[15] << 8) | (head[16] << 16) | (head[17] << 24);
    if (BMP_INFO_HEADER_SIZES.has(infoSize)) return "image/bmp";
  }
  return null;
}

const megabytes = (bytes: number) => `${Number((bytes / MB).toFixed(1))} MB`;

/** A file over the per-file limit, named so the member knows which one. */
export const fileTooLargeMessage = (fileName: string, maxBytes: number) => `The file "${fileName}" is larger than ${megabytes(maxBytes)}.`;

/** A form with more files than one post may carry: the first `max` are taken. */
export const tooManyFilesMessage = (max: number) => `Too many files in one form: only the first ${max} were taken.`;

/** A form whose files together are over the per-request limit. */
export const uploadTooLargeMessage = (maxBytes: number) => `The files together are larger than ${megabytes(maxBytes)}. Please upload smaller files.`;
