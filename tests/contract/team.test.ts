import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth, errorBody, orders, payments, team } from "../../contract/index";
import { PAYMENT_METHOD, SIDE } from "../../contract/constants";
import { MEMBER_NOT_FOUND, RECRUITS_PER_PAGE } from "../../contract/team";
import { anchorBelow } from "../../upstream/domain/genealogy";
import { OFFLINE_KEY_ID } from "../../upstream/payments/offline";
import { storedCounterDrift } from "./genealogy-check";
import { placeOnlineOrder, startUpstream, type UpstreamUnderTest } from "./harness";

let upstream: UpstreamUnderTest;
let ravi: string; // AH100001, the root: AH100002 on the Left, AH100003 on the Right
let anita: string; // AH100002

async function login(sponsorId: string): Promise<string> {
  const { json } = await upstream.call(auth.login, { body: { sponsor_id: sponsorId, password: "demo1234" } });
  return json.data.access_token as string;
}

async function view(token: string, root?: string) {
  const answer = await upstream.call(team.teamView, { token, body: root === undefined ? {} : { root } });
  return { status: answer.status, json: answer.json, data: answer.status === 200 ? team.teamView.response.parse(answer.json).data : null };
}

/** Members placed directly in the database under `parentCode`, as registration would place them (with counters recounted). */
async function addMembers(count: number, sponsorCode: string, side: number, prefix: string) {
  const [sponsor] = await upstream.query<{ id: number }>("SELECT id FROM members WHERE sponsor_code = ?", sponsorCode);
  await upstream.transaction(async (db) => {
    for (let i = 0; i < count; i++) {
      // the bottom of the sponsor's extreme leg on that side
      let parent = sponsor.id;
      for (;;) {
        const [below] = await db.query<{ id: number }>("SELECT id FROM members WHERE parent_id = ? AND side_id = ?", parent, side);
        if (!below) break;
        parent = below.id;
      }
      const code = `${prefix}${String(i).padStart(3, "0")}`;
      const [{ id }] = await db.query<{ id: number }>(
        `INSERT INTO members (sponsor_code, sponsor_id, parent_id, side_id, first_name, last_name, email, mobile_no, password_hash, kyc_status, created_at)
         VALUES (?, ?, ?, ?, 'Team', ?, ?, '9876543210', 'x', 1, ?) RETURNING id`,
        code,
        sponsor.id,
        parent,
        side,
        code,
        `${code.toLowerCase()}@example.in`,
        new Date(Date.UTC(2026, 5, 1, 0, i)).toISOString(),
      );
      const [above] = await db.query<{ depth: number; anchor_id: number | null }>("SELECT depth, anchor_id FROM member_legs WHERE member_id = ?", parent);
      await db.run(
        "INSERT INTO member_legs (member_id, depth, anchor_id) VALUES (?, ?, ?)",
        id,
        above.depth + 1,
        anchorBelow({ id: parent, depth: above.depth, anchor: above.anchor_id }),
      );
      // the ancestors' teams, the way services/genealogy.ts counts a placement
      let at = id;
      for (;;) {
        const [row] = await db.query<{ parent_id: number | null; side_id: number }>("SELECT parent_id, side_id FROM members WHERE id = ?", at);
        if (row.parent_id === null) break;
        const team = row.side_id === SIDE.left ? "left_team" : "right_team";
        await db.run(`UPDATE member_legs SET ${team} = ${team} + 1 WHERE member_id = ?`, row.parent_id);
        at = row.parent_id;
      }
    }
  });
}

beforeAll(async () => {
  upstream = await startUpstream({ testGatewayWebhooks: false, paymentReconcileIntervalSeconds: 0 });
  [ravi, anita] = await Promise.all([login("AH100001"), login("AH100002")]);
});

afterAll(async () => {
  await upstream?.stop();
});

