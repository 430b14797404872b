import type { Kysely } from "kysely";
import { createdAndUpdated, leaseColumns, tableWithId } from "./columns";

/**
 * Formation import: uploaded files (kept in the database so that any instance can read
 * them), background batch jobs (state, progress, counts, cancel flag, lock for one worker at a
 * time) and the rejected rows of each job with their French reasons. Portable: ISO text
 * timestamps, integer 0/1 flags, file contents as base64 text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, "formation_import_jobs")
    .addColumn("state", "varchar(20)", (c) => c.notNull())
    .addColumn("stage", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("all_or_nothing", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("actor_id", "varchar(64)")
    .addColumn("actor_email", "varchar(320)", (c) => c.notNull())
    .addColumn("actor_role", "varchar(20)", (c) => c.notNull())
    .addColumn("total_files", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("files_done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total_rows", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rows_done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("unchanged_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rejected_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("cancel_requested", "integer", (c) => c.notNull().defaultTo(0))
    .$call(leaseColumns)
    .addColumn("error", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .addColumn("started_at", "varchar(40)")
    .addColumn("finished_at", "varchar(40)")
    .addColumn("updated_at", "varchar(40)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("formation_import_jobs_state_idx").on("formation_import_jobs").columns(["state", "created_at"]).execute();

  await tableWithId(db, "formation_import_files")
    .addColumn("job_id", "varchar(36)", (c) => c.references("formation_import_jobs.id").onDelete("cascade"))
    .addColumn("owner_id", "varchar(64)")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("name", "varchar(255)", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("state", "varchar(20)", (c) => c.notNull())
    .addColumn("rows", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("unchanged_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rejected_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("ignored_columns", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("error", "text", (c) => c.notNull().defaultTo(""))
    .$call(createdAndUpdated)
    .execute();
  await db.schema.createIndex("formation_import_files_job_idx").on("formation_import_files").columns(["job_id", "position"]).execute();
  await db.schema.createIndex("formation_import_files_created_idx").on("formation_import_files").column("created_at").execute();

  await tableWithId(db, "formation_import_rejections")
    .addColumn("job_id", "varchar(36)", (c) => c.notNull().references("formation_import_jobs.id").onDelete("cascade"))
    .addColumn("file_name", "varchar(255)", (c) => c.notNull())
    .addColumn("row_number", "integer", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("reasons", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("formation_import_rejections_job_idx")
    .on("formation_import_rejections")
    .columns(["job_id", "file_name", "row_number"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["formation_import_rejections", "formation_import_files", "formation_import_jobs"]) {
    await db.schema.dropTable(table).execute();
  }
}
