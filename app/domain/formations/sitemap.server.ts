import { db, type Db } from "~/platform/db/db.server";
import type { SitemapEntry } from "~/platform/seo/sitemap.server";
import { categoryCityPath, cityPath, comparisonPath, formationPath } from "./slug";

/** At most this many comparison pages per category, so the sitemap stays bounded on a large catalogue. */
export const COMPARISONS_PER_CATEGORY = 45;

/**
 * The catalogue's public URLs: the catalogue itself, every published formation, every city page,
 * every category-city pair that has at least one published formation, and the comparison pages
 * worth indexing: two published formations of the same category (a bounded number per category).
 * Nothing else (no drafts, no empty category-city pairs, no cross-category comparisons).
 */
export async function sitemapEntries(target: Db = db()): Promise<SitemapEntry[]> {
  const [formations, cities, pairs] = await Promise.all([
    target
      .selectFrom("formations")
      .select(["slug", "updated_at", "category_id"])
      .where("status", "=", "published")
      .orderBy("slug")
      .execute(),
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
  return [...catalogueEntries(formations, cities, pairs, latest), ...comparisonEntries(formations)];
}

function catalogueEntries(
  formations: Array<{ slug: string; updated_at: string }>,
  cities: Array<{ slug: string; updated_at: string }>,
  pairs: Array<{ category: string; city: string; lastmod: unknown }>,
  latest: string | undefined,
): SitemapEntry[] {
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

/** Same-category pairs of published formations, in the comparison route's canonical order. */
function comparisonEntries(formations: Array<{ slug: string; updated_at: string; category_id: string }>): SitemapEntry[] {
  const byCategory = new Map<string, Array<{ slug: string; updated_at: string }>>();
  for (const f of formations) byCategory.set(f.category_id, [...(byCategory.get(f.category_id) ?? []), f]);
  const entries: SitemapEntry[] = [];
  for (const group of byCategory.values()) {
    let count = 0;
    for (let i = 0; i < group.length && count < COMPARISONS_PER_CATEGORY; i++) {
      for (let j = i + 1; j < group.length && count < COMPARISONS_PER_CATEGORY; j++, count++) {
        const [a, b] = [group[i]!, group[j]!];
        entries.push({
          path: comparisonPath(a.slug, b.slug),
          lastmod: a.updated_at > b.updated_at ? a.updated_at : b.updated_at,
          changefreq: "monthly",
          priority: 0.3,
        });
      }
    }
  }
  return entries;
}
