import { db, type Db } from "~/platform/db/db.server";
import type { SitemapEntry } from "~/platform/seo/sitemap.server";
import { blogPostPath } from "./labels";

/** The blog's public URLs: the index and every post visitors can see at `now` (no drafts, no future posts). */
export async function sitemapEntries({ now = new Date() }: { now?: Date } = {}, target: Db = db()): Promise<SitemapEntry[]> {
  const posts = await target
    .selectFrom("blog_posts")
    .select(["slug", "updated_at", "published_at"])
    .where("status", "in", ["scheduled", "published"])
    .where("published_at", "<=", now.toISOString())
    .orderBy("published_at", "desc")
    .execute();
  const lastmod = (p: { updated_at: string; published_at: string | null }) =>
    p.published_at && p.published_at > p.updated_at ? p.published_at : p.updated_at;
  return [
    { path: "/blog", lastmod: posts[0] ? lastmod(posts[0]) : undefined, changefreq: "weekly", priority: 0.7 },
    ...posts.map((p) => ({ path: blogPostPath(p.slug), lastmod: lastmod(p), changefreq: "monthly" as const, priority: 0.6 })),
  ];
}
