import type { Kysely } from "kysely";

/** Anonymous audience measurement: one counter per day and path, nothing about the visitor. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("page_views")
    .addColumn("day", "varchar(10)", (c) => c.notNull())
    .addColumn("path", "varchar(300)", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("page_views_pk", ["day", "path"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("page_views").execute();
}
