import { useEffect, useRef, useState, type ReactNode } from "react";
import { UPLOAD_ACCEPT, detectUploadType, fileTooLargeMessage, ONLY_IMAGES_AND_PDF, SNIFF_BYTES } from "#contract/uploads";
import { fileSizeLabel, KEPT_FIELD, REMOVE_KEPT_FIELD, type KeptUpload } from "~/forms/member-uploads";
import { ErrorList, useHydrated, type FieldMeta } from "../kit";
import { FieldValue } from "./fields";
import { useT } from "~/i18n/strings";

interface UploadFieldProps {
  field: FieldMeta;
  label: string;
  /** Several files (PAN card, ID proof) or exactly one (cancelled cheque). */
  multiple?: boolean;
  /** Files of this field the server kept from an earlier submit: posted again unless ticked for removal. */
  kept?: KeptUpload[];
  /** The per-file limit (configuration), checked in the browser before anything is sent. */
  maxFileBytes: number;
  required?: boolean;
  hint?: ReactNode;
  /** Locked (an approved member's documents): the documents as text, no input. */
  locked?: boolean;
  /** What a locked field shows (e.g. links to the stored documents). */
  lockedValue?: ReactNode;
}

/** Why a chosen file cannot be sent, read from its first bytes and its size (the server checks again). */
async function refusal(file: File, maxFileBytes: number): Promise<string | null> {
  if (file.size > maxFileBytes) return fileTooLargeMessage(file.name, maxFileBytes);
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return detectUploadType(head) ? null : `${file.name}: ${ONLY_IMAGES_AND_PDF}`;
}

/**
 * A document upload. Without JavaScript: a plain file input (`multiple` where several are taken).
 * With it: choosing more files adds them to a list, each with a Remove button (the input's own
 * file list is rebuilt, so the form posts them as usual); a file of the wrong type or over the
 * limit is refused at once with a message naming it. Files kept from a failed submit are listed
 * with a Remove checkbox and posted again by their tokens.
 */
export function UploadField({ field, label, multiple = false, kept = [], maxFileBytes, required, hint, locked, lockedValue }: UploadFieldProps) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File[]>([]);
  const t = useT();
  const [refused, setRefused] = useState<string[]>([]);
  // the server kept what was sent: the input starts empty again, or the files would go twice
  const keptKey = kept.map((k) => k.token).join(" ");
  useEffect(() => {
    setChosen([]);
    if (input.current) input.current.value = "";
  }, [keptKey]);
  if (locked) return <FieldValue label={label} value={lockedValue ?? "—"} />;

  const show = (files: File[]) => {
    setChosen(files);
    if (!input.current) return;
    const list = new DataTransfer();
    for (const file of files) list.items.add(file);
    input.current.files = list.files;
  };
  const onChange = async (picked: File[]) => {
    const reasons = await Promise.all(picked.map((file) => refusal(file, maxFileBytes)));
    const accepted = picked.filter((_, i) => reasons[i] === null);
    setRefused(reasons.filter((r): r is string => r !== null));
    show(multiple ? [...chosen, ...accepted] : accepted.slice(0, 1));
  };

  const invalid = !!field.errors?.length || refused.length > 0;
  const refusedId = `${field.id}-refused`;
  const describedBy = [field.errors?.length ? field.errorId : "", refused.length ? refusedId : "", hint ? field.descriptionId : ""].filter(Boolean).join(" ");
  return (
    <div className={invalid ? "field upload-field has-error" : "field upload-field"}>
      <span className={required ? "field-label required" : "field-label"}>
        <label htmlFor={field.id}>{t(label)}</label>
      </span>
      {kept.length ? (
        <ul className="file-list kept-files" aria-label={t("{{label}}: files received", { label: t(label) })}>
          {kept.map((upload) => (
            <li key={upload.token}>
              <input type="hidden" name={KEPT_FIELD} value={upload.token} form={field.formId} />
              <span className="file-name">{upload.name}</span> <span className="file-size">({fileSizeLabel(upload.size)})</span>{" "}
              <label className="file-remove">
                <input type="checkbox" name={REMOVE_KEPT_FIELD} value={upload.token} form={field.formId} /> {t("Remove")}
                <span className="visually-hidden"> {upload.name}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={input}
        key={field.key}
        id={field.id}
        name={field.name}
        form={field.formId}
        type="file"
        accept={UPLOAD_ACCEPT}
        multiple={multiple || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        onChange={hydrated ? (event) => void onChange([...(event.currentTarget.files ?? [])]) : undefined}
      />
      {hydrated && multiple && chosen.length ? (
        <ul className="file-list chosen-files" aria-label={t("{{label}}: files chosen", { label: t(label) })}>
          {chosen.map((file, i) => (
            <li key={`${file.name}-${i}`}>
              <span className="file-name">{file.name}</span> <span className="file-size">({fileSizeLabel(file.size)})</span>{" "}
              <button type="button" className="text-button" onClick={() => show(chosen.filter((_, j) => j !== i))}>
                {t("Remove")}
                <span className="visually-hidden"> {file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {hint ? (
        <p className="field-hint" id={field.descriptionId}>
          {typeof hint === "string" ? t(hint) : hint}
        </p>
      ) : null}
      <div aria-live="polite">
        <ErrorList id={refusedId} errors={refused.length ? refused : undefined} />
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
