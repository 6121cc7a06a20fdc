import { z } from "zod";

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

const newPassword = (required: string) =>
  z
    .string({ required_error: required })
    .min(1, required)
    // only once something is typed: an empty field shows just "… is required"
    .pipe(
      z
        .string()
        .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
        .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    );

/** Change password (page and My Account tab). */
export const changePasswordSchema = z
  .object({
    current_password: z.string({ required_error: "Current Password is required" }).min(1, "Current Password is required").max(100),
    password: newPassword("New Password is required"),
    confirm_password: newPassword("Confirm Password is required"),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ["confirm_password"],
    message: "Confirm new password do not match",
  });

/** A new password from the reset link. */
export const resetPasswordSchema = z
  .object({
    password: newPassword("New Password is required"),
    confirm_password: newPassword("Confirm Password is required"),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ["confirm_password"],
    message: "Confirm new password do not match",
  });
