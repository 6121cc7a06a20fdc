import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { legal } from "../../contract/index";
import { startUpstream, type UpstreamUnderTest } from "./harness";

let upstream: UpstreamUnderTest;
beforeAll(async () => {
  upstream = await startUpstream({
    sellerCin: "U24239UR2020PTC012345",
    grievanceOfficer: { name: "R. Iyer", email: "GO@Example.in" },
  });
});
afterAll(async () => {
  await upstream?.stop();
});

describe("seller-details contract", () => {
  it("answers the configured seller (as on the invoice) and grievance officer, demo values for the rest, without a login", async () => {
    const { status, json } = await upstream.call(legal.sellerDetails, { body: {} });
    expect(status).toBe(200);
    const parsed = legal.sellerDetails.response.parse(json);
    expect(parsed.data).toEqual({
      seller: {
        legal_name: "Aarogya Herbals Private Limited",
        address: "Plot 42, Sector 6A, SIDCUL Industrial Area, Haridwar, Uttarakhand 249403",
        gstin: "05AAKCA0042H1Z6",
        state_name: "Uttarakhand",
        registration_number: "U24239UR2020PTC012345",
        cooling_off_days: 30,
      },
      grievance_officer: { name: "R. Iyer", designation: "Grievance Officer", phone: "01334-239400", email: "go@example.in" },
    });
  });
});
