import { describe, expect, it } from "vitest";
import { dateOfBirthProblem, latestDateOfBirth, REGISTRATION_MESSAGES as M, todayInIndia } from "./registration";

describe("date of birth", () => {
  it("is at most today and at least 18 years before it", () => {
    expect(latestDateOfBirth("2026-11-23")).toBe("2008-11-23");
    expect(dateOfBirthProblem("2008-11-23", "2026-11-23")).toBeNull();
    expect(dateOfBirthProblem("2008-11-24", "2026-11-23")).toBe(M.dateOfBirthUnder18);
    expect(dateOfBirthProblem("2026-11-24", "2026-11-23")).toBe(M.dateOfBirthFuture);
    expect(dateOfBirthProblem("2026-11-23", "2026-11-23")).toBe(M.dateOfBirthUnder18);
  });

  it("counts a 29 February birthday as reached on 1 March in other years", () => {
    expect(latestDateOfBirth("2026-02-28")).toBe("2008-02-28");
    expect(dateOfBirthProblem("2008-02-29", "2026-02-28")).toBe(M.dateOfBirthUnder18);
    expect(dateOfBirthProblem("2008-02-29", "2026-03-01")).toBeNull();
    expect(latestDateOfBirth("2024-02-29")).toBe("2006-02-28");
  });

  it("refuses dates that do not exist or are not YYYY-MM-DD", () => {
    for (const bad of ["1990-02-30", "1990-13-01", "01-04-1990", "1990-4-1", "1850-01-01", "yesterday"]) {
      expect(dateOfBirthProblem(bad, "2026-11-23")).toBe(M.dateOfBirthInvalid);
    }
  });

  it("uses India's calendar: 20:00 UTC is already the next day there", () => {
    expect(todayInIndia(new Date("2026-11-23T18:29:59Z"))).toBe("2026-11-23");
    expect(todayInIndia(new Date("2026-11-23T18:30:00Z"))).toBe("2026-11-24");
  });
});
