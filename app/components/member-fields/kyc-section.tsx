import { useState, type ReactNode } from "react";
import type { KeptUpload } from "~/forms/member-uploads";
import type { Choice } from "../choice-fields";
import { useHydrated } from "../kit";
import { isLocked, MemberInput, MemberSelect, type ReadOnly, type SectionFields } from "./fields";
import { UploadField } from "./upload-field";
import { useT } from "~/i18n/strings";

export type KycFieldName = "gst_no" | "pan" | "pan_card" | "id_proof_id" | "id_proof";

/** The Aadhaar Act allows keeping only a masked copy: the member is asked for one. */
const AADHAAR_MASKED_COPY = "Aadhaar: upload a masked copy, with only the last four digits of the Aadhaar number visible.";
const isAadhaar = (label: string | undefined) => !!label && /aadhaa?r/i.test(label);

/** Add KYC Details: GST number (optional), PAN and its files, the ID proof's type and files. */
export function KycSection({
  fields,
  idProofs,
  kept = [],
  maxFileBytes,
  readOnly,
  documents,
  uploadsRequired = true,
}: {
  fields: SectionFields<KycFieldName>;
  idProofs: Choice[];
  kept?: KeptUpload[];
  maxFileBytes: number;
  readOnly?: ReadOnly;
  /** What a locked upload shows (the stored documents), by field. */
  documents?: Partial<Record<"pan_card" | "id_proof", ReactNode>>;
  /** Registration needs the files; account details only adds to those stored. */
  uploadsRequired?: boolean;
}) {
  const hydrated = useHydrated();
  const [proofType, setProofType] = useState(String(fields.id_proof_id.initialValue ?? ""));
  const aadhaarChosen = isAadhaar(idProofs.find((p) => String(p.value) === proofType)?.label);
  const offersAadhaar = idProofs.some((p) => isAadhaar(p.label));
  // without JavaScript the form cannot tell what is chosen: the note shows whenever Aadhaar is a choice
  const aadhaarNote = (hydrated ? aadhaarChosen : offersAadhaar) ? AADHAAR_MASKED_COPY : undefined;
  const t = useT();
  return (
    <fieldset className="form-section">
      <legend>{t("Add KYC Details")}</legend>
      <div className="field-row">
        <MemberInput
          field={fields.pan}
          label="PAN No."
          autoCapitalize="characters"
          maxLength={10}
          autoComplete="off"
          spellCheck={false}
          locked={isLocked(readOnly, "pan")}
        />
        <MemberInput
          field={fields.gst_no}
          label="GST No. (optional)"
          autoCapitalize="characters"
          maxLength={15}
          autoComplete="off"
          spellCheck={false}
          locked={isLocked(readOnly, "gst_no")}
        />
      </div>
      <UploadField
        field={fields.pan_card}
        label="PAN Card"
        multiple
        required={uploadsRequired}
        kept={kept.filter((k) => k.field === "pan_card")}
        maxFileBytes={maxFileBytes}
        hint="JPEG, PNG, BMP or PDF; front and back may be separate files."
        locked={isLocked(readOnly, "pan_card")}
        lockedValue={documents?.pan_card}
      />
      <MemberSelect
        field={fields.id_proof_id}
        label="ID Proof"
        options={idProofs}
        placeholder="Select ID Proof"
        locked={isLocked(readOnly, "id_proof_id")}
        onChange={(event) => setProofType(event.currentTarget.value)}
      />
      <UploadField
        field={fields.id_proof}
        label="ID Proof Files"
        multiple
        required={uploadsRequired}
        kept={kept.filter((k) => k.field === "id_proof")}
        maxFileBytes={maxFileBytes}
        hint={aadhaarNote ?? "JPEG, PNG, BMP or PDF; front and back may be separate files."}
        locked={isLocked(readOnly, "id_proof")}
        lockedValue={documents?.id_proof}
      />
    </fieldset>
  );
}
