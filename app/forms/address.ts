import { z } from "zod";

/**
 * The address form of My Account's address tab and of checkout (add-user-address). Messages are
 * the spec's, verbatim (member-area.md §5, Address form); the names' wording follows registration.
 */
const name = (label: string) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(60)
    .regex(/^[A-Za-z][A-Za-z ]*$/, `${label} must contain only characters`);

const optional = z.string().trim().max(120).optional().default("");

/** The submit button's `intent` that re-renders the form with the chosen state's cities (no JS). */
export const SHOW_CITIES_INTENT = "show-cities";
/** The submit button's `intent` that saves the address. */
export const SAVE_ADDRESS_INTENT = "save-address";

export const addressSchema = z.object({
  /** present: update that address; absent: a new one */
  id: z.number().int().positive().optional(),
  first_name: name("First Name"),
  last_name: name("Last Name"),
  company_name: optional,
  street_address_1: z.string({ required_error: "Street Address is required" }).trim().min(1, "Street Address is required").max(200),
  street_address_2: optional,
  state_id: z.number({ required_error: "State is required", invalid_type_error: "State is required" }).int().positive("State is required"),
  city_id: z.number({ required_error: "City is required", invalid_type_error: "City is required" }).int().positive("City is required"),
  pincode: z.string({ required_error: "Postcode must 6 digit" }).trim().regex(/^\d{6}$/, "Postcode must 6 digit"),
  phone_no: z.string({ required_error: "Mobile No. must be 10 digit" }).trim().regex(/^\d{10}$/, "Mobile No. must be 10 digit"),
  email: z.string({ required_error: "Email ID is required" }).trim().min(1, "Email ID is required").max(120).email("Invalid Email ID"),
});

export type AddressInput = z.infer<typeof addressSchema>;
