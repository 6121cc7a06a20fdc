import { z } from "zod";
import { addressFields } from "#contract/addresses";

/**
 * The address form of My Account's address tab and of checkout (add-user-address): the
 * contract's address rules, the spec's messages verbatim (member-area.md §5, Address form), so
 * the browser, this app's action and the upstream check one schema.
 */
export const addressSchema = addressFields.extend({
  /** present: update that address; absent: a new one */
  id: z.number().int().positive().optional(),
});

export type AddressInput = z.infer<typeof addressSchema>;

/** The submit button's `intent` that re-renders the form with the chosen state's cities (no JS). */
export const SHOW_CITIES_INTENT = "show-cities";
/** The submit button's `intent` that saves the address. */
export const SAVE_ADDRESS_INTENT = "save-address";
