import type { Kysely } from "kysely";

/**
 * Indexes that read published formations in the order the public pages show them, so that a page
 * reads a few rows instead of sorting the whole catalogue:
 * - a domain's list, most featured first then by title (related formations, category filters):
 *   `featured` descending in the index itself, which the former listing index could not serve;
 * - a domain's formations by title, and the whole catalogue by title (the comparator's choices).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("formations_listing_idx").execute();
  await db.schema
    .createIndex("formations_listing_idx")
    .on("formations")
    .columns(["status", "category_id", "featured desc", "title"])
    .execute();
  await db.schema.createIndex("formations_category_title_idx").on("formations").columns(["status", "category_id", "title"]).execute();
  await db.schema.createIndex("formations_title_idx").on("formations").columns(["status", "title"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("formations_title_idx").execute();
  await db.schema.dropIndex("formations_category_title_idx").execute();
  await db.schema.dropIndex("formations_listing_idx").execute();
  await db.schema.createIndex("formations_listing_idx").on("formations").columns(["status", "category_id", "featured", "title"]).execute();
}
