import { createHash, randomBytes } from "node:crypto";
import type { Request } from "express";
import type { DB } from "./db/index";
import { ApiError } from "./http";

export interface Viewer {
  memberId: number | null;
  guestId: string | null;
}

const GUEST_ID = /^[A-Za-z0-9]{5}$/;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");

function bearer(req: Request): string | null {
  const header = req.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * The member a bearer token belongs to. Throws 401 'Unauthenticated.' for an unknown or revoked
 * token and 400 'Token is expired!!' for an expired one.
 */
export async function memberFromToken(db: DB, token: string, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom("tokens")
    .innerJoin("members", "members.id", "tokens.member_id")
    .select(["tokens.member_id", "tokens.expires_at", "tokens.revoked_at", "members.status"])
    .where("tokens.token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at || row.status !== 1) throw new ApiError(401, "Unauthenticated.");
  if (new Date(row.expires_at) <= now) throw new ApiError(400, "Token is expired!!");
  return row.member_id;
}

/**
 * Who is asking: the token's member, else the guest named by `guest_user_id`, else nobody.
 * `requireMember`: only members may call. `strictToken`: a token that is sent must be valid
 * (calls that change a cart); otherwise a stale token is ignored and the caller reads as a guest.
 */
export async function viewerOf(
  db: DB,
  req: Request,
  options: { requireMember?: boolean; strictToken?: boolean } = {},
): Promise<Viewer> {
  const requireMember = options.requireMember ?? false;
  const strictToken = options.strictToken ?? requireMember;
  const token = bearer(req);
  const rawGuest = (req.body as { guest_user_id?: unknown } | undefined)?.guest_user_id;
  const guestId = typeof rawGuest === "string" && GUEST_ID.test(rawGuest) ? rawGuest : null;
  if (token) {
    try {
      return { memberId: await memberFromToken(db, token), guestId: null };
    } catch (error) {
      if (strictToken) throw error;
    }
  } else if (requireMember) {
    throw new ApiError(401, "Unauthenticated.");
  }
  return { memberId: null, guestId };
}
