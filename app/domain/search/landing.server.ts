import { sql } from "kysely";
import { categoryCityPath, cityPath } from "~/domain/formations/slug";
import type { Db } from "~/platform/db/db.server";
import { wordPrefix } from "~/platform/db/full-text.server";
import { markWords, matches, type Segment } from "./query";

/**
 * The catalogue's landing pages found by a search (docs/decisions/0018-site-search.md, section of
 * 2 December 2026): a city's page (/formations/ville/{ville}) and a category's page in a city
 * (/formation-{categorie}/{ville}). They are matched here, against the names of the cities and
 * categories (a few dozen rows), rather than kept as documents: whether a category has a page in a
 * city depends on its published formations there, which would make every formation write rewrite them.
 *
 * A page is found when every word of the query is on it: its title, the city's name, region and
 * introduction, the category's name, and for a city's page the names of the categories it links to
 * (those with published formations there). At least one word must name its city (and, for a
 * category's page, one its category): « management » alone does not list every city.
 */

export interface LandingPage {
  kind: "category-city" | "city";
  url: string;
  title: Segment[];
  extract: Segment[];
}

interface CityRow {
  id: string;
  slug: string;
  name: string;
  region: string;
  intro: string;
}

interface CategoryRow {
  id: string;
  slug: string;
  name: string;
  description: string;
}

/** The landing pages every word of the query is on, the category's pages first, then the cities'. */
export async function landingPages(words: string[], target: Db): Promise<LandingPage[]> {
  if (words.length === 0) return [];
  const prefixes = words.map(wordPrefix);
  // Cities and categories in one read (a few dozen rows): a round trip costs more than the rows.
  const rows = await sql<{ type: "city" | "category"; id: string; slug: string; name: string; a: string; b: string }>`
    select 'city' as type, id, slug, name, region as a, intro as b, 0 as position from cities
    union all select 'category', id, slug, name, description, '', position from formation_categories
    order by type, position, name`.execute(target);
  const cities: CityRow[] = rows.rows.filter((r) => r.type === "city").map((r) => ({ ...r, region: r.a, intro: r.b }));
  const categories: CategoryRow[] = rows.rows.filter((r) => r.type === "category").map((r) => ({ ...r, description: r.a }));
  const cityTitle = (c: CityRow) => `Formations professionnelles à ${c.name}`;
  const cityText = (c: CityRow) => `${cityTitle(c)} ${c.region} ${c.intro}`;
  const named = cities.filter((c) => matches(`${c.name} ${c.region}`, prefixes));
  if (named.length === 0) return [];
  const namedCategories = categories.filter((k) => matches(k.name, prefixes));
  const present = await publishedPairs(
    named.map((c) => c.id),
    namedCategories.map((k) => k.id),
    target,
  );

  const pairs: LandingPage[] = [];
  const cityPages: LandingPage[] = [];
  for (const city of named) {
    const here = namedCategories.filter((k) => present.has(`${k.id}|${city.id}`));
    for (const category of here) {
      const title = `Formation ${category.name.toLowerCase()} à ${city.name}`;
      if (!prefixes.every((p) => matches(`${title} ${city.region}`, [p]))) continue;
      pairs.push({
        kind: "category-city",
        url: categoryCityPath(category.slug, city.slug),
        title: markWords(title, prefixes),
        extract: markWords(`${category.description} ${city.intro}`.trim(), prefixes),
      });
    }
    const linked = here.map((k) => k.name).join(" ");
    if (!prefixes.every((p) => matches(`${cityText(city)} ${linked}`, [p]))) continue;
    cityPages.push({
      kind: "city",
      url: cityPath(city.slug),
      title: markWords(cityTitle(city), prefixes),
      extract: markWords(city.intro, prefixes),
    });
  }
  return [...pairs, ...cityPages];
}

/** `category|city` for the pairs among these that have published formations (one probe a pair, through the indexes, in one statement). */
async function publishedPairs(cityIds: string[], categoryIds: string[], target: Db): Promise<Set<string>> {
  if (cityIds.length === 0 || categoryIds.length === 0) return new Set();
  const rows = await sql<{ category_id: string; city_id: string }>`
    select k.id as category_id, ci.id as city_id from formation_categories k cross join cities ci
    where k.id in (${sql.join(categoryIds)}) and ci.id in (${sql.join(cityIds)})
      and exists (select 1 from formation_cities fc join formations f on f.id = fc.formation_id
        where fc.city_id = ci.id and f.category_id = k.id and f.status = 'published')`.execute(target);
  return new Set(rows.rows.map((r) => `${r.category_id}|${r.city_id}`));
}
