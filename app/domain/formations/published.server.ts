import { db, type Db } from "~/platform/db/db.server";
import { toFormation, toSession, type FormationDetail } from "./formations.server";
import { todayInParis } from "./labels";
import type { Modality } from "./labels";
import { toCity } from "~/domain/cities/rows.server";
import { toCategory } from "./rows.server";
import { pageShowsSeats } from "~/platform/cache/page-tags.server";

/**
 * The published catalogue read in pages, for the partners' feeds (the JSON API and LHÉO,
 * docs/decisions/0014-lheo-and-api.md): whole formations with their category, cities and
 * sessions, in a few queries per page whatever its size.
 */
export async function publishedFormationsPage(
  { page, perPage }: { page: number; perPage: number },
  target: Db = db(),
): Promise<{ items: FormationDetail[]; total: number }> {
  const [count, rows] = await Promise.all([
    target
      .selectFrom("formations")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("status", "=", "published")
      .executeTakeFirst(),
    target
      .selectFrom("formations")
      .selectAll()
      .where("status", "=", "published")
      .orderBy("title")
      .orderBy("id")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ]);
  const total = Number(count?.n ?? 0);
  if (rows.length === 0) return { items: [], total };
  const ids = rows.map((r) => r.id);
  const [links, sessions, categories] = await Promise.all([
    target.selectFrom("formation_cities").selectAll().where("formation_id", "in", ids).execute(),
    target.selectFrom("formation_sessions").selectAll().where("formation_id", "in", ids).orderBy("start_date").orderBy("id").execute(),
    target
      .selectFrom("formation_categories")
      .selectAll()
      .where("id", "in", [...new Set(rows.map((r) => r.category_id))])
      .execute(),
  ]);
  const cityIds = [...new Set([...links.map((l) => l.city_id), ...sessions.flatMap((s) => (s.city_id ? [s.city_id] : []))])];
  const cities = cityIds.length ? await target.selectFrom("cities").selectAll().where("id", "in", cityIds).execute() : [];
  const cityById = new Map(cities.map((c) => [c.id, toCity(c)]));
  const categoryById = new Map(categories.map((c) => [c.id, toCategory(c)]));
  const items = rows.map((row) => {
    const own = links.filter((l) => l.formation_id === row.id).map((l) => l.city_id);
    const formation = toFormation(row, own.sort(), sessions.filter((s) => s.formation_id === row.id).map(toSession));
    return {
      ...formation,
      category: categoryById.get(row.category_id)!,
      cities: own.flatMap((id) => cityById.get(id) ?? []).sort((a, b) => a.name.localeCompare(b.name, "fr")),
      sessions: formation.sessions.map((s) => ({ ...s, city: s.cityId ? (cityById.get(s.cityId) ?? null) : null })),
    };
  });
  return { items, total };
}

export interface PublishedSession {
  id: string;
  startDate: string;
  endDate: string;
  seatsLeft: number;
  city: { slug: string; name: string; region: string } | null;
  formation: { id: string; slug: string; title: string; modality: Modality };
}

/** Sessions of published formations starting today (Paris) or later, soonest first, in pages. */
export async function upcomingSessionsPage(
  { page, perPage, formationSlug, from = todayInParis() }: { page: number; perPage: number; formationSlug?: string; from?: string },
  target: Db = db(),
): Promise<{ items: PublishedSession[]; total: number }> {
  let q = target
    .selectFrom("formation_sessions as s")
    .innerJoin("formations as f", "f.id", "s.formation_id")
    .leftJoin("cities as ci", "ci.id", "s.city_id")
    .where("f.status", "=", "published")
    .where("s.start_date", ">=", from);
  if (formationSlug) q = q.where("f.slug", "=", formationSlug);
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
    q
      .select([
        "s.id",
        "s.start_date",
        "s.end_date",
        "s.seats_left",
        "ci.slug as city_slug",
        "ci.name as city_name",
        "ci.region as city_region",
        "f.id as formation_id",
        "f.slug",
        "f.title",
        "f.modality",
      ])
      .orderBy("s.start_date")
      .orderBy("f.title")
      .orderBy("s.id")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ]);
  pageShowsSeats(rows.map((r) => r.id));
  return {
    total: Number(count?.n ?? 0),
    items: rows.map((r) => ({
      id: r.id,
      startDate: r.start_date,
      endDate: r.end_date,
      seatsLeft: Number(r.seats_left),
      city: r.city_slug && r.city_name ? { slug: r.city_slug, name: r.city_name, region: r.city_region ?? "" } : null,
      formation: { id: r.formation_id, slug: r.slug, title: r.title, modality: r.modality as Modality },
    })),
  };
}
