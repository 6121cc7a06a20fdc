import type { ReactNode } from "react";
import { ACCOUNT_TYPE_LABELS } from "#contract/constants";
import type { KeptUpload } from "~/forms/member-uploads";
import { TextareaField } from "../kit";
import { FieldValue, isLocked, MemberInput, MemberSelect, type ReadOnly, type SectionFields } from "./fields";
import { UploadField } from "./upload-field";
import { useT } from "~/i18n/strings";

export type BankFieldName =
  "bank_name" | "account_type" | "account_holder_name" | "bank_account_number" | "branch_name_and_address" | "bank_ifsc_no" | "branch_city" | "cancel_cheque";

const ACCOUNT_TYPES = Object.entries(ACCOUNT_TYPE_LABELS).map(([value, label]) => ({ value, label }));

/** Add Bank Details, with the cancelled cheque (exactly one file). */
export function BankSection({
  fields,
  kept = [],
  maxFileBytes,
  readOnly,
  chequeDocument,
  uploadsRequired = true,
}: {
  fields: SectionFields<BankFieldName>;
  kept?: KeptUpload[];
  maxFileBytes: number;
  readOnly?: ReadOnly;
  /** What a locked cheque upload shows (the stored document). */
  chequeDocument?: ReactNode;
  /** Registration needs the cheque; account details only adds to what is stored. */
  uploadsRequired?: boolean;
}) {
  const locked = (name: BankFieldName) => isLocked(readOnly, name);
  const t = useT();
  return (
    <fieldset className="form-section">
      <legend>{t("Add Bank Details")}</legend>
      <div className="field-row">
        <MemberInput field={fields.account_holder_name} label="Account Holder Name" autoComplete="off" locked={locked("account_holder_name")} />
        <MemberInput
          field={fields.bank_account_number}
          label="Bank Account Number"
          inputMode="numeric"
          maxLength={16}
          autoComplete="off"
          locked={locked("bank_account_number")}
        />
      </div>
      <div className="field-row">
        <MemberInput field={fields.bank_name} label="Bank Name" autoComplete="off" locked={locked("bank_name")} />
        <MemberSelect
          field={fields.account_type}
          label="Account Type"
          options={ACCOUNT_TYPES}
          placeholder="Select Account Type"
          locked={locked("account_type")}
        />
      </div>
      <div className="field-row">
        <MemberInput
          field={fields.bank_ifsc_no}
          label="IFSC No."
          autoCapitalize="characters"
          maxLength={11}
          autoComplete="off"
          spellCheck={false}
          locked={locked("bank_ifsc_no")}
        />
        <MemberInput field={fields.branch_city} label="Branch City" autoComplete="off" locked={locked("branch_city")} />
      </div>
      {locked("branch_name_and_address") ? (
        <FieldValue label="Bank Branch Name and Address" value={String(fields.branch_name_and_address.initialValue ?? "—")} />
      ) : (
        <TextareaField field={fields.branch_name_and_address} label="Bank Branch Name and Address" rows={2} />
      )}
      <UploadField
        field={fields.cancel_cheque}
        label="Cancelled Cheque"
        required={uploadsRequired}
        kept={kept.filter((k) => k.field === "cancel_cheque")}
        maxFileBytes={maxFileBytes}
        hint="One file: JPEG, PNG, BMP or PDF. A new file replaces the one received."
        locked={locked("cancel_cheque")}
        lockedValue={chequeDocument}
      />
    </fieldset>
  );
}
