import { createHash, randomBytes } from "node:crypto";
import type { Request } from "express";
import { CompiledQuery, type InferResult } from "kysely";
import type { DB } from "../db/index";
import { ApiError } from "../http/endpoint";

export interface Viewer {
  memberId: number | null;
  guestId: string | null;
}

const GUEST_ID = /^[A-Za-z0-9]{5}$/;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");

/** The guest id a body carries (`guest_user_id`, 5 letters/digits), or null. */
export function guestIdOf(body: unknown): string | null {
  const raw = (body as { guest_user_id?: unknown } | null | undefined)?.guest_user_id;
  return typeof raw === "string" && GUEST_ID.test(raw) ? raw : null;
}

/** The bearer token of the Authorization header, or null. */
export function bearer(req: Request): string | null {
  const header = req.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

export interface TokenSession {
  memberId: number;
  /** tokens.id of the token used, so a call can keep it while revoking the member's others */
  tokenId: number;
}

/**
 * The session a bearer token belongs to. Throws 401 'Unauthenticated.' for an unknown or revoked
 * token (or a blocked member) and 400 'Token is expired!!' for an expired one.
 */
export async function sessionFromToken(db: DB, token: string, now = new Date()): Promise<TokenSession> {
  const {
    rows: [row],
  } = await db.executeQuery<TokenRow>(CompiledQuery.raw(tokenLookupSql(db), [hashToken(token)]));
  if (!row || row.revoked_at || row.status !== 1) throw new ApiError(401, "Unauthenticated.");
  if (new Date(row.expires_at) <= now) throw new ApiError(400, "Token is expired!!");
  return { memberId: row.member_id, tokenId: row.id };
}

const tokenLookup = (db: DB, tokenHash: string) =>
  db
    .selectFrom("tokens")
    .innerJoin("members", "members.id", "tokens.member_id")
    .select(["tokens.id", "tokens.member_id", "tokens.expires_at", "tokens.revoked_at", "members.status"])
    .where("tokens.token_hash", "=", tokenHash);
type TokenRow = InferResult<ReturnType<typeof tokenLookup>>[number];

/**
 * The token lookup's SQL, built once per database (or transaction): every call a member makes
 * runs it, and building it with the query builder cost more than running it. The lookup itself
 * still happens on every call: a revoked or expired token is refused on the next one.
 */
const lookupSqlByDb = new WeakMap<DB, string>();
function tokenLookupSql(db: DB): string {
  let sql = lookupSqlByDb.get(db);
  if (sql === undefined) {
    sql = tokenLookup(db, "").compile().sql;
    lookupSqlByDb.set(db, sql);
  }
  return sql;
}

/**
 * The member a bearer token belongs to. Throws 401 'Unauthenticated.' for an unknown or revoked
 * token and 400 'Token is expired!!' for an expired one.
 */
async function memberFromToken(db: DB, token: string, now = new Date()): Promise<number> {
  return (await sessionFromToken(db, token, now)).memberId;
}

/** The session of a call that needs a member: no token → 401 'Unauthenticated.', else as sessionFromToken. */
export async function requireSession(db: DB, req: Request): Promise<TokenSession> {
  const token = bearer(req);
  if (!token) throw new ApiError(401, "Unauthenticated.");
  return sessionFromToken(db, token);
}

/**
 * Issues a login token for a member: a random token for the caller, and only its sha256 kept.
 * Pass a transaction as `db` to issue it inside one.
 */
export async function issueToken(db: DB, memberId: number, ttlSeconds: number, now = new Date()): Promise<string> {
  const token = newToken();
  await db
    .insertInto("tokens")
    .values({
      member_id: memberId,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
      revoked_at: null,
    })
    .execute();
  return token;
}

/** Revokes a member's live tokens, except `keepTokenId` if given. */
export async function revokeTokens(db: DB, memberId: number, options: { keepTokenId?: number; now?: Date } = {}) {
  let query = db
    .updateTable("tokens")
    .set({ revoked_at: (options.now ?? new Date()).toISOString() })
    .where("member_id", "=", memberId)
    .where("revoked_at", "is", null);
  if (options.keepTokenId !== undefined) query = query.where("id", "!=", options.keepTokenId);
  await query.execute();
}

/**
 * Who is asking: the token's member, else the guest named by `guest_user_id`, else nobody.
 * `requireMember`: only members may call. `strictToken`: a token that is sent must be valid
 * (calls that change a cart); otherwise a stale token is ignored and the caller reads as a guest.
 */
export async function viewerOf(db: DB, req: Request, options: { requireMember?: boolean; strictToken?: boolean } = {}): Promise<Viewer> {
  const requireMember = options.requireMember ?? false;
  const strictToken = options.strictToken ?? requireMember;
  const token = bearer(req);
  const guestId = guestIdOf(req.body);
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
