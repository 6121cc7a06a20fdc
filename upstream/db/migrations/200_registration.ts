import { sql, type Kysely, type Migration } from "kysely";
import { dialectOf } from "../dialect.js";

/**
 * Registration: the profile fields members lacked, their nominee, KYC and bank details, their
 * uploaded documents, and the binary tree.
 *
 * The tree keeps two relations apart: `members.sponsor_id` is who recruited the member;
 * `members.parent_id` + `members.side_id` is where the member sits (the placement). A place is
 * taken once: UNIQUE (parent_id, side_id). `member_tree` holds the closure rows a genealogy view
 * needs (every ancestor of every member, with the depth and the ancestor's leg it is in); triggers
 * keep it in step with every insert, and a placement never changes once made.
 */
export const registration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable("members")
      .addColumn("sponsor_id", "integer", (c) => c.references("members.id"))
      .execute();
    await db.schema
      .alterTable("members")
      .addColumn("phone_no", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema.alterTable("members").addColumn("date_of_birth", "text").execute();
    await db.schema
      .alterTable("members")
      .addColumn("gender", "integer", (c) => c.check(sql`gender IN (1, 2)`))
      .execute();
    await db.schema
      .alterTable("members")
      .addColumn("state_id", "integer", (c) => c.references("states.id"))
      .execute();
    await db.schema
      .alterTable("members")
      .addColumn("city_id", "integer", (c) => c.references("cities.id"))
      .execute();
    await db.schema
      .alterTable("members")
      .addColumn("pincode", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema
      .alterTable("members")
      .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
      .execute();

    // e-mails are unique whatever their case (the existing UNIQUE(email) is case-sensitive)
    await sql`CREATE UNIQUE INDEX members_email_unique_lower ON members (lower(email))`.execute(db);

    // ————— the tree —————
    // the demo members were recruited by the members they sit under
    await sql`UPDATE members SET sponsor_id = parent_id WHERE sponsor_id IS NULL AND parent_id IS NOT NULL`.execute(db);
    await sql`CREATE UNIQUE INDEX members_placement ON members (parent_id, side_id)`.execute(db);
    await db.schema.createIndex("members_sponsor").on("members").column("sponsor_id").execute();
    await db.schema
      .createTable("member_tree")
      .addColumn("ancestor_id", "integer", (c) => c.notNull().references("members.id"))
      .addColumn("descendant_id", "integer", (c) => c.notNull().references("members.id"))
      .addColumn("depth", "integer", (c) => c.notNull().check(sql`depth >= 0`))
      // the side of the ancestor's leg the descendant is in (null on the member's own row)
      .addColumn("leg_side_id", "integer", (c) => c.check(sql`leg_side_id IN (1, 2)`))
      .addPrimaryKeyConstraint("member_tree_pk", ["ancestor_id", "descendant_id"])
      .addCheckConstraint("member_tree_leg", sql`(depth = 0) = (leg_side_id IS NULL)`)
      .execute();
    await db.schema.createIndex("member_tree_descendant").on("member_tree").columns(["descendant_id", "depth"]).execute();
    if (dialectOf(db) === "postgres") await treeTriggersPostgres(db);
    else await treeTriggersSqlite(db);
    // members placed before this migration (the demo data of an existing DATA_DIR)
    await sql`
      WITH RECURSIVE up(ancestor_id, descendant_id, depth, leg_side_id) AS (
        SELECT id, id, 0, CAST(NULL AS integer) FROM members
        UNION ALL
        SELECT m.parent_id, up.descendant_id, up.depth + 1, m.side_id
        FROM up JOIN members m ON m.id = up.ancestor_id
        WHERE m.parent_id IS NOT NULL
      )
      INSERT INTO member_tree (ancestor_id, descendant_id, depth, leg_side_id) SELECT * FROM up
    `.execute(db);

    // ————— nominee, KYC, bank —————
    await db.schema
      .createTable("member_nominees")
      .addColumn("member_id", "integer", (c) => c.primaryKey().references("members.id").onDelete("cascade"))
      .addColumn("nominee_name", "text", (c) => c.notNull())
      .addColumn("nominee_age", "integer", (c) => c.notNull().check(sql`nominee_age BETWEEN 0 AND 999`))
      .addColumn("relation_id", "integer", (c) => c.notNull().references("relations.id"))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("member_kyc")
      .addColumn("member_id", "integer", (c) => c.primaryKey().references("members.id").onDelete("cascade"))
      .addColumn("pan", "text", (c) => c.notNull())
      .addColumn("gst_no", "text")
      .addColumn("id_proof_id", "integer", (c) => c.notNull().references("id_proofs.id"))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("member_bank_accounts")
      .addColumn("member_id", "integer", (c) => c.primaryKey().references("members.id").onDelete("cascade"))
      .addColumn("bank_name", "text", (c) => c.notNull())
      .addColumn("account_type", "integer", (c) => c.notNull().check(sql`account_type IN (1, 2)`))
      .addColumn("account_holder_name", "text", (c) => c.notNull())
      .addColumn("bank_account_number", "text", (c) => c.notNull())
      .addColumn("branch_name_and_address", "text", (c) => c.notNull())
      .addColumn("bank_ifsc_no", "text", (c) => c.notNull())
      .addColumn("branch_city", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    // ————— uploaded documents (files under DATA_DIR/documents, never served publicly) —————
    await db.schema
      .createTable("member_documents")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("member_id", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
      .addColumn("proof_type_id", "integer", (c) => c.notNull().check(sql`proof_type_id BETWEEN 1 AND 6`))
      .addColumn("stored_name", "text", (c) => c.notNull().unique())
      .addColumn("original_name", "text", (c) => c.notNull())
      .addColumn("detected_type", "text", (c) => c.notNull().check(sql`detected_type IN ('image/jpeg', 'image/png', 'image/bmp', 'application/pdf')`))
      .addColumn("size_bytes", "integer", (c) => c.notNull().check(sql`size_bytes > 0`))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("member_documents_member").on("member_documents").columns(["member_id", "proof_type_id"]).execute();
  },
};

async function treeTriggersSqlite(db: Kysely<any>) {
  await sql`
      CREATE TRIGGER members_placement_valid BEFORE INSERT ON members
      WHEN (NEW.parent_id IS NULL) <> (NEW.side_id IS NULL) OR NEW.side_id NOT IN (1, 2)
      BEGIN SELECT RAISE(ABORT, 'a placement needs a parent and a side (1 or 2)'); END
    `.execute(db);
  await sql`
      CREATE TRIGGER members_placement_permanent BEFORE UPDATE OF parent_id, side_id ON members
      WHEN OLD.parent_id IS NOT NEW.parent_id OR OLD.side_id IS NOT NEW.side_id
      BEGIN SELECT RAISE(ABORT, 'a placement is permanent'); END
    `.execute(db);
  await sql`
      CREATE TRIGGER members_tree_insert AFTER INSERT ON members
      BEGIN
        INSERT INTO member_tree (ancestor_id, descendant_id, depth, leg_side_id)
          SELECT ancestor_id, NEW.id, depth + 1, CASE WHEN depth = 0 THEN NEW.side_id ELSE leg_side_id END
          FROM member_tree WHERE descendant_id = NEW.parent_id;
        INSERT INTO member_tree (ancestor_id, descendant_id, depth, leg_side_id) VALUES (NEW.id, NEW.id, 0, NULL);
      END
    `.execute(db);
}

/** The same rules as the SQLite triggers, in PL/pgSQL. */
async function treeTriggersPostgres(db: Kysely<any>) {
  await sql`
    CREATE FUNCTION members_placement_valid() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF (NEW.parent_id IS NULL) <> (NEW.side_id IS NULL) OR NEW.side_id NOT IN (1, 2) THEN
        RAISE EXCEPTION 'a placement needs a parent and a side (1 or 2)';
      END IF;
      RETURN NEW;
    END $$
  `.execute(db);
  await sql`CREATE TRIGGER members_placement_valid BEFORE INSERT ON members FOR EACH ROW EXECUTE FUNCTION members_placement_valid()`.execute(db);
  await sql`
    CREATE FUNCTION members_placement_permanent() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'a placement is permanent'; END $$
  `.execute(db);
  await sql`
    CREATE TRIGGER members_placement_permanent BEFORE UPDATE OF parent_id, side_id ON members FOR EACH ROW
    WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id OR OLD.side_id IS DISTINCT FROM NEW.side_id)
    EXECUTE FUNCTION members_placement_permanent()
  `.execute(db);
  await sql`
    CREATE FUNCTION members_tree_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO member_tree (ancestor_id, descendant_id, depth, leg_side_id)
        SELECT ancestor_id, NEW.id, depth + 1, CASE WHEN depth = 0 THEN NEW.side_id ELSE leg_side_id END
        FROM member_tree WHERE descendant_id = NEW.parent_id;
      INSERT INTO member_tree (ancestor_id, descendant_id, depth, leg_side_id) VALUES (NEW.id, NEW.id, 0, NULL);
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`CREATE TRIGGER members_tree_insert AFTER INSERT ON members FOR EACH ROW EXECUTE FUNCTION members_tree_insert()`.execute(db);
}
