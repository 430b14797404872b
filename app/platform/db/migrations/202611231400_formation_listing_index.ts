import type { Kysely } from "kysely";

/** A formation page's « same domain » list and the category filters, quick on a large catalogue. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("formations_listing_idx").on("formations").columns(["status", "category_id", "featured", "title"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("formations_listing_idx").execute();
}