describe("my-team", () => {
  it("shows the caller's tree three levels deep: the root, AH100002 Left and AH100003 Right, open positions under them", async () => {
    const { status, data } = await view(ravi);
    expect(status).toBe(200);
    expect(data).toMatchObject({ me: "AH100001", up: null, month: expect.stringMatching(/^\d{4}-\d{2}$/) });
    const byPosition = Object.fromEntries(data!.positions.map((p) => [p.position, p]));
    expect(Object.keys(byPosition).sort()).toEqual(["", "L", "LL", "LR", "R", "RL", "RR"]);
    expect(byPosition[""]!.member).toMatchObject({ sponsor_id: "AH100001", name: "Ravi Kumar Sharma", active: true, left_team: 1, right_team: 1 });
    // Suresh is inactive: the positions under him take no registration, and the view says so
    expect(byPosition.R!.member).toMatchObject({ sponsor_id: "AH100003", active: false });
    expect(byPosition.L!.member).toMatchObject({ sponsor_id: "AH100002", name: "Anita Devi Verma", kyc_status: 3, left_team: 0, right_team: 0 });
    expect(byPosition.R!.member).toMatchObject({ sponsor_id: "AH100003", name: "Suresh Patel" });
    expect(byPosition.LL).toEqual({ position: "LL", parent_sponsor_id: "AH100002", side_id: SIDE.left, member: null });
    expect(byPosition.RR).toEqual({ position: "RR", parent_sponsor_id: "AH100003", side_id: SIDE.right, member: null });
  });

  it("moves the root within the downline, with the way up; any case of the Sponsor ID", async () => {
    const { data } = await view(ravi, "ah100002");
    expect(data).toMatchObject({ me: "AH100001", up: "AH100001" });
    expect(data!.positions.map((p) => p.position)).toEqual(["", "L", "R"]);
    expect(data!.positions[0]!.member!.sponsor_id).toBe("AH100002");
    expect((await view(ravi, "AH100001")).data!.up).toBeNull();
  });

  it("answers another member's root exactly as one that does not exist: 404", async () => {
    const above = await view(anita, "AH100001");
    const beside = await view(anita, "AH100003");
    const nobody = await view(anita, "AH999999");
    for (const answer of [above, beside, nobody]) {
      expect(answer.status).toBe(404);
      expect(errorBody.parse(answer.json).message).toBe(MEMBER_NOT_FOUND);
    }
    expect(above.json).toEqual(nobody.json);
    expect(beside.json).toEqual(nobody.json);
  });

  it("needs a login", async () => {
    expect((await upstream.call(team.teamView, { body: {} })).status).toBe(401);
  });

  it("raises the Left leg's BV by a paid order's BV of a Left-leg member, this month and all time, and leaves the Right", async () => {
    const before = (await view(ravi)).data!.positions[0]!.member!.bv;
    const [{ id: productId }] = await upstream.query<{ id: number }>(
      "SELECT id FROM products WHERE bv_hundredths > 0 AND available_unit > 5 ORDER BY id LIMIT 1",
    );
    const { orderId, total } = await placeOnlineOrder(upstream, anita, 2, productId);
    const [{ bv_hundredths }] = await upstream.query<{ bv_hundredths: number }>("SELECT bv_hundredths FROM orders WHERE id = ?", orderId);
    const orderBv = bv_hundredths / 100;
    expect(orderBv).toBeGreaterThan(0);
    expect((await view(ravi)).data!.positions[0]!.member!.bv).toEqual(before); // not paid yet

    const gateway = payments.createOrderIdInRazorpay.response.parse(
      (await upstream.call(payments.createOrderIdInRazorpay, { token: anita, body: { order_id: orderId, amount: total } })).json,
    ).data;
    const paid = (await (
      await fetch(`${upstream.baseUrl}/test-gateway/payments`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ key_id: OFFLINE_KEY_ID, order_id: gateway.order_id, outcome: "pay" }),
      })
    ).json()) as Record<string, string>;
    const fields = { payment_id: paid.razorpay_payment_id, razorpay_order_id: paid.razorpay_order_id, signature: paid.razorpay_signature };
    const settled = await upstream.call(orders.addPaymentDetails, {
      token: anita,
      body: { payment_method_id: PAYMENT_METHOD.online, order_id: orderId, amount: total, ...fields },
    });
    expect(settled.status, JSON.stringify(settled.json)).toBe(200);
    // the same payment again (a callback after the webhook): counted once
    await upstream.call(orders.addPaymentDetails, {
      token: anita,
      body: { payment_method_id: PAYMENT_METHOD.online, order_id: orderId, amount: total, ...fields },
    });

    const after = (await view(ravi)).data!.positions[0]!.member!.bv;
    expect(after.left_month).toBeCloseTo(before.left_month + orderBv, 2);
    expect(after.left_total).toBeCloseTo(before.left_total + orderBv, 2);
    expect(after.right_month).toBe(before.right_month);
    expect(after.right_total).toBe(before.right_total);
    expect(await storedCounterDrift(upstream)).toEqual([]);
  });
});

