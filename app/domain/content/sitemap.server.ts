import type { SitemapEntry } from "~/platform/seo/sitemap.server";
import { db, type Db } from "~/platform/db/db.server";

/**
 * The claims pages are listed only while they have something to show (docs/claims.md):
 * /temoignages needs a published testimonial or a result, /pourquoi-nous-choisir an argument.
 */
export async function sitemapEntries(target: Db = db()): Promise<SitemapEntry[]> {
  const has = async (table: "testimonials" | "result_figures" | "why_us_arguments", published = false) => {
    let q = target.selectFrom(table).select("id").limit(1);
    if (published) q = q.where("published", "=", 1).where("consent", "=", 1);
    return Boolean(await q.executeTakeFirst());
  };
  const [testimonials, results, args] = await Promise.all([has("testimonials", true), has("result_figures"), has("why_us_arguments")]);
  const entries: SitemapEntry[] = [];
  if (testimonials || results) entries.push({ path: "/temoignages", changefreq: "monthly", priority: 0.6 });
  if (args) entries.push({ path: "/pourquoi-nous-choisir", changefreq: "yearly", priority: 0.6 });
  return entries;
}
