import { describe, expect, it } from "vitest";
import { describeFailure, GENERIC_MESSAGE } from "./error-catalogue";

describe("the error catalogue", () => {
  it("401 with a session ends the session", () => {
    expect(describeFailure({ status: 401, message: "whatever", hadToken: true }).kind).toBe("unauthenticated");
  });
  it("'Unauthenticated.' with a session ends the session", () => {
    expect(describeFailure({ status: 200, message: "Unauthenticated.", hadToken: true }).kind).toBe("unauthenticated");
  });
  it("'Token is expired!!' ends the session", () => {
    expect(describeFailure({ status: 400, message: "Token is expired!!", hadToken: true }).kind).toBe("expired");
  });
  it("'Network Error' is shown as is", () => {
    expect(describeFailure({ message: "Network Error", hadToken: false })).toEqual({
      kind: "network",
      message: "Network Error",
    });
  });
  it("'Unauthorized' is a wrong Sponsor ID or password", () => {
    expect(describeFailure({ status: 401, message: "Unauthorized", hadToken: false })).toEqual({
      kind: "rejected",
      message: "Invalid username or password.",
    });
  });
  it.each([
    ["Validation fails.", "Enter correct details."],
    ["User is not active.", "Your ID has been blocked by admin."],
    ["Please enter correct old password.", "The current password entered is incorrect."],
    ["Email Id doesn't exist.", "Email ID provided does not exist."],
    ["The email  has already been taken.", "This email has already been used."],
    ["Sponsor not found.", "Sponser ID not found."],
  ])("'%s' → '%s'", (upstream, shown) => {
    expect(describeFailure({ status: 422, message: upstream, hadToken: false }).message).toBe(shown);
  });
  it("the 5000 ms timeout asks for a reload", () => {
    expect(describeFailure({ message: "timeout of 5000ms exceeded", hadToken: false }).kind).toBe("timeout");
  });
  it("anything else is the generic message", () => {
    expect(describeFailure({ status: 500, message: "Server Error", hadToken: true })).toEqual({
      kind: "rejected",
      message: GENERIC_MESSAGE,
    });
    expect(describeFailure({ hadToken: false }).message).toBe(GENERIC_MESSAGE);
  });
  it("a rate limit says to wait", () => {
    expect(describeFailure({ status: 429, message: "Too Many Attempts.", hadToken: false }).kind).toBe("rate-limited");
  });
});
