import { requireUser } from "~/utils/auth.server";
import { addressFormAction, listAddresses, loadAddressEditor } from "~/utils/addresses.server";
import { validateCsrf } from "~/utils/csrf.server";
import { readForm } from "~/utils/form-data.server";
import { pageStrings } from "~/i18n/i18n.server";

/** The member's addresses and, for `?edit=ID` / `?edit=new`, the form's data: one round trip for the list. */
export async function loadAddressBook(request: Request) {
  const user = await requireUser(request);
  const edit = new URL(request.url).searchParams.get("edit");
  const [addresses, editor] = await Promise.all([listAddresses(request, user.id), loadAddressEditor(request, edit)]);
  return { addresses, editor, strings: pageStrings(request, "address") };
}

export async function addressBookAction(request: Request) {
  await requireUser(request);
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  return addressFormAction(request, formData, () => "/myaccount/addresses");
}
