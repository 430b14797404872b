import { PostgresAdapter, sql, type Kysely } from "kysely";
import { FIRST_CONTENT_TABLES } from "../content-tables";
import { addContentTriggers, dropContentTriggers } from "../content-triggers";

/** The content version that the public page cache of every instance follows (see content-triggers.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("site_state")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("content_version", "bigint", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.insertInto("site_state").values({ id: 1, content_version: 1 }).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`CREATE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE site_state SET content_version = content_version + 1 WHERE id = 1;
  RETURN NULL;
END $$`.execute(db);
  }
  for (const table of FIRST_CONTENT_TABLES) await addContentTriggers(db, table);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of FIRST_CONTENT_TABLES) await dropContentTriggers(db, table);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`DROP FUNCTION IF EXISTS bump_content_version()`.execute(db);
  await db.schema.dropTable("site_state").execute();
}
