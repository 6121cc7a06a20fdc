/**
 * Documents a member form keeps across a failed submit (registration, account details): what the
 * browser knows of a kept file, and how a form's data counts them as chosen. Zod-free and
 * browser-safe; the server half is member-uploads.server.ts.
 */

/** A file the server kept from an earlier submit of the form, referenced by its signed token. */
export interface KeptUpload {
  token: string;
  /** The form field it was chosen in (pan_card, id_proof, cancel_cheque). */
  field: string;
  /** The visitor's name of the file. */
  name: string;
  size: number;
  /** What its first bytes say it is. */
  type: string;
}

/** Hidden inputs naming the kept files the form posts again, and the checkboxes that drop one. */
export const KEPT_FIELD = "kept";
export const REMOVE_KEPT_FIELD = "remove_kept";

/** How long a kept file waits for the form to come back. */
export const KEEP_UPLOADS_MS = 60 * 60 * 1000;

/** A chosen file input posts a named file; an empty one a nameless, empty file. */
const isChosen = (value: FormDataEntryValue) => typeof value !== "string" && !(value.name === "" && value.size === 0);

/**
 * The form's data as the schema should see it: every kept file the member did not tick for
 * removal counts as a file of its field (a stand-in with its name and type, for the browser's
 * check). A field that takes one file (`single`) counts a kept one only when no new one is chosen.
 */
export function withKeptUploads(formData: FormData, kept: KeptUpload[], single: readonly string[], file: (upload: KeptUpload) => File): FormData {
  const removed = new Set(formData.getAll(REMOVE_KEPT_FIELD));
  const result = new FormData();
  for (const [name, value] of formData) if (name !== KEPT_FIELD && name !== REMOVE_KEPT_FIELD) result.append(name, value);
  for (const upload of kept) {
    if (removed.has(upload.token)) continue;
    if (single.includes(upload.field) && result.getAll(upload.field).some(isChosen)) continue;
    result.append(upload.field, file(upload));
  }
  return result;
}

/** The browser's stand-in for a kept file: its name and type, for the schema's checks. */
export const keptStandIn = (upload: KeptUpload) => new File([], upload.name, { type: upload.type });

/** "1.2 MB", "350 kB": a file's size as the list shows it. */
export function fileSizeLabel(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}
