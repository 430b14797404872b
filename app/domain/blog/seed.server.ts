import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { Db } from "~/platform/db/db.server";
import { storage, type StorageDriver } from "~/platform/storage/storage.server";
import type { StoredImage } from "~/platform/storage/stored-image";
import { ILLUSTRATION_DESCRIPTIONS, type IllustrationName } from "~/ui/illustration";
import { createPost } from "./blog.server";
import { DEMO_POSTS } from "./demo-content";
import { parisDay, parisLocalToIso } from "./labels";
import { valueOf } from "~/platform/validation/errors";

/**
 * The illustration set's folder (light-theme drawings), read from the checkout as the PDF fonts are
 * (assets/fonts): the same file whether the seed runs in the built server, in the tests or in a
 * benchmark script run by tsx.
 */
const DRAWINGS_DIR = path.resolve(process.cwd(), "public/illustrations");

/**
 * A demo post's cover: its drawing rendered by sharp at 480 and 960 pixels in WebP, stored as an
 * upload is (`blog/<uuid>-<width>.webp`), so that the editor can keep, replace or remove it. The
 * upload pipeline's AVIF copies are left out: they took seconds per post at every demo install.
 */
async function demoCover(name: IllustrationName, files: StorageDriver): Promise<StoredImage> {
  const file = path.join(DRAWINGS_DIR, `${name}-light.svg`);
  const svg = await readFile(file).catch(() => {
    throw new Error(`Illustration introuvable : ${file}`);
  });
  const key = `blog/${randomUUID()}`;
  const widths = [480, 960];
  for (const width of widths) {
    // The drawing is 640 pixels wide at 72 dpi: rendered at the density of the wanted width.
    const body = await sharp(svg, { density: (72 * width) / 640 })
      .webp({ quality: 80 })
      .toBuffer();
    await files.put(`${key}-${width}.webp`, body, "image/webp");
  }
  return { key, width: 960, height: 540, widths, formats: ["webp"] };
}

/**
 * Demo blog step: adds the demonstration articles that are missing (by slug, old slugs included),
 * published at 8:30 (Paris) a number of days before `now`, with their related demo formations.
 * They are signed by the organisation (no named author): demo staff accounts are not real people.
 * Each has a cover from the site's illustration set.
 * Never changes what already exists. Runs after the formations step.
 */
export async function seedBlog(target: Db, now: Date = new Date(), files: StorageDriver = storage()): Promise<number> {
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
          image: await demoCover(post.illustration, files),
          imageAlt: ILLUSTRATION_DESCRIPTIONS[post.illustration],
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
