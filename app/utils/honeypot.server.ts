import { createHmac } from "node:crypto";
import CryptoJS from "crypto-js";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { env } from "./env.server";

/**
 * remix-utils' honeypot, with one change: the same time encrypts to the same text (the salt is
 * derived from the secret and the value instead of drawn at random). A page that every anonymous
 * visitor shares carries the form's time, and every app worker must render it byte for byte alike
 * (docs/decisions/0022-http-cache.md); the value is still unreadable and unforgeable without the secret.
 */
class SharedPageHoneypot extends Honeypot {
  protected encrypt(value: string): string {
    const salt = createHmac("sha256", this.encryptionSeed).update(value).digest("hex").slice(0, 16);
    return CryptoJS.AES.encrypt(value, this.encryptionSeed, { salt: CryptoJS.enc.Hex.parse(salt) }).toString();
  }
}

const NAME_FIELD = "name__confirm";
const VALID_FROM_FIELD = "from__confirm";

let honeypot: Honeypot | undefined;
function instance() {
  honeypot ??= new SharedPageHoneypot({
    nameFieldName: NAME_FIELD,
    validFromFieldName: VALID_FROM_FIELD,
    encryptionSeed: env().sessionSecrets[0],
  });
  return honeypot;
}

/** The form's time is the start of its hour: the honeypot fields change once an hour, so a shared page rendered by any worker within the hour is the same. */
const VALID_FROM_STEP_MS = 3_600_000;

let props: { value: ReturnType<Honeypot["getInputProps"]>; step: number } | undefined;

/**
 * The props of the hidden honeypot fields (root loader → HoneypotProvider). They hold the time the
 * form was served (to the hour, see VALID_FROM_STEP_MS), encrypted; remix-utils refuses a time in the future.
 */
export function honeypotInputProps(now = Date.now()) {
  const step = Math.floor(now / VALID_FROM_STEP_MS);
  if (props?.step !== step) props = { value: instance().getInputProps({ validFromTimestamp: step * VALID_FROM_STEP_MS }), step };
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
