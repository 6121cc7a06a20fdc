import type { Kysely, Migration } from "kysely";

/**
 * The language of an order and of a complaint (issue 40): the mails sent later without a request
 * of that person (the payment received mail, which a webhook or the reconciler may send; the
 * grievance officer's replies) are written in it, with links to that language's pages. Rows from
 * before are English, as every mail was.
 */
export const mailLanguage: Migration = {
  async up(db: Kysely<any>) {
    for (const table of ["orders", "complaints"]) {
      await db.schema
        .alterTable(table)
        .addColumn("lang", "text", (c) => c.notNull().defaultTo("en"))
        .execute();
    }
  },
};
