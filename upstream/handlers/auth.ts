import { Router, type NextFunction, type Request, type Response } from "express";
import { sql } from "kysely";
import { auth } from "../../contract/index";
import { routePath } from "../../contract/common";
import { guestIdOf, hashToken, issueToken, requireSession, revokeTokens, type TokenSession } from "../services/sessions";
import type { DB } from "../db/index";
import { mergeGuestCart } from "../services/cart-merge";
import { newResetToken, RESET_INVALID, RESET_TTL_MS, resetLink, resetMail } from "../domain/password-reset";
import { CONFIRM_MISMATCH, hashPassword, verifyPassword } from "../domain/passwords";
import { perBodyField, perIp } from "../http/rate-limit";
import { ApiError, handle, ok } from "../http/endpoint";
import type { Mailer } from "../mail";
import type { ResolvedUpstreamOptions } from "../options";

/** Expired tokens are kept this long (they answer 'Token is expired!!' rather than 'Unauthenticated.'), then deleted. */
const KEEP_EXPIRED_TOKENS_MS = 30 * 24 * 60 * 60 * 1000;

const message = (text: string) => ({ success: true, status: 200, message: text });

/**
 * Login, logout, forgot / reset / change password. Tokens: see ../services/sessions.ts. Passwords: bcrypt.
 * `login` and `forgot-password` are rate-limited per client IP and per Sponsor ID / e-mail.
 */
