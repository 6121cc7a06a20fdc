import type { ReactNode } from "react";
import { GENDER_LABELS } from "#contract/constants";
import { isLocked, MemberInput, RadioGroupField, type ReadOnly, type SectionFields } from "./fields";
import { useT } from "~/i18n/strings";

export type PersonalFieldName = "first_name" | "middle_name" | "last_name" | "email" | "mobile_no" | "phone_no" | "date_of_birth" | "gender";

// the spec's order of the two (2 Male, 1 Female) as the form shows them
const GENDERS = [2, 1].map((value) => ({ value, label: GENDER_LABELS[value] }));

/** Personal details. `children` come after the contact numbers (registration's password fields). */
export function PersonalSection({
  fields,
  latestDateOfBirth,
  readOnly,
  children,
}: {
  fields: SectionFields<PersonalFieldName>;
  /** The date picker's max (members are adults). */
  latestDateOfBirth: string;
  readOnly?: ReadOnly;
  children?: ReactNode;
}) {
  const locked = (name: PersonalFieldName) => isLocked(readOnly, name);
  const t = useT();
  return (
    <fieldset className="form-section">
      <legend>{t("Personal details")}</legend>
      <div className="field-row field-row-3">
        <MemberInput field={fields.first_name} label="First Name" autoComplete="given-name" locked={locked("first_name")} />
        <MemberInput field={fields.middle_name} label="Middle Name" autoComplete="additional-name" locked={locked("middle_name")} />
        <MemberInput field={fields.last_name} label="Last Name" autoComplete="family-name" locked={locked("last_name")} />
      </div>
      <div className="field-row">
        <MemberInput field={fields.email} label="Email ID" type="email" autoComplete="email" locked={locked("email")} />
        <MemberInput
          field={fields.date_of_birth}
          label="Date of Birth"
          type="date"
          max={latestDateOfBirth}
          autoComplete="bday"
          locked={locked("date_of_birth")}
        />
      </div>
      <div className="field-row">
        <MemberInput
          field={fields.mobile_no}
          label="Mobile Number"
          type="tel"
          inputMode="numeric"
          maxLength={10}
          autoComplete="tel-national"
          locked={locked("mobile_no")}
        />
        <MemberInput
          field={fields.phone_no}
          label="Phone Number"
          type="tel"
          inputMode="numeric"
          maxLength={10}
          autoComplete="off"
          locked={locked("phone_no")}
        />
      </div>
      <RadioGroupField field={fields.gender} legend="Gender" options={GENDERS} locked={locked("gender")} />
      {children}
    </fieldset>
  );
}
