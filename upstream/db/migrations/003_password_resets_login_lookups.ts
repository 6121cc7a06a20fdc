import { sql, type Kysely, type Migration } from "kysely";

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("password_resets")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("member_id", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .execute();
    await db.schema.createIndex("password_resets_member").on("password_resets").column("member_id").execute();
    // revoking a member's tokens (logout elsewhere, password change and reset) looks them up by member
    await db.schema.createIndex("tokens_member").on("tokens").column("member_id").execute();
    // login and forgot-password match the Sponsor ID and the e-mail case-insensitively
    await sql`CREATE INDEX members_sponsor_code_lower ON members (lower(sponsor_code))`.execute(db);
    await sql`CREATE INDEX members_email_lower ON members (lower(email))`.execute(db);
  },
};
