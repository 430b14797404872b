import type { Kysely } from "kysely";
import { addColumns, createdAndUpdated, tableWithId } from "./columns";

/**
 * The complaints register (Qualiopi indicator 31, docs/decisions/0035-complaints-register.md):
 * - `complaints`: one row per complaint, numbered per year (`REC-2026-0001`, the yearly counters of
 *   `document_sequences`, series `reclamation`); where it came from (`source`: the contact form or the
 *   client's or trainee's space), who sent it, what it says, its status (`recue`, `en_cours`,
 *   `repondue`, `close`) and dates, the written answer sent and who sent it, the corrective action
 *   decided; `lead_id` the contact message it came with (null once that message is deleted),
 *   `registration_id` the registration a space complaint is about; `erased_at` when its personal data
 *   were erased (the row stays in the register without them).
 * - `mail_queue.complaint_id`: the complaint an e-mail is about (acknowledgement, answer, staff notice).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createdAndUpdated(
    tableWithId(db, "complaints")
      .addColumn("reference", "varchar(40)", (c) => c.notNull().unique())
      .addColumn("source", "varchar(20)", (c) => c.notNull())
      .addColumn("name", "varchar(120)", (c) => c.notNull().defaultTo(""))
      .addColumn("email", "varchar(254)", (c) => c.notNull().defaultTo(""))
      .addColumn("phone", "varchar(40)", (c) => c.notNull().defaultTo(""))
      .addColumn("registration_id", "varchar(36)")
      .addColumn("about", "varchar(300)", (c) => c.notNull().defaultTo(""))
      .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("status", "varchar(20)", (c) => c.notNull())
      .addColumn("received_at", "varchar(40)", (c) => c.notNull())
      .addColumn("started_at", "varchar(40)")
      .addColumn("answered_at", "varchar(40)")
      .addColumn("answer", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("answered_by", "varchar(254)", (c) => c.notNull().defaultTo(""))
      .addColumn("corrective_action", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("closed_at", "varchar(40)")
      .addColumn("lead_id", "varchar(36)")
      .addColumn("erased_at", "varchar(40)"),
  ).execute();
  await db.schema.createIndex("complaints_received").on("complaints").column("received_at").execute();
  await db.schema.createIndex("complaints_status").on("complaints").columns(["status", "received_at"]).execute();
  await addColumns(db, "mail_queue", [["complaint_id", "varchar(36)"]]);
  await db.schema.createIndex("mail_queue_complaint").on("mail_queue").column("complaint_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("mail_queue_complaint").execute();
  await db.schema.alterTable("mail_queue").dropColumn("complaint_id").execute();
  await db.schema.dropTable("complaints").execute();
}
