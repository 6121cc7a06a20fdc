import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { env } from "./env.server";

const NAME_FIELD = "name__confirm";
const VALID_FROM_FIELD = "from__confirm";

let honeypot: Honeypot | undefined;
function instance() {
  honeypot ??= new Honeypot({
    nameFieldName: NAME_FIELD,
    validFromFieldName: VALID_FROM_FIELD,
    encryptionSeed: env().sessionSecrets[0],
  });
  return honeypot;
}

let props: { value: ReturnType<Honeypot["getInputProps"]>; second: number } | undefined;

/**
 * The props of the hidden honeypot fields (root loader → HoneypotProvider). They hold the time the
 * form was served, encrypted; one encryption per second serves every page of that second.
 */
export function honeypotInputProps(now = Date.now()) {
  const second = Math.floor(now / 1000);
  if (props?.second !== second) props = { value: instance().getInputProps({ validFromTimestamp: second * 1000 }), second };
  return props.value;
}

/**
 * Refuses (400) a public form a bot filled in. Both hidden fields must be there: remix-utils
 * skips its whole check when a form carries neither, which let a bot that left them out through.
 */
export async function checkHoneypot(formData: FormData) {
  if (!formData.has(NAME_FIELD) || !formData.has(VALID_FROM_FIELD)) {
    throw new Response("Form not submitted properly", { status: 400 });
  }
  try {
    await instance().check(formData);
  } catch (error) {
    if (error instanceof SpamError) throw new Response("Form not submitted properly", { status: 400 });
    throw error;
  }
}