describe("my-team/search", () => {
  it("finds a Sponsor ID in the caller's downline, and answers anyone else as no one", async () => {
    const found = await upstream.call(team.teamSearch, { token: ravi, body: { sponsor_id: " ah100003 " } });
    expect(found.status).toBe(200);
    expect(team.teamSearch.response.parse(found.json).data).toMatchObject({ sponsor_id: "AH100003", name: "Suresh Patel" });
    const outside = await upstream.call(team.teamSearch, { token: anita, body: { sponsor_id: "AH100003" } });
    const nobody = await upstream.call(team.teamSearch, { token: anita, body: { sponsor_id: "AH999998" } });
    expect(outside.status).toBe(404);
    expect(outside.json).toEqual(nobody.json);
    expect((await upstream.call(team.teamSearch, { token: anita, body: { sponsor_id: "" } })).status).toBe(422);
  });
});

describe("my-team/recruits", () => {
  it("lists the caller's recruits newest first, ten a page, with their leg and KYC status", async () => {
    await addMembers(12, "AH100002", SIDE.right, "TR");
    expect(await storedCounterDrift(upstream)).toEqual([]);
    const first = team.teamRecruits.response.parse((await upstream.call(team.teamRecruits, { token: anita, body: {} })).json).data;
    expect(first).toMatchObject({ page: 1, per_page: RECRUITS_PER_PAGE, total: 12 });
    expect(first.recruits.map((r) => r.sponsor_id)).toEqual(["TR011", "TR010", "TR009", "TR008", "TR007", "TR006", "TR005", "TR004", "TR003", "TR002"]);
    expect(first.recruits[0]).toMatchObject({ side_id: SIDE.right, kyc_status: 1, name: "Team TR011" });
    const second = team.teamRecruits.response.parse((await upstream.call(team.teamRecruits, { token: anita, body: { page: 2 } })).json).data;
    expect(second.recruits.map((r) => r.sponsor_id)).toEqual(["TR001", "TR000"]);
    // and the tree saw them: twelve down AH100002's extreme-right leg
    const anitaView = (await view(anita)).data!;
    expect(anitaView.positions[0]!.member).toMatchObject({ left_team: 0, right_team: 12 });
    expect(anitaView.positions.find((p) => p.position === "RR")!.member!.sponsor_id).toBe("TR001");
    const deep = await view(anita, "TR011");
    expect(deep.data).toMatchObject({ up: "TR010" });
    expect((await view(ravi, "TR011")).status).toBe(200);
  });

  it("comes with the team view when asked (recruits_page): the same page, the caller's own recruits whatever the root", async () => {
    const alone = team.teamRecruits.response.parse((await upstream.call(team.teamRecruits, { token: anita, body: { page: 2 } })).json).data;
    const withView = await upstream.call(team.teamView, { token: anita, body: { root: "TR005", recruits_page: 2 } });
    expect(withView.status).toBe(200);
    const data = team.teamView.response.parse(withView.json).data;
    expect(data.positions[0]!.member!.sponsor_id).toBe("TR005");
    expect(data.recruits).toEqual(alone);
    // without recruits_page the view is as before
    expect((await view(anita, "TR005")).data).not.toHaveProperty("recruits");
    expect((await upstream.call(team.teamView, { token: anita, body: { recruits_page: 0 } })).status).toBe(422);
  });
});
