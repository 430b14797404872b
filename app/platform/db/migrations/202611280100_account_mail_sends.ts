import type { Kysely } from "kysely";
import { tableWithId } from "./columns";

/**
 * `account_mail_sends`: one row per account e-mail sent (password reset, address confirmation,
 * attempted sign-up, invitation), for the per-recipient caps. The recipient is a keyed hash
 * (never the address in clear); rows older than a day are deleted by housekeeping.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, "account_mail_sends")
    .addColumn("recipient", "varchar(64)", (c) => c.notNull())
    .addColumn("purpose", "varchar(40)", (c) => c.notNull())
    .addColumn("sent_at", "varchar(40)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("account_mail_sends_recipient_idx").on("account_mail_sends").columns(["recipient", "sent_at"]).execute();
  await db.schema.createIndex("account_mail_sends_sent_at_idx").on("account_mail_sends").column("sent_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("account_mail_sends").execute();
}
