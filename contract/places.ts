import { z } from "zod";
import { empty, endpoint, envelope, num, text } from "./common";

/** A state or union territory of India, with its two-digit GST state code. */
export const state = z.object({ id: num, name: z.string(), gst_code: text }).passthrough();

export const city = z.object({ id: num, name: z.string() }).passthrough();

/** A pickup branch. Its state is the place of supply of a Pickup Appointment. */
export const branch = z
  .object({
    id: num,
    branch_name: z.string(),
    address: text,
    state_id: num,
    state_name: text,
  })
  .passthrough();

/** Every state and union territory, by name. */
export const states = endpoint("states", empty, envelope(z.object({ states: z.array(state) }).passthrough()));

/** The cities of one state, by name. An unknown state answers an empty list (the spec's "emptied if failing"). */
export const cities = endpoint(
  "cities",
  z.object({ state_id: z.number().int().positive() }).passthrough(),
  envelope(z.object({ cities: z.array(city) }).passthrough()),
);

/** The pickup branches, by id (branch 1, the head office, is the default). */
export const getBranches = endpoint("get-branches", empty, envelope(z.object({ branches: z.array(branch) }).passthrough()));

export type State = z.infer<typeof state>;
export type City = z.infer<typeof city>;
export type Branch = z.infer<typeof branch>;
