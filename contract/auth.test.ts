import { describe, expect, it } from "vitest";
import { sessionUser } from "./auth";

describe("sessionUser", () => {
  const user = { id: 1, first_name: "Asha", last_name: "Rawat", kyc_status: 1 };

  it("keeps an http(s) Business link, which My Account puts in an href", () => {
    expect(sessionUser.parse({ ...user, crm_link: "https://crm.example.in/AH100001" }).crm_link).toBe("https://crm.example.in/AH100001");
  });

  it("drops any other scheme the upstream might send, so no script runs in the shop's origin", () => {
    for (const link of ["javascript:alert(document.cookie)", " JavaScript:alert(1)", "data:text/html,<script>alert(1)</script>", "//evil.example/x"]) {
      expect(sessionUser.parse({ ...user, crm_link: link }).crm_link).toBe("");
    }
  });
});
