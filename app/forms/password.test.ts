import { describe, expect, it } from "vitest";
import { changePasswordSchema } from "./password";
import { loginSchema } from "./login";

const messages = (result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("change password", () => {
  it("names each missing field", () => {
    expect(messages(changePasswordSchema.safeParse({ current_password: "", password: "", confirm_password: "" }))).toEqual({
      current_password: "Current Password is required",
      password: "New Password is required",
      confirm_password: "Confirm Password is required",
    });
  });
  it("wants 6 to 20 characters and a matching confirmation", () => {
    expect(messages(changePasswordSchema.safeParse({ current_password: "x", password: "abc", confirm_password: "abc" })).password).toMatch(/at least 6/);
    expect(messages(changePasswordSchema.safeParse({ current_password: "x", password: "a".repeat(21), confirm_password: "a".repeat(21) })).password).toMatch(
      /at most 20/,
    );
    expect(messages(changePasswordSchema.safeParse({ current_password: "x", password: "abcdef", confirm_password: "abcdeg" }))).toEqual({
      confirm_password: "Confirm new password do not match",
    });
    expect(changePasswordSchema.safeParse({ current_password: "x", password: "abcdef", confirm_password: "abcdef" }).success).toBe(true);
  });
});

describe("login", () => {
  it("uses the spec's messages", () => {
    expect(messages(loginSchema.safeParse({ sponsor_id: " ", password: "12345" }))).toEqual({
      sponsor_id: "Sponsor ID is required",
      password: "Password must be at least 6 characters long",
    });
  });
});
