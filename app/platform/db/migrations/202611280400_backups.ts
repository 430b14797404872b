import type { Kysely } from "kysely";
import { tableWithId } from "./columns";

/**
 * `backups`: one row per scheduled (or manual) backup, finished or failed: when, the archive's
 * name, size and checksum, and where it went (docs/decisions/0012-backups.md). The dashboard shows
 * the last one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, "backups")
    .addColumn("started_at", "varchar(40)", (c) => c.notNull())
    .addColumn("finished_at", "varchar(40)", (c) => c.notNull())
    .addColumn("state", "varchar(20)", (c) => c.notNull())
    .addColumn("file_name", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("size_bytes", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("sha256", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("destination", "varchar(20)", (c) => c.notNull())
    .addColumn("location", "text", (c) => c.notNull())
    .addColumn("method", "varchar(20)", (c) => c.notNull().defaultTo(""))
    .addColumn("files", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("error", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("backups_finished_idx").on("backups").columns(["state", "finished_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("backups").execute();
}
