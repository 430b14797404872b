import { db, type Db } from "~/platform/db/db.server";
import type { SitemapEntry } from "~/platform/seo/sitemap.server";
import { categoryCityPath, cityPath, formationPath } from "./slug";

/**
 * The catalogue's public URLs: the catalogue itself, every published formation, every city page,
 * and every category-city pair that has at least one published formation. Nothing else
 * (no drafts, no empty category-city pairs, no comparison pages).
 */
export async function sitemapEntries(target: Db = db()): Promise<SitemapEntry[]> {
  const [formations, cities, pairs] = await Promise.all([
    target.selectFrom("formations").select(["slug", "updated_at"]).where("status", "=", "published").orderBy("slug").execute(),
    target.selectFrom("cities").select(["slug", "updated_at"]).orderBy("slug").execute(),
    target
      .selectFrom("formations as f")
      .innerJoin("formation_categories as c", "c.id", "f.category_id")
      .innerJoin("formation_cities as fc", "fc.formation_id", "f.id")
      .innerJoin("cities as ci", "ci.id", "fc.city_id")
      .select(["c.slug as category", "ci.slug as city", (eb) => eb.fn.max("f.updated_at").as("lastmod")])
      .where("f.status", "=", "published")
      .groupBy(["c.slug", "ci.slug"])
      .orderBy("c.slug")
      .orderBy("ci.slug")
      .execute(),
  ]);
  const latest = formations.reduce<string | undefined>((max, f) => (!max || f.updated_at > max ? f.updated_at : max), undefined);
  return [
    { path: "/formations", lastmod: latest, changefreq: "weekly", priority: 0.9 },
    ...formations.map((f) => ({ path: formationPath(f.slug), lastmod: f.updated_at, changefreq: "monthly" as const, priority: 0.8 })),
    ...cities.map((c) => ({ path: cityPath(c.slug), lastmod: c.updated_at, changefreq: "weekly" as const, priority: 0.6 })),
    ...pairs.map((p) => ({
      path: categoryCityPath(p.category, p.city),
      lastmod: String(p.lastmod),
      changefreq: "weekly" as const,
      priority: 0.5,
    })),
  ];
}
