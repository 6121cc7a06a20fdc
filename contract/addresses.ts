import { z } from "zod";
import { ADDRESS_FIELD_MAX } from "./constants";
import { endpoint, envelope, num, text } from "./common";

/** A member's address (billing or shipping: one address book serves both). */
export const address = z
  .object({
    id: num,
    first_name: z.string(),
    last_name: z.string(),
    company_name: text,
    street_address_1: z.string(),
    street_address_2: text,
    state_id: num,
    state_name: text,
    city_id: num,
    city_name: text,
    pincode: z.union([z.string(), z.number().transform(String)]),
    phone_no: z.union([z.string(), z.number().transform(String)]),
    email: z.string(),
  })
  .passthrough();

/** The address form's rules (member-area.md §5), messages verbatim where the spec has one. */
const personName = (label: string) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(ADDRESS_FIELD_MAX.name, `${label} is too long`)
    .regex(/^[A-Za-z][A-Za-z ]*$/, `${label} must contain only characters`);

const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label} is too long`).optional().default("");

export const addressFields = z.object({
  first_name: personName("First Name"),
  last_name: personName("Last Name"),
  company_name: optionalText(ADDRESS_FIELD_MAX.company_name, "Company Name"),
  street_address_1: z
    .string({ required_error: "Street Address is required" })
    .trim()
    .min(1, "Street Address is required")
    .max(ADDRESS_FIELD_MAX.street_address, "Street Address is too long"),
  street_address_2: optionalText(ADDRESS_FIELD_MAX.street_address, "Street Address 2"),
  state_id: z.number({ required_error: "State is required", invalid_type_error: "State is required" }).int().positive("State is required"),
  city_id: z.number({ required_error: "City is required", invalid_type_error: "City is required" }).int().positive("City is required"),
  pincode: z
    .string({ required_error: "Postcode must 6 digit" })
    .trim()
    .regex(/^\d{6}$/, "Postcode must 6 digit"),
  phone_no: z
    .string({ required_error: "Mobile No. must be 10 digit" })
    .trim()
    .regex(/^\d{10}$/, "Mobile No. must be 10 digit"),
  email: z
    .string({ required_error: "Email ID is required" })
    .trim()
    .min(1, "Email ID is required")
    .max(ADDRESS_FIELD_MAX.email, "Invalid Email ID")
    .email("Invalid Email ID"),
});

/**
 * The caller's addresses, oldest first. The spec's body carries `id` (the member's id); the
 * upstream ignores it: the bearer token decides whose addresses these are.
 */
export const billingAddressList = endpoint(
  "billing-address-list",
  z.object({ id: z.number().int().positive().optional() }).passthrough(),
  envelope(z.array(address)),
);

/** One of the caller's addresses. Another member's (or no such) address: 404 'Address not found.'. */
export const billingAddress = endpoint("billing-address", z.object({ address_id: z.number().int().positive() }).passthrough(), envelope(address));

/**
 * Creates an address (no `id`) or updates one of the caller's (`id`). The city must be one of the
 * state's. Answers 'Address Update Successfully.' with the address as stored (its id, for a new one).
 * Another member's id: 404 'Address not found.', nothing changes. Bad fields: 422 'Validation fails.'
 * with `errors` per field. At most MAX_ADDRESSES per member: 422 beyond.
 */
export const addUserAddress = endpoint(
  "add-user-address",
  addressFields.extend({ id: z.number().int().positive().optional() }).passthrough(),
  envelope(address),
);

export const ADDRESS_SAVED = "Address Update Successfully.";

export type Address = z.infer<typeof address>;
export type AddressFields = z.input<typeof addressFields>;
