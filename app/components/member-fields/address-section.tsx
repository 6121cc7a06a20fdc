import { StateCityFields, type Place } from "../address-form";
import { FieldValue, isLocked, MemberInput, type ReadOnly, type SectionFields } from "./fields";
import { TextareaField, type FieldMeta } from "../kit";
import { useT } from "~/i18n/strings";

export type AddressFieldName = "state_id" | "city_id" | "pincode" | "address";

const placeName = (places: Place[], field: FieldMeta) => places.find((p) => String(p.id) === String(field.initialValue ?? ""))?.name ?? "—";

/** Address Details: state → city (StateCityFields), postal code, address. */
export function AddressSection({
  formId,
  fields,
  states,
  cities,
  resetCity,
  readOnly,
}: {
  formId: string;
  fields: SectionFields<AddressFieldName> & { state_id: FieldMeta & { value?: unknown } };
  states: Place[];
  cities: Place[];
  resetCity: () => void;
  readOnly?: ReadOnly;
}) {
  const placeLocked = isLocked(readOnly, "state_id") || isLocked(readOnly, "city_id");
  const t = useT();
  return (
    <fieldset className="form-section">
      <legend>{t("Address Details")}</legend>
      {placeLocked ? (
        <div className="field-row">
          <FieldValue label="State" value={placeName(states, fields.state_id)} />
          <FieldValue label="City" value={placeName(cities, fields.city_id)} />
        </div>
      ) : (
        <StateCityFields formId={formId} state={fields.state_id} city={fields.city_id} states={states} cities={cities} resetCity={resetCity} />
      )}
      <MemberInput
        field={fields.pincode}
        label="Postal Code"
        inputMode="numeric"
        maxLength={6}
        autoComplete="postal-code"
        locked={isLocked(readOnly, "pincode")}
      />
      {isLocked(readOnly, "address") ? (
        <FieldValue label="Address" value={String(fields.address.initialValue ?? "—")} />
      ) : (
        <TextareaField field={fields.address} label="Address" rows={3} autoComplete="street-address" />
      )}
    </fieldset>
  );
}
