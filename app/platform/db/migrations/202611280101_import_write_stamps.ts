import type { Kysely } from "kysely";

/**
 * `formation_import_files.write_stamps`: the time stamp of each attempt at writing the file (JSON
 * list), committed before its first chunk. The formations an attempt created or updated carry
 * that stamp; an attempt that takes over a file after an instance died counts them as the file's
 * own creations and updates instead of « inchangées ».
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("formation_import_files")
    .addColumn("write_stamps", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("formation_import_files").dropColumn("write_stamps").execute();
}
