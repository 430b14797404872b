import type { Kysely } from "kysely";
import { createSlugRedirects, createdAndUpdated, tableWithId } from "./columns";

/**
 * Blog: posts, their tags, their related formations and the old slugs that keep
 * answering with a 301. Portable: ISO text timestamps, JSON text for the cover image.
 * A post is visible when its status is "scheduled" or "published" and `published_at <= now`,
 * so a scheduled post appears by itself at its time, without a job.
 * `author_id` has no foreign key: deleting an account keeps its posts (credited to the organisation).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, "blog_posts", "varchar(64)")
    .addColumn("slug", "varchar(80)", (c) => c.notNull().unique())
    .addColumn("title", "varchar(160)", (c) => c.notNull())
    .addColumn("excerpt", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("category", "varchar(30)", (c) => c.notNull())
    .addColumn("cover_image", "text")
    .addColumn("cover_alt", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("author_id", "varchar(64)")
    .addColumn("status", "varchar(20)", (c) => c.notNull())
    .addColumn("published_at", "varchar(40)")
    .addColumn("seo_title", "varchar(70)", (c) => c.notNull().defaultTo(""))
    .addColumn("seo_description", "varchar(160)", (c) => c.notNull().defaultTo(""))
    .addColumn("reading_minutes", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("search_text", "text", (c) => c.notNull())
    .$call(createdAndUpdated)
    .execute();
  await db.schema.createIndex("blog_posts_visible_idx").on("blog_posts").columns(["status", "published_at"]).execute();
  await db.schema.createIndex("blog_posts_category_idx").on("blog_posts").column("category").execute();

  await db.schema
    .createTable("blog_post_tags")
    .addColumn("post_id", "varchar(64)", (c) => c.notNull().references("blog_posts.id").onDelete("cascade"))
    .addColumn("slug", "varchar(60)", (c) => c.notNull())
    .addColumn("name", "varchar(60)", (c) => c.notNull())
    .addPrimaryKeyConstraint("blog_post_tags_pk", ["post_id", "slug"])
    .execute();
  await db.schema.createIndex("blog_post_tags_slug_idx").on("blog_post_tags").column("slug").execute();

  await db.schema
    .createTable("blog_post_formations")
    .addColumn("post_id", "varchar(64)", (c) => c.notNull().references("blog_posts.id").onDelete("cascade"))
    .addColumn("formation_id", "varchar(64)", (c) => c.notNull().references("formations.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("blog_post_formations_pk", ["post_id", "formation_id"])
    .execute();
  await db.schema.createIndex("blog_post_formations_formation_idx").on("blog_post_formations").column("formation_id").execute();

  await createSlugRedirects(db, "blog_slug_redirects", "post_id", "blog_posts");
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["blog_slug_redirects", "blog_post_formations", "blog_post_tags", "blog_posts"]) {
    await db.schema.dropTable(table).execute();
  }
}
