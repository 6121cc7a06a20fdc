import { z } from "zod";
import { endpoint, envelope, language, num, text, webLink } from "./common";

const message = z.object({ success: z.boolean(), status: num.optional(), message: text }).passthrough();

export const sessionUser = z
  .object({
    id: num,
    first_name: z.string(),
    last_name: text,
    // the Business link of My Account's tabs (an href)
    crm_link: webLink,
    kyc_status: num,
  })
  .passthrough();

/**
 * Logs a member in by Sponsor ID. Carries `guest_user_id` when the visitor had a guest cart: the
 * upstream moves those lines into the member's cart (quantities add up) and the wishlist.
 * Failures: 401 'Unauthorized' (wrong Sponsor ID or password), 403 'User is not active.',
 * 422 'Validation fails.', 429 when rate-limited.
 */
export const login = endpoint(
  "login",
  z.object({ sponsor_id: z.string().trim().min(1).max(20), password: z.string().min(1).max(100) }).passthrough(),
  envelope(z.object({ access_token: z.string().min(20), user: sessionUser }).passthrough()),
);

/** Ends the session on the upstream too: the bearer token is revoked. (Added: the spec has no such call.) */
export const logout = endpoint("logout", z.object({}).passthrough(), message);

/**
 * Mails a single-use reset link (valid 30 minutes), in `lang` and to the reset page of that
 * language. 404 "Email Id doesn't exist." for an unknown e-mail.
 */
export const forgotPassword = endpoint("forgot-password", z.object({ email: z.string().trim().email().max(200), lang: language }).passthrough(), message);

/**
 * Sets a new password with the token from the reset link. (Added: the spec has no reset screen.)
 * 400 'This password reset link is invalid or has expired.' for an unknown, used or expired token.
 */
export const resetPassword = endpoint(
  "reset-password",
  z
    .object({
      token: z.string().min(20).max(200),
      password: z.string().min(6).max(20),
      confirm_password: z.string().min(6).max(20),
    })
    .passthrough(),
  message,
);

/** Bearer token. 400 'Please enter correct old password.' when current_password is wrong. Other sessions are signed out. */
export const changePassword = endpoint(
  "change-password",
  z
    .object({
      current_password: z.string().min(1).max(100),
      password: z.string().min(6).max(20),
      confirm_password: z.string().min(6).max(20),
    })
    .passthrough(),
  message,
);

export type SessionUserData = z.infer<typeof sessionUser>;
