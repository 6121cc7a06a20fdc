import { describe, expect, it } from "vitest";
import { complaintDeadlines, DEMO_GRIEVANCE_OFFICER, resolutionDueAt, resolveGrievanceOfficer } from "./grievance";

describe("grievance officer", () => {
  it("takes configured values and demo defaults for the rest", () => {
    expect(resolveGrievanceOfficer({})).toEqual(DEMO_GRIEVANCE_OFFICER);
    expect(resolveGrievanceOfficer({ name: " R. Iyer ", email: "GO@Brand.in", phone: "" })).toEqual({
      ...DEMO_GRIEVANCE_OFFICER,
      name: "R. Iyer",
      email: "go@brand.in",
    });
  });
});

describe("complaint deadlines", () => {
  it("gives one calendar month to resolve, ending on the month's last day when it is shorter", () => {
    expect(resolutionDueAt(new Date("2026-01-31T10:00:00Z")).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(resolutionDueAt(new Date("2026-03-15T10:00:00Z")).toISOString()).toBe("2026-04-15T10:00:00.000Z");
  });

  it("shows the age and each deadline as due, met or overdue", () => {
    const receivedAt = new Date("2026-11-01T00:00:00Z");
    expect(complaintDeadlines({ receivedAt, acknowledgedAt: null, closedAt: null }, new Date("2026-11-02T06:00:00Z"))).toEqual({
      age: "1d 6h",
      acknowledgement: "due in 18h 0m",
      resolution: "due in 28d 18h",
    });
    expect(complaintDeadlines({ receivedAt, acknowledgedAt: null, closedAt: null }, new Date("2026-12-03T00:00:00Z"))).toMatchObject({
      acknowledgement: "OVERDUE by 30d 0h",
      resolution: "OVERDUE by 2d 0h",
    });
    const replied = new Date("2026-11-01T05:00:00Z");
    expect(
      complaintDeadlines({ receivedAt, acknowledgedAt: replied, closedAt: new Date("2026-12-05T00:00:00Z") }, new Date("2026-12-06T00:00:00Z")),
    ).toMatchObject({
      acknowledgement: "met",
      resolution: "late",
    });
  });
});
