import { Router } from "express";
import { addresses } from "../../contract/index";
import { MAX_ADDRESSES } from "../../contract/constants";
import { requireSession } from "../services/sessions";
import type { DB } from "../db/index";
import { ApiError, handle, notFound, ok } from "../http/endpoint";
import { loadAddresses, type AddressSnapshot } from "../services/pricing";

/** The member's address book. Only the owner sees or changes an address; anybody else's id is "not found". */
export function addressRoutes(db: DB) {
  const router = Router();

  const contractShape = ({ gst_code: _gstCode, ...address }: AddressSnapshot) => address;

  async function ownAddress(memberId: number, id: number) {
    const found = (await loadAddresses(db, memberId, [id])).get(id);
    if (!found) throw notFound("Address");
    return contractShape(found);
  }

  handle(router, addresses.billingAddressList, async (_body, req) => {
    const { memberId } = await requireSession(db, req);
    const ids = await db.selectFrom("addresses").select("id").where("member_id", "=", memberId).orderBy("id").execute();
    const found = await loadAddresses(
      db,
      memberId,
      ids.map((r) => r.id),
    );
    return ok(
      ids
        .map((r) => found.get(r.id))
        .filter((a): a is AddressSnapshot => !!a)
        .map(contractShape),
    );
  });

  handle(router, addresses.billingAddress, async (body, req) => {
    const { memberId } = await requireSession(db, req);
    return ok(await ownAddress(memberId, body.address_id));
  });

  handle(router, addresses.addUserAddress, async (body, req) => {
    const { memberId } = await requireSession(db, req);
    const id = await db.transaction().execute(async (trx) => {
      const city = await trx.selectFrom("cities").select("id").where("id", "=", body.city_id).where("state_id", "=", body.state_id).executeTakeFirst();
      if (!city) {
        const state = await trx.selectFrom("states").select("id").where("id", "=", body.state_id).executeTakeFirst();
        throw new ApiError(422, "Validation fails.", state ? { city_id: ["City is required"] } : { state_id: ["State is required"] });
      }
      const fields = {
        first_name: body.first_name,
        last_name: body.last_name,
        company_name: body.company_name,
        street_address_1: body.street_address_1,
        street_address_2: body.street_address_2,
        state_id: body.state_id,
        city_id: body.city_id,
        pincode: body.pincode,
        phone_no: body.phone_no,
        email: body.email,
      };
      if (body.id !== undefined) {
        const updated = await trx.updateTable("addresses").set(fields).where("id", "=", body.id).where("member_id", "=", memberId).executeTakeFirst();
        // another member's address answers like one that does not exist, and stays as it was
        if (Number(updated.numUpdatedRows) === 0) throw notFound("Address");
        return body.id;
      }
      const { n } = await trx
        .selectFrom("addresses")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("member_id", "=", memberId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= MAX_ADDRESSES) throw new ApiError(422, `You can keep at most ${MAX_ADDRESSES} addresses.`);
      const created = await trx
        .insertInto("addresses")
        .values({ ...fields, member_id: memberId, created_at: new Date().toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow();
      return created.id;
    });
    return ok(await ownAddress(memberId, id), addresses.ADDRESS_SAVED);
  });

  return router;
}
