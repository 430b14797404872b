import type { Kysely } from "kysely";

/**
 * A queued e-mail may carry attachments (the `.ics` calendar file of a registration) and say which
 * registration it is about. `attachments` is JSON text: [{ filename, contentType, content }] with
 * the content as UTF-8 text (calendar files are text).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("mail_queue")
    .addColumn("attachments", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema.alterTable("mail_queue").addColumn("registration_id", "varchar(36)").execute();
  await db.schema.createIndex("mail_queue_registration_idx").on("mail_queue").column("registration_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("mail_queue_registration_idx").execute();
  await db.schema.alterTable("mail_queue").dropColumn("registration_id").execute();
  await db.schema.alterTable("mail_queue").dropColumn("attachments").execute();
}
