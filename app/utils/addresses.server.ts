import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z } from "zod";
import { addresses, places } from "#contract/index";
import { addressSchema, SHOW_CITIES_INTENT } from "~/forms/address";
import type { AddressDefaults, Place } from "~/components/address-form";
import { redirectWithToast } from "./toast.server";
import { callUpstream, loadUpstream, UpstreamError } from "./upstream.server";

export const ADDRESS_SAVED = addresses.ADDRESS_SAVED;

/** A member's address as the screens show it (the spec's billing address). */
export interface Address {
  id: number;
  first_name: string;
  last_name: string;
  company_name: string;
  street_address_1: string;
  street_address_2: string;
  state_id: number;
  state_name: string;
  city_id: number;
  city_name: string;
  pincode: string;
  phone_no: string;
  email: string;
}

/** The member's addresses (billing-address-list). */
export async function listAddresses(request: Request, memberId: number): Promise<Address[]> {
  const answer = await loadUpstream(request, addresses.billingAddressList, { body: { id: memberId } });
  return answer.data.map(toAddress);
}

function toAddress(a: Address): Address {
  return {
    id: a.id,
    first_name: a.first_name,
    last_name: a.last_name,
    company_name: a.company_name ?? "",
    street_address_1: a.street_address_1,
    street_address_2: a.street_address_2 ?? "",
    state_id: a.state_id,
    state_name: a.state_name,
    city_id: a.city_id,
    city_name: a.city_name,
    pincode: a.pincode,
    phone_no: a.phone_no,
    email: a.email,
  };
}

export async function listStates(request: Request): Promise<Place[]> {
  const answer = await loadUpstream(request, places.states, { anonymous: true });
  return answer.data.states.map((s) => ({ id: s.id, name: s.name }));
}

/** A state's cities; none (not an error) for an unknown state, as the spec says. */
export async function listCities(request: Request, stateId: number): Promise<Place[]> {
  if (!Number.isInteger(stateId) || stateId <= 0) return [];
  try {
    const answer = await callUpstream(request, places.cities, { body: { state_id: stateId }, anonymous: true });
    return answer.data.cities.map((c) => ({ id: c.id, name: c.name }));
  } catch (error) {
    if (error instanceof UpstreamError) return [];
    throw error;
  }
}

export interface AddressEditor {
  /** "new", or the id of the address being edited */
  edit: "new" | number;
  address: AddressDefaults | null;
  states: Place[];
  cities: Place[];
}

/**
 * What the address form needs for `?edit=ID` (one of the member's addresses: another member's,
 * or an unknown id, is a 404) or `?edit=new`. Editing costs two round trips (the address, then
 * its state's cities); the states come with the first.
 */
export async function loadAddressEditor(request: Request, edit: string | null): Promise<AddressEditor | null> {
  if (edit === null) return null;
  if (edit === "new") return { edit: "new", address: null, states: await listStates(request), cities: [] };
  const id = Number(edit);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: "Unknown address" }, { status: 404 });
  const [answer, states] = await Promise.all([loadUpstream(request, addresses.billingAddress, { body: { address_id: id } }), listStates(request)]);
  const address = toAddress(answer.data);
  return { edit: id, address, states, cities: await listCities(request, address.state_id) };
}

/**
 * The address form's action, shared by My Account and checkout. "Show cities" (no JavaScript)
 * answers the submitted values with the chosen state's cities; saving answers 400 with the
 * errors, or redirects to `savedUrl(id)` with 'Address Update Successfully.'.
 */
export async function addressFormAction(request: Request, formData: FormData, savedUrl: (id: number) => string) {
  if (formData.get("intent") === SHOW_CITIES_INTENT) {
    const stateId = Number(formData.get("state_id"));
    // the values as typed, no errors: the member has not asked to save yet
    const submission = parseWithZod(formData, { schema: z.object({}).passthrough() });
    return data({ lastResult: submission.reply(), cities: await listCities(request, stateId), stateId }, { status: 200 });
  }
  const submission = parseWithZod(formData, { schema: addressSchema });
  if (submission.status !== "success") {
    return data(
      { lastResult: submission.reply(), cities: await listCities(request, Number(formData.get("state_id"))), stateId: Number(formData.get("state_id")) },
      { status: 400 },
    );
  }
  let id: number;
  try {
    const answer = await callUpstream(request, addresses.addUserAddress, { body: submission.value });
    id = answer.data.id;
  } catch (error) {
    if (error instanceof UpstreamError) {
      if (error.kind === "not-found") throw data({ message: "Unknown address" }, { status: 404 });
      const stateId = submission.value.state_id;
      // the upstream's field errors (e.g. a city that is not the state's) go under their fields
      const reply = submission.reply({ formErrors: [error.message], fieldErrors: error.fieldErrors ?? {} });
      return data({ lastResult: reply, cities: await listCities(request, stateId), stateId }, { status: 400 });
    }
    throw error;
  }
  return redirectWithToast(savedUrl(id), { type: "success", message: ADDRESS_SAVED });
}
