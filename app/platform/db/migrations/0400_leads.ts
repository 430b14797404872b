import type { Kysely } from "kysely";
import { createdAndUpdated, tableWithId } from "./columns";

/**
 * Leads: quote requests and contact messages, the staff's internal notes, the persisted
 * mail queue that delivers their notifications with retries, and the per-address submission
 * counters of the anti-spam rate limit (shared by every instance). Portable: ISO text timestamps,
 * JSON text for lists.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, "leads")
    .addColumn("reference", "varchar(20)", (c) => c.notNull().unique())
    .addColumn("kind", "varchar(10)", (c) => c.notNull())
    .addColumn("status", "varchar(20)", (c) => c.notNull().defaultTo("nouveau"))
    .addColumn("name", "varchar(120)", (c) => c.notNull())
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    .addColumn("phone", "varchar(40)", (c) => c.notNull().defaultTo(""))
    .addColumn("company", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("siret", "varchar(14)", (c) => c.notNull().defaultTo(""))
    .addColumn("subject", "varchar(40)", (c) => c.notNull().defaultTo(""))
    .addColumn("formations", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("formation_other", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("trainees", "integer")
    .addColumn("format", "varchar(20)", (c) => c.notNull().defaultTo(""))
    .addColumn("period", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("city", "varchar(120)", (c) => c.notNull().defaultTo(""))
    .addColumn("funding", "varchar(40)", (c) => c.notNull().defaultTo(""))
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("consent_at", "varchar(40)", (c) => c.notNull())
    .addColumn("form_token", "varchar(200)", (c) => c.notNull().unique())
    .addColumn("search_text", "text", (c) => c.notNull())
    .$call(createdAndUpdated)
    .execute();
  await db.schema.createIndex("leads_kind_status_idx").on("leads").columns(["kind", "status", "created_at"]).execute();
  await db.schema.createIndex("leads_kind_created_idx").on("leads").columns(["kind", "created_at"]).execute();
  await db.schema.createIndex("leads_updated_idx").on("leads").column("updated_at").execute();

  await tableWithId(db, "lead_notes")
    .addColumn("lead_id", "varchar(36)", (c) => c.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("author_id", "varchar(64)")
    .addColumn("author_email", "varchar(320)", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("lead_notes_lead_idx").on("lead_notes").columns(["lead_id", "created_at"]).execute();

  await tableWithId(db, "mail_queue")
    .addColumn("lead_id", "varchar(36)", (c) => c.references("leads.id").onDelete("cascade"))
    .addColumn("purpose", "varchar(20)", (c) => c.notNull())
    .addColumn("to_address", "varchar(320)", (c) => c.notNull())
    .addColumn("reply_to", "varchar(320)", (c) => c.notNull().defaultTo(""))
    .addColumn("subject", "varchar(300)", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("state", "varchar(10)", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "varchar(40)", (c) => c.notNull())
    .addColumn("lock_token", "varchar(64)")
    .addColumn("locked_until", "varchar(40)")
    .addColumn("last_error", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sent_at", "varchar(40)")
    .addColumn("via", "varchar(10)", (c) => c.notNull().defaultTo(""))
    .$call(createdAndUpdated)
    .execute();
  await db.schema.createIndex("mail_queue_due_idx").on("mail_queue").columns(["state", "next_attempt_at"]).execute();
  await db.schema.createIndex("mail_queue_lead_idx").on("mail_queue").column("lead_id").execute();

  await db.schema
    .createTable("lead_rate_limits")
    .addColumn("key", "varchar(100)", (c) => c.primaryKey())
    .addColumn("window_start", "varchar(40)", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("lead_rate_limits").execute();
  await db.schema.dropTable("mail_queue").execute();
  await db.schema.dropTable("lead_notes").execute();
  await db.schema.dropTable("leads").execute();
}
