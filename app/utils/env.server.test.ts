import { describe, expect, it } from "vitest";
import { parseEnv, upstreamCallerProof } from "./env.server";

const base = { SESSION_SECRET: "a-test-secret-that-is-long-enough" };

describe("TRUST_PROXY", () => {
  it("is off unless set, a hop count, or a list of proxies; `true` is refused", () => {
    expect(parseEnv({ ...base }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ ...base, TRUST_PROXY: "" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ ...base, TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ ...base, TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ ...base, TRUST_PROXY: "10.0.0.0/8, loopback" }).TRUST_PROXY).toEqual(["10.0.0.0/8", "loopback"]);
    expect(() => parseEnv({ ...base, TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
  });
});

describe("limits", () => {
  it("default to 10 reviews and messages an hour per address, 3 per e-mail, 20 unknown guest ids a minute", () => {
    const env = parseEnv({ ...base });
    expect([env.REVIEW_LIMIT_PER_IP_PER_HOUR, env.REVIEW_LIMIT_PER_EMAIL_PER_HOUR]).toEqual([10, 3]);
    expect([env.CONTACT_LIMIT_PER_IP_PER_HOUR, env.CONTACT_LIMIT_PER_EMAIL_PER_HOUR]).toEqual([10, 3]);
    expect(env.UNKNOWN_GUEST_ID_LIMIT_PER_MINUTE).toBe(20);
    expect(() => parseEnv({ ...base, REVIEW_LIMIT_PER_IP_PER_HOUR: "0" })).toThrow(/REVIEW_LIMIT_PER_IP_PER_HOUR/);
  });
});

describe("upstreamCallerProof", () => {
  it("is derived from the first secret and does not contain it", () => {
    const proof = upstreamCallerProof(["first-secret-0123456789", "second"]);
    expect(proof).toBe(upstreamCallerProof(["first-secret-0123456789"]));
    expect(proof).not.toContain("first-secret");
    expect(proof).not.toBe(upstreamCallerProof(["another-secret-0123456789"]));
  });
});

describe("Razorpay with the brand's API", () => {
  it("needs no webhook secret here: the webhook goes to the brand's API", () => {
    const keys = { RAZORPAY_KEY_ID: "rzp_test_AbCdEf123456", RAZORPAY_KEY_SECRET: "a-key-secret-of-the-dashboard" };
    expect(parseEnv({ ...base, ...keys, API_URL: "https://api.example.in/api" }).RAZORPAY_KEY_ID).toBe(keys.RAZORPAY_KEY_ID);
    expect(() => parseEnv({ ...base, ...keys })).toThrow(/RAZORPAY_WEBHOOK_SECRET/);
  });
});

describe("FILE_STORE", () => {
  it("is the local DATA_DIR unless set; s3 needs a bucket and takes the S3_* settings", () => {
    expect(parseEnv({ ...base }).fileStore).toEqual({ kind: "local" });
    expect(() => parseEnv({ ...base, FILE_STORE: "s3" })).toThrow(/S3_BUCKET: required with FILE_STORE=s3/);
    expect(() => parseEnv({ ...base, FILE_STORE: "ftp" })).toThrow(/FILE_STORE/);
    expect(() => parseEnv({ ...base, FILE_STORE: "s3", S3_BUCKET: "shop", S3_PREFIX: "no-slash" })).toThrow(/S3_PREFIX/);
    const env = parseEnv({
      ...base,
      FILE_STORE: "s3",
      S3_BUCKET: "aarogya-files",
      S3_PREFIX: "prod/",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: "1",
    });
    expect(env.fileStore).toEqual({
      kind: "s3",
      bucket: "aarogya-files",
      prefix: "prod/",
      region: undefined,
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
    });
  });
});
