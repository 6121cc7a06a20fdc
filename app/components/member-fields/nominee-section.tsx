import type { Choice } from "../choice-fields";
import { isLocked, MemberInput, MemberSelect, type ReadOnly, type SectionFields } from "./fields";
import { useT } from "~/i18n/strings";

export type NomineeFieldName = "nominee_name" | "nominee_age" | "relation_with_applicant";

/** Add Nominee Information: name, age, relation (registration-option-details' relations). */
export function NomineeSection({ fields, relations, readOnly }: { fields: SectionFields<NomineeFieldName>; relations: Choice[]; readOnly?: ReadOnly }) {
  const t = useT();
  return (
    <fieldset className="form-section">
      <legend>{t("Add Nominee Information")}</legend>
      <div className="field-row field-row-3">
        <MemberInput field={fields.nominee_name} label="Nominee Name" autoComplete="off" locked={isLocked(readOnly, "nominee_name")} />
        <MemberInput
          field={fields.nominee_age}
          label="Nominee Age"
          inputMode="numeric"
          maxLength={3}
          autoComplete="off"
          locked={isLocked(readOnly, "nominee_age")}
        />
        <MemberSelect
          field={fields.relation_with_applicant}
          label="Relation"
          options={relations}
          placeholder="Select Relation"
          locked={isLocked(readOnly, "relation_with_applicant")}
        />
      </div>
    </fieldset>
  );
}