export function authRoutes(db: DB, options: ResolvedUpstreamOptions, mailer: Mailer) {
  const router = Router();
  const limit = options.rateLimitPerMinute;
  const ipLimit = options.ipRateLimitPerMinute;

  // rate limits first: these run before `handle` validates the body (express.json already ran)
  // per Sponsor ID only wrong passwords count, for a minute: addresses that take turns at one
  // Sponsor ID lock it for that minute at most, and the message says when to try again
  router.post(
    routePath(auth.login.path),
    perIp(db, { name: "login-ip", limit: ipLimit }),
    perBodyField(db, { name: "login-sponsor-id", limit, onlyFailures: true }, "sponsor_id"),
  );
  router.post(
    routePath(auth.forgotPassword.path),
    perIp(db, { name: "forgot-password-ip", limit: ipLimit }),
    perBodyField(db, { name: "forgot-password-email", limit }, "email"),
  );

  // calls that need a member check the token before the body: a stale session answers 401 / 400
  // 'Token is expired!!' whatever it sent
  const sessionFirst = async (req: Request, res: Response, next: NextFunction) => {
    try {
      res.locals.session = await requireSession(db, req);
      next();
    } catch (error) {
      next(error);
    }
  };
  router.post(routePath(auth.logout.path), sessionFirst);
  router.post(routePath(auth.changePassword.path), sessionFirst);
  const sessionOf = (res: Response) => res.locals.session as TokenSession;

  handle(router, auth.login, async (body, req) => {
    const sponsorId = body.sponsor_id.trim().toLowerCase();
    const member = await db
      .selectFrom("members")
      .select(["id", "first_name", "last_name", "crm_link", "kyc_status", "status", "password_hash"])
      .where(sql<string>`lower(sponsor_code)`, "=", sponsorId)
      .executeTakeFirst();
    // an unknown Sponsor ID costs a bcrypt check too, and gets the same answer as a wrong password
    const passwordOk = await verifyPassword(body.password, member?.password_hash);
    if (!member || !passwordOk) throw new ApiError(401, "Unauthorized");
    if (member.status !== 1) throw new ApiError(403, "User is not active.");

    const guestId = guestIdOf(req.body);
    const now = new Date();
    const accessToken = await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom("tokens")
        .where("member_id", "=", member.id)
        .where("expires_at", "<", new Date(now.getTime() - KEEP_EXPIRED_TOKENS_MS).toISOString())
        .execute();
      const token = await issueToken(trx, member.id, options.tokenTtlSeconds, now);
      if (guestId) await mergeGuestCart(trx, guestId, member.id);
      return token;
    });
    return ok(
      {
        access_token: accessToken,
        user: {
          id: member.id,
          first_name: member.first_name,
          last_name: member.last_name,
          crm_link: member.crm_link,
          kyc_status: member.kyc_status,
        },
      },
      "Login successfully.",
    );
  });

  handle(router, auth.logout, async (_body, _req, res) => {
    const session = sessionOf(res);
    await db.updateTable("tokens").set({ revoked_at: new Date().toISOString() }).where("id", "=", session.tokenId).where("revoked_at", "is", null).execute();
    return message("Logout successfully!");
  });

  handle(router, auth.forgotPassword, async (body) => {
    const member = await db
      .selectFrom("members")
      .select(["id", "first_name", "last_name", "email"])
      .where(sql<string>`lower(email)`, "=", body.email.trim().toLowerCase())
      .executeTakeFirst();
    if (!member) throw new ApiError(404, "Email Id doesn't exist.");

    const token = newResetToken();
    const now = new Date();
    const resetId = await db.transaction().execute(async (trx) => {
      // one live link per member: asking again invalidates the earlier ones
      await trx.deleteFrom("password_resets").where("member_id", "=", member.id).where("used_at", "is", null).execute();
      const row = await trx
        .insertInto("password_resets")
        .values({
          member_id: member.id,
          token_hash: hashToken(token),
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + RESET_TTL_MS).toISOString(),
          used_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    });

    // in the language of the page that asked, linking to that language's reset page
    const mail = resetMail(member.first_name, resetLink(options.siteUrl, token, body.lang), body.lang);
    try {
      await mailer.send({
        to: { name: `${member.first_name} ${member.last_name}`.trim(), address: member.email },
        ...mail,
      });
    } catch (error) {
      console.error("upstream: the password reset e-mail could not be sent", error);
      await db.deleteFrom("password_resets").where("id", "=", resetId).execute();
      throw new ApiError(503, "The reset e-mail could not be sent. Please try again later.");
    }
    return message("The reset link has been sent to your email address.");
  });

  handle(router, auth.resetPassword, async (body) => {
    assertConfirmed(body.password, body.confirm_password);
    const tokenHash = hashToken(body.token);
    const reset = await db
      .selectFrom("password_resets")
      .select(["id", "member_id", "expires_at", "used_at"])
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    const now = new Date();
    if (!reset || reset.used_at || new Date(reset.expires_at) <= now) throw new ApiError(400, RESET_INVALID);

    const passwordHash = await hashPassword(body.password);
    await db.transaction().execute(async (trx) => {
      // used once: of two calls racing with the same link only one gets past this
      const used = await trx
        .updateTable("password_resets")
        .set({ used_at: now.toISOString() })
        .where("id", "=", reset.id)
        .where("used_at", "is", null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw new ApiError(400, RESET_INVALID);
      await trx.updateTable("members").set({ password_hash: passwordHash }).where("id", "=", reset.member_id).execute();
      await trx.deleteFrom("password_resets").where("member_id", "=", reset.member_id).where("used_at", "is", null).execute();
      await revokeTokens(trx, reset.member_id, { now });
    });
    return message("Your password has been reset. Please log in.");
  });

  handle(router, auth.changePassword, async (body, _req, res) => {
    const session = sessionOf(res);
    assertConfirmed(body.password, body.confirm_password);
    const member = await db.selectFrom("members").select(["password_hash"]).where("id", "=", session.memberId).executeTakeFirstOrThrow();
    if (!(await verifyPassword(body.current_password, member.password_hash))) {
      throw new ApiError(400, "Please enter correct old password.");
    }
    const passwordHash = await hashPassword(body.password);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("members").set({ password_hash: passwordHash }).where("id", "=", session.memberId).execute();
      // the other sessions end; the one that made this call goes on
      await revokeTokens(trx, session.memberId, { keepTokenId: session.tokenId });
    });
    return message("Password updated successfully,");
  });

  return router;
}

/**
 * A new password and its confirmation must be equal. (Their lengths are checked by the contract
 * schema.) A mismatch answers 422 'Validation fails.' naming confirm_password, like the other field
 * errors.
 */
function assertConfirmed(password: string, confirmation: string) {
  if (password !== confirmation) {
    throw new ApiError(422, "Validation fails.", { confirm_password: [CONFIRM_MISMATCH] });
  }
}
