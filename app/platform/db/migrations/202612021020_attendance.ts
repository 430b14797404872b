import type { Kysely } from "kysely";
import { createdAndUpdated, tableWithId } from "./columns";

/**
 * Attendance signed online (docs/decisions/0033-attendance-signed-online.md):
 * - `attendance_half_days`: one row per session and half-day that has any record: the head of its
 *   chain (`seq`, `last_hash`) and whether it is closed (countersigned: `closed_at`). The row is
 *   locked while a record is appended, so two records never take the same place in the chain.
 * - `attendance_records`: the half-day's journal, never updated but for the erasure of a
 *   signature's picture (its SHA-256 stays in the chain): signatures, statuses set by a trainer or
 *   staff (absent, late, left early, present) with their reason, countersignature, paper sheet and
 *   connection report. Each record's `hash` is sha256(prev_hash + canonical JSON of the record);
 *   UNIQUE (session_id, half_day, seq).
 * - `attendance_email_codes`: the one-time codes sent by e-mail (only their SHA-256), 10 minutes,
 *   a few attempts, used once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createdAndUpdated(
    tableWithId(db, "attendance_half_days")
      .addColumn("session_id", "varchar(64)", (c) => c.notNull().references("formation_sessions.id").onDelete("cascade"))
      .addColumn("half_day", "varchar(24)", (c) => c.notNull())
      .addColumn("seq", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("last_hash", "varchar(64)", (c) => c.notNull().defaultTo(""))
      .addColumn("closed_at", "varchar(40)")
      .addColumn("closed_by", "varchar(200)", (c) => c.notNull().defaultTo(""))
      .addUniqueConstraint("attendance_half_days_session_half_day", ["session_id", "half_day"]),
  ).execute();

  await tableWithId(db, "attendance_records")
    .addColumn("session_id", "varchar(64)", (c) => c.notNull().references("formation_sessions.id").onDelete("cascade"))
    .addColumn("half_day", "varchar(24)", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("event", "varchar(20)", (c) => c.notNull())
    .addColumn("trainee_id", "varchar(36)")
    .addColumn("trainee_name", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "varchar(20)", (c) => c.notNull().defaultTo(""))
    .addColumn("method", "varchar(20)", (c) => c.notNull().defaultTo(""))
    .addColumn("signature_kind", "varchar(10)", (c) => c.notNull().defaultTo(""))
    .addColumn("signature", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("signature_sha256", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("reason", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("actor_kind", "varchar(20)", (c) => c.notNull())
    .addColumn("actor_name", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("actor_email", "varchar(320)", (c) => c.notNull().defaultTo(""))
    .addColumn("ip", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("user_agent", "varchar(400)", (c) => c.notNull().defaultTo(""))
    .addColumn("file_key", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("file_name", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .addColumn("prev_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("hash", "varchar(64)", (c) => c.notNull())
    .addUniqueConstraint("attendance_records_session_half_day_seq", ["session_id", "half_day", "seq"])
    .execute();
  await db.schema.createIndex("attendance_records_trainee").on("attendance_records").column("trainee_id").execute();

  await tableWithId(db, "attendance_email_codes")
    .addColumn("session_id", "varchar(64)", (c) => c.notNull().references("formation_sessions.id").onDelete("cascade"))
    .addColumn("half_day", "varchar(24)", (c) => c.notNull())
    .addColumn("trainee_id", "varchar(36)", (c) => c.notNull())
    .addColumn("code_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "varchar(40)", (c) => c.notNull())
    .addColumn("used_at", "varchar(40)")
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("attendance_email_codes_trainee").on("attendance_email_codes").columns(["trainee_id", "half_day"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("attendance_email_codes").execute();
  await db.schema.dropTable("attendance_records").execute();
  await db.schema.dropTable("attendance_half_days").execute();
}
