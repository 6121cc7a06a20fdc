import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { SIDE_LABELS } from "#contract/constants";
import { useHydrated } from "../kit";
import { MemberInput, RadioGroupField, withErrors, type SectionFields } from "./fields";
import { useT } from "~/i18n/strings";

/** What /resources/sponsor answers: the sponsor's first name, or null for an unknown or blocked Sponsor ID. */
export interface SponsorLookup {
  sponsorId: string;
  firstName: string | null;
  message?: string;
}

/** The submit button's `intent` that looks the sponsor up without JavaScript. */
export const LOOKUP_SPONSOR_INTENT = "lookup-sponsor";

const SIDES = Object.entries(SIDE_LABELS).map(([value, label]) => ({ value, label }));

/**
 * Sponsor details: Sponsor ID first, Sponsor Name (filled from the lookup, editable), the side.
 * With JavaScript leaving Sponsor ID looks the sponsor up (an empty value clears the message);
 * without it, "Look up" submits the form with its own intent and the action fills the name.
 */
export function SponsorSection({
  fields,
  onSponsorFound,
}: {
  fields: SectionFields<"sponsor_id" | "sponsor_name" | "side_id">;
  /** Puts the sponsor's first name in Sponsor Name (the form library's update). */
  onSponsorFound: (firstName: string) => void;
}) {
  const hydrated = useHydrated();
  const lookup = useFetcher<SponsorLookup>();
  const [asked, setAsked] = useState<string | null>(null);
  const answer = asked && lookup.data && lookup.data.sponsorId === asked ? lookup.data : null;

  useEffect(() => {
    if (answer?.firstName) onSponsorFound(answer.firstName);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  // the lookup's message replaces the server's until the next lookup
  const sponsorErrors = answer && !answer.firstName && answer.message ? [answer.message] : asked === "" ? undefined : fields.sponsor_id.errors;
  const t = useT();
  return (
    <fieldset className="form-section">
      <legend>{t("Sponsor details")}</legend>
      <div className="field-row">
        <div className="field-with-action">
          <MemberInput
            field={withErrors(fields.sponsor_id, sponsorErrors)}
            label="Sponsor ID"
            autoCapitalize="characters"
            spellCheck={false}
            onBlur={(event) => {
              const value = event.currentTarget.value.trim().toUpperCase();
              setAsked(value);
              if (value) lookup.load(`/resources/sponsor?sponsor_id=${encodeURIComponent(value)}`);
            }}
          />
          {hydrated ? null : (
            <button type="submit" name="intent" value={LOOKUP_SPONSOR_INTENT} formNoValidate className="button button-secondary">
              {t("Look up")}
            </button>
          )}
        </div>
        <MemberInput field={fields.sponsor_name} label="Sponsor Name" autoComplete="off" aria-busy={lookup.state === "loading" || undefined} />
      </div>
      <RadioGroupField field={fields.side_id} legend="Side" options={SIDES} />
    </fieldset>
  );
}
