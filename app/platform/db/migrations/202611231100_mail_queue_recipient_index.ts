import type { Kysely } from "kysely";

/** The quote and contact forms count the acknowledgements sent to one address over a day. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("mail_queue_recipient_idx").on("mail_queue").columns(["to_address", "purpose", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("mail_queue_recipient_idx").execute();
}
