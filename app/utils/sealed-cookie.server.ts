import { createHash, hkdfSync } from "node:crypto";
import { createCookie, type Cookie, type CookieOptions } from "@remix-run/node";
import { CompactEncrypt, compactDecrypt } from "jose";

const ENCRYPTION = { alg: "dir", enc: "A256GCM" } as const;

interface SealingKey {
  /** names the secret in the sealed value's header, so that opening it needs one decryption */
  kid: string;
  key: Uint8Array;
}

/** A 256-bit AES-GCM key per secret and cookie name (HKDF-SHA256): a key never opens another cookie. */
function sealingKeys(name: string, secrets: readonly string[]): SealingKey[] {
  return secrets.map((secret) => {
    const key = new Uint8Array(hkdfSync("sha256", secret, "aarogya-herbals sealed cookie", `cookie:${name}`, 32));
    return { kid: createHash("sha256").update(key).digest("base64url").slice(0, 8), key };
  });
}

/**
 * A cookie whose value is encrypted and authenticated (JWE, direct AES-256-GCM), not only signed:
 * its bytes say nothing of what it holds (the session's upstream token). The first secret seals;
 * every secret opens, so a rotated-out secret keeps its members logged in until their cookie is
 * next written. A value that does not open (tampered, foreign, or sealed with a retired secret)
 * reads as no value, as a bad signature does.
 */
export function createSealedCookie(name: string, { secrets, ...options }: CookieOptions & { secrets: readonly string[] }): Cookie {
  if (secrets.length === 0) throw new Error(`the ${name} cookie needs at least one secret`);
  const keys = sealingKeys(name, secrets);
  // the envelope: attributes, expiry and the cookie syntax; the sealed text is its whole value
  const envelope = createCookie(name, options);

  async function open(sealed: unknown): Promise<unknown> {
    if (typeof sealed !== "string") return null;
    try {
      const { plaintext } = await compactDecrypt(sealed, ({ kid }) => {
        const match = keys.find((k) => k.kid === kid);
        if (!match) throw new Error("sealed with an unknown secret");
        return match.key;
      });
      return JSON.parse(new TextDecoder().decode(plaintext)) as unknown;
    } catch {
      return null;
    }
  }

  return {
    name,
    // authenticated encryption is a signature and more: Remix's check for an unsigned session cookie is met
    isSigned: true,
    get expires() {
      return envelope.expires;
    },
    async parse(cookieHeader, parseOptions) {
      return open(await envelope.parse(cookieHeader, parseOptions));
    },
    async serialize(value, serializeOptions) {
      // an emptied cookie (a destroyed session) is written empty, as Remix writes its own
      if (value === "") return envelope.serialize("", serializeOptions);
      const sealed = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(value)))
        .setProtectedHeader({ ...ENCRYPTION, kid: keys[0].kid })
        .encrypt(keys[0].key);
      return envelope.serialize(sealed, serializeOptions);
    },
  };
}
