import type { Db } from "~/platform/db/db.server";
import { createPost } from "./blog.server";
import { DEMO_POSTS } from "./demo-content";
import { parisDay, parisLocalToIso } from "./labels";
import { valueOf } from "~/platform/validation/errors";

/**
 * Demo blog step: adds the demonstration articles that are missing (by slug, old slugs included),
 * published at 8:30 (Paris) a number of days before `now`, with their related demo formations.
 * They are signed by the organisation (no named author): demo staff accounts are not real people.
 * Never changes what already exists. Runs after the formations step.
 */
export async function seedBlog(target: Db, now: Date = new Date()): Promise<number> {
  const taken = new Set([
    ...(await target.selectFrom("blog_posts").select("slug").execute()).map((p) => p.slug),
    ...(await target.selectFrom("blog_slug_redirects").select("old_slug").execute()).map((r) => r.old_slug),
  ]);
  const formations = new Map((await target.selectFrom("formations").select(["id", "slug"]).execute()).map((f) => [f.slug, f.id]));
  let added = 0;
  for (const post of DEMO_POSTS) {
    if (taken.has(post.slug)) continue;
    const day = parisDay(new Date(now.getTime() - post.daysAgo * 86_400_000).toISOString());
    const publishedAt = parisLocalToIso(`${day}T08:30`)!;
    const created = valueOf(
      await createPost(
        {
          title: post.title,
          slug: post.slug,
          excerpt: post.excerpt,
          content: post.content,
          category: post.category,
          tags: post.tags,
          authorId: null,
          status: "published",
          publishedAt,
          image: null,
          imageAlt: "",
          seoTitle: "",
          seoDescription: post.seoDescription ?? "",
          formationIds: post.formations.flatMap((slug) => formations.get(slug) ?? []),
        },
        { db: target, now },
      ),
    );
    // Written on its publication day, not on the day the demo was installed ("mis à jour le…" would be wrong).
    await target.updateTable("blog_posts").set({ created_at: publishedAt, updated_at: publishedAt }).where("id", "=", created.id).execute();
    added++;
  }
  return added;
}
