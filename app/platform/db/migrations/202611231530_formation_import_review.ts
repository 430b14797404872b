import type { Kysely } from "kysely";
import { addColumns } from "./columns";

/**
 * Formation import: a batch waits for the editor to check each file's columns (job state
 * "review", the mapping chosen per file, the headers and a few cells read at upload to show it),
 * and imports a row that lacks publication fields as a draft to complete, counted apart and
 * listed in the report (kind "draft" beside the refused rows, kind "reject").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, "formation_import_jobs", [["incomplete_count", "integer", (c) => c.notNull().defaultTo(0)]]);
  await addColumns(db, "formation_import_files", [
    ["incomplete_count", "integer", (c) => c.notNull().defaultTo(0)],
    ["mapping", "text", (c) => c.notNull().defaultTo("")],
    ["preview", "text", (c) => c.notNull().defaultTo("")],
  ]);
  await addColumns(db, "formation_import_rejections", [["kind", "varchar(10)", (c) => c.notNull().defaultTo("reject")]]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("formation_import_rejections").dropColumn("kind").execute();
  for (const column of ["preview", "mapping", "incomplete_count"]) {
    await db.schema.alterTable("formation_import_files").dropColumn(column).execute();
  }
  await db.schema.alterTable("formation_import_jobs").dropColumn("incomplete_count").execute();
}
