/** A form post the server could not read (not a form, a broken body): the visitor sends it again. */
export const UNREADABLE_FORM = "This form could not be read. Please fill it in and send it again.";

/** An unreadable form, as a page's answer: 400, never the 500 of an uncaught parse error. */
export const unreadableForm = () => new Response(UNREADABLE_FORM, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** The posted form; a body that is none (empty and untyped, or broken) throws a 400 response. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw unreadableForm();
  }
}
