import { sql, type Kysely, type Migration } from "kysely";
import { dialectOf } from "../dialect.js";

/** How long an access to a KYC document stays in the log at the least (DPDP Rules: a year). */
const ACCESS_LOG_RETENTION_DAYS = 366;

/**
 * Who opened which KYC document when (DPDP Rules: logs of access to personal data). One row per
 * request for a document, served or refused. The log is append-only: a trigger refuses any UPDATE,
 * and a DELETE of a row younger than ACCESS_LOG_RETENTION_DAYS, so it is kept at least a year
 * whatever code runs; older rows may be purged by the operator (nothing purges them by itself).
 * `document_id` is the id asked for and `owner_member_id` the document's owner when it exists: no
 * foreign key, so the log outlives a document or a member.
 */
export const documentAccessLog: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("document_access_log")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("member_id", "integer", (c) => c.notNull())
      .addColumn("document_id", "integer", (c) => c.notNull())
      .addColumn("owner_member_id", "integer")
      .addColumn("outcome", "text", (c) => c.notNull().check(sql`outcome IN ('served', 'refused')`))
      .addColumn("accessed_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("document_access_log_document").on("document_access_log").columns(["document_id", "accessed_at"]).execute();
    await db.schema.createIndex("document_access_log_member").on("document_access_log").columns(["member_id", "accessed_at"]).execute();
    if (dialectOf(db) === "postgres") {
      await sql`
        CREATE FUNCTION document_access_log_no_update() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the document access log is append-only'; END $$
      `.execute(db);
      await sql`CREATE TRIGGER document_access_log_no_update BEFORE UPDATE ON document_access_log FOR EACH ROW EXECUTE FUNCTION document_access_log_no_update()`.execute(
        db,
      );
      // accessed_at is ISO 8601 text, as on SQLite
      await sql
        .raw(
          `CREATE FUNCTION document_access_log_retention() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN
             IF OLD.accessed_at::timestamptz > now() - interval '${ACCESS_LOG_RETENTION_DAYS} days' THEN
               RAISE EXCEPTION 'document access log rows are kept at least a year';
             END IF;
             RETURN OLD;
           END $$`,
        )
        .execute(db);
      await sql`CREATE TRIGGER document_access_log_retention BEFORE DELETE ON document_access_log FOR EACH ROW EXECUTE FUNCTION document_access_log_retention()`.execute(
        db,
      );
    } else {
      await sql`
        CREATE TRIGGER document_access_log_no_update BEFORE UPDATE ON document_access_log
        BEGIN SELECT RAISE(ABORT, 'the document access log is append-only'); END
      `.execute(db);
      await sql
        .raw(
          `CREATE TRIGGER document_access_log_retention BEFORE DELETE ON document_access_log
           WHEN julianday(OLD.accessed_at) > julianday('now') - ${ACCESS_LOG_RETENTION_DAYS}
           BEGIN SELECT RAISE(ABORT, 'document access log rows are kept at least a year'); END`,
        )
        .execute(db);
    }
  },
};
