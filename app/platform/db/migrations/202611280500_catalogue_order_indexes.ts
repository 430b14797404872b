import type { Kysely } from "kysely";

/**
 * Indexes that let the home page and the catalogue sort a large catalogue (10,000 formations)
 * without reading the formations' rows (long texts): the sort reads index entries only, then
 * the page reads the few rows it shows.
 * - the catalogue's default order (featured first, then by domain and title), with the id;
 * - a formation's status and title from its id (the next sessions, sorted by date then title);
 * - sessions by date with their formation (the next sessions of the whole catalogue).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("formations_relevance_idx")
    .on("formations")
    .columns(["status", "featured desc", "category_id", "title", "id"])
    .execute();
  await db.schema.createIndex("formations_id_status_title_idx").on("formations").columns(["id", "status", "title"]).execute();
  await db.schema
    .createIndex("formation_sessions_upcoming_idx")
    .on("formation_sessions")
    .columns(["start_date", "formation_id", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("formation_sessions_upcoming_idx").execute();
  await db.schema.dropIndex("formations_id_status_title_idx").execute();
  await db.schema.dropIndex("formations_relevance_idx").execute();
}
