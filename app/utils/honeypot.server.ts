import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { env } from "./env.server";

let honeypot: Honeypot | undefined;
function instance() {
  honeypot ??= new Honeypot({
    validFromFieldName: "from__confirm",
    encryptionSeed: env().sessionSecrets[0],
  });
  return honeypot;
}

/** The props of the hidden honeypot fields (root loader → HoneypotProvider). */
export function honeypotInputProps() {
  return instance().getInputProps();
}

/** Refuses (400) a public form a bot filled in. */
export async function checkHoneypot(formData: FormData) {
  try {
    await instance().check(formData);
  } catch (error) {
    if (error instanceof SpamError) throw new Response("Form not submitted properly", { status: 400 });
    throw error;
  }
}
