import type { Kysely } from "kysely";
import { createdAndUpdated, leaseColumns, tableWithId } from "./columns";

/**
 * Training documents (docs/decisions/0016-training-documents-pdf.md):
 *
 * - `document_sequences`: one counter per document kind and year (`CONV-2027-0001`), incremented in
 *   the transaction that stores the document, so a number is never reused and never skipped.
 * - `documents`: every generated PDF (file in the storage, never public), its number, version and
 *   state (`actif`, or `remplace` once regenerated), whom it was sent to.
 * - `session_attendance`: per trainee, the half-days attended and the assessment result, marked by
 *   staff before the certificates.
 * - `document_jobs`: a batch (a session's convocations or certificates) worked by the job runner.
 * - `registrations.lead_id`: the quote request a registration was made from.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("document_sequences")
    .addColumn("kind", "varchar(20)", (c) => c.notNull())
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("last_number", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("document_sequences_pk", ["kind", "year"])
    .execute();

  await tableWithId(db, "documents")
    .addColumn("number", "varchar(40)", (c) => c.notNull().unique())
    .addColumn("kind", "varchar(20)", (c) => c.notNull())
    .addColumn("subject_key", "varchar(120)", (c) => c.notNull())
    .addColumn("session_id", "varchar(36)", (c) => c.notNull())
    .addColumn("registration_id", "varchar(36)")
    .addColumn("trainee_id", "varchar(36)")
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("state", "varchar(20)", (c) => c.notNull())
    .addColumn("storage_key", "varchar(200)", (c) => c.notNull())
    .addColumn("filename", "varchar(200)", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("sent_to", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sent_at", "varchar(40)")
    .addColumn("created_by", "varchar(254)", (c) => c.notNull())
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("documents_subject_idx").on("documents").columns(["subject_key", "version"]).unique().execute();
  await db.schema.createIndex("documents_session_idx").on("documents").columns(["session_id", "created_at"]).execute();
  await db.schema.createIndex("documents_registration_idx").on("documents").columns(["registration_id", "created_at"]).execute();

  await db.schema
    .createTable("session_attendance")
    .addColumn("trainee_id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("session_id", "varchar(36)", (c) => c.notNull())
    .addColumn("half_days", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("result", "varchar(20)", (c) => c.notNull().defaultTo(""))
    .addColumn("updated_by", "varchar(254)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(40)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("session_attendance_session_idx").on("session_attendance").column("session_id").execute();

  await tableWithId(db, "document_jobs")
    .addColumn("session_id", "varchar(36)", (c) => c.notNull())
    .addColumn("kind", "varchar(20)", (c) => c.notNull())
    .addColumn("send", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("state", "varchar(20)", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("targets", "text", (c) => c.notNull().defaultTo("[]"))
    .$call(leaseColumns)
    .addColumn("error", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("actor_email", "varchar(254)", (c) => c.notNull())
    .$call(createdAndUpdated)
    .execute();
  await db.schema.createIndex("document_jobs_state_idx").on("document_jobs").columns(["state", "created_at"]).execute();

  await db.schema.alterTable("registrations").addColumn("lead_id", "varchar(36)").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("registrations").dropColumn("lead_id").execute();
  for (const table of ["document_jobs", "session_attendance", "documents", "document_sequences"]) {
    await db.schema.dropTable(table).execute();
  }
}
