import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeFailure, NETWORK_MESSAGE, TIMEOUT_MESSAGE } from "./error-catalogue";
import { failureReply, formFailureStatus, replyInvalid, replyToFailure } from "./form-reply.server";
import { UpstreamError } from "./upstream.server";

/** The error callUpstream throws for this answer of the upstream (or of the network). */
const upstreamError = (status: number, message: string, hadToken = false) => new UpstreamError(describeFailure({ status, message, hadToken }), status, message);

const schema = z.object({ email: z.string().email("Enter a valid Email ID"), password: z.string().min(1) });
const submission = () => {
  const form = new FormData();
  form.set("email", "asha@example.in");
  form.set("password", "secret1");
  return parseWithZod(form, { schema });
};

describe("form replies to upstream failures", () => {
  it("one status policy: refused 400, rate-limited 429, down 503, slow 504", () => {
    expect(formFailureStatus(upstreamError(401, "Unauthorized"))).toBe(400);
    expect(formFailureStatus(upstreamError(422, "Validation fails."))).toBe(400);
    expect(formFailureStatus(upstreamError(404, "Email Id doesn't exist."))).toBe(400);
    expect(formFailureStatus(upstreamError(403, "User is not active."))).toBe(400);
    expect(formFailureStatus(upstreamError(429, "Too Many Attempts."))).toBe(429);
    expect(formFailureStatus(upstreamError(503, NETWORK_MESSAGE))).toBe(503);
    expect(formFailureStatus(upstreamError(500, "Server Error"))).toBe(503);
    expect(formFailureStatus(upstreamError(502, "contract mismatch"))).toBe(503);
    expect(formFailureStatus(upstreamError(504, TIMEOUT_MESSAGE))).toBe(504);
  });

  it("the spec's message is the form's error; passwords are not sent back", () => {
    const { result, status } = failureReply(submission(), upstreamError(401, "Unauthorized"), { hideFields: ["password"] });
    expect(status).toBe(400);
    expect(result.error?.[""]).toEqual(["Invalid username or password."]);
    expect(result.initialValue).toEqual({ email: "asha@example.in" });
  });

  it("puts the message under a field when asked, and lets the form say its own words", () => {
    const taken = failureReply(submission(), upstreamError(422, "The email has already been taken."), {
      fieldOf: (e) => (e.message === "This email has already been used." ? "email" : undefined),
    });
    expect(taken.result.error).toEqual({ email: ["This email has already been used."] });
    const own = failureReply(submission(), upstreamError(400, "This password reset link is invalid or has expired."), {
      message: (e) => (e.status === 400 ? "This password reset link is invalid or has expired." : undefined),
    });
    expect(own.result.error?.[""]).toEqual(["This password reset link is invalid or has expired."]);
  });

  it("throws on what is not an upstream failure (the redirect of an ended session, a bug)", () => {
    const redirect = new Response(null, { status: 302, headers: { Location: "/login" } });
    expect(() => replyToFailure(submission(), redirect)).toThrow();
    expect(() => replyToFailure(submission(), new TypeError("bug"))).toThrow(TypeError);
  });

  it("answers with Remix data and the status", () => {
    const answer = replyToFailure(submission(), upstreamError(504, TIMEOUT_MESSAGE));
    expect(answer.init?.status).toBe(504);
    expect(answer.data.error?.[""]).toEqual([TIMEOUT_MESSAGE]);
    expect(replyInvalid(submission()).init?.status).toBe(400);
  });
});
