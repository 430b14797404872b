import { z } from "zod";
import type { FormationDetail } from "~/domain/formations/formations.server";
import { publishedFormationsPage, upcomingSessionsPage, type PublishedSession } from "~/domain/formations/published.server";
import { todayInParis } from "~/domain/formations/labels";
import { config } from "~/platform/config.server";
import { db, type Db } from "~/platform/db/db.server";

/**
 * The read-only JSON API of the catalogue (`/api/v1/formations`, `/api/v1/sessions`), documented
 * in docs/api/openapi.json (docs/decisions/0014-lheo-and-api.md). Field names are stable English
 * camelCase; values (titles, texts) are the site's French content.
 */
export const API_MAX_PER_PAGE = 100;
export const API_DEFAULT_PER_PAGE = 20;

const pageQuerySchema = z.object({
  page: z.coerce
    .number({ error: "Le paramètre page est un entier à partir de 1." })
    .int("Le paramètre page est un entier à partir de 1.")
    .min(1, "Le paramètre page est un entier à partir de 1.")
    .max(1_000_000, "Le paramètre page est trop grand.")
    .default(1),
  per_page: z.coerce
    .number({ error: `Le paramètre per_page est un entier de 1 à ${API_MAX_PER_PAGE}.` })
    .int(`Le paramètre per_page est un entier de 1 à ${API_MAX_PER_PAGE}.`)
    .min(1, `Le paramètre per_page est un entier de 1 à ${API_MAX_PER_PAGE}.`)
    .max(API_MAX_PER_PAGE, `Le paramètre per_page est un entier de 1 à ${API_MAX_PER_PAGE}.`)
    .default(API_DEFAULT_PER_PAGE),
  formation: z.string().trim().max(120, "Le paramètre formation est un identifiant de formation (slug).").optional(),
});

/** A page of data, or a refused query with its message (the API's Error schema); the route answers 200 or 400. */
export type ApiAnswer = { kind: "page"; body: unknown } | { kind: "invalid"; body: { error: { message: string } } };

function parseQuery(
  url: URL,
  allowed: string[],
): { ok: true; page: number; perPage: number; formation?: string } | { ok: false; message: string } {
  const unknown = [...url.searchParams.keys()].filter((k) => !allowed.includes(k));
  if (unknown.length) return { ok: false, message: `Paramètre inconnu\u00a0: ${unknown.join(", ")}.` };
  const parsed = pageQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  return { ok: true, page: parsed.data.page, perPage: parsed.data.per_page, formation: parsed.data.formation || undefined };
}

function pageLinks(url: URL, page: number, perPage: number, total: number) {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const at = (n: number) => {
    const u = new URL(url.pathname, config().siteUrl);
    for (const [k, v] of url.searchParams) if (k !== "page") u.searchParams.set(k, v);
    u.searchParams.set("page", String(n));
    return u.toString();
  };
  return {
    meta: { page, perPage, total, pageCount },
    links: {
      self: at(page),
      first: at(1),
      last: at(pageCount),
      next: page < pageCount ? at(page + 1) : null,
      prev: page > 1 ? at(page - 1) : null,
    },
  };
}

const siteUrl = (path: string) => new URL(path, config().siteUrl).toString();

function apiSession(s: {
  id: string;
  startDate: string;
  endDate: string;
  seatsLeft: number;
  city: { slug: string; name: string; region: string } | null;
}) {
  return {
    id: s.id,
    startDate: s.startDate,
    endDate: s.endDate,
    seatsLeft: s.seatsLeft,
    remote: s.city === null,
    city: s.city ? { slug: s.city.slug, name: s.city.name, region: s.city.region } : null,
  };
}

/** A formation as the API gives it. */
export function apiFormation(f: FormationDetail, today = todayInParis()) {
  return {
    id: f.id,
    slug: f.slug,
    url: siteUrl(`/formations/${f.slug}`),
    title: f.title,
    summary: f.summary,
    category: { slug: f.category.slug, name: f.category.name },
    objectives: f.objectives,
    prerequisites: f.prerequisites,
    audience: f.audience,
    durationHours: f.durationHours,
    durationDays: f.durationDays,
    modality: f.modality,
    price: { interCompanyEuros: f.priceInter, vat: f.vatMode, intraCompanyOnQuote: f.intraOnQuote },
    cpfEligible: f.cpfEligible,
    certification:
      f.certificationType === "none"
        ? null
        : { type: f.certificationType, code: f.certificationCode, title: f.certificationTitle, certifier: f.certifier },
    cities: f.cities.map((c) => ({ slug: c.slug, name: c.name, region: c.region })),
    sessions: f.sessions.filter((s) => s.startDate >= today).map(apiSession),
    publishedAt: f.publishedAt,
    updatedAt: f.updatedAt,
  };
}

/** GET /api/v1/formations: the published formations, by title, in pages. */
export async function formationsAnswer(url: URL, target: Db = db()): Promise<ApiAnswer> {
  const query = parseQuery(url, ["page", "per_page"]);
  if (!query.ok) return { kind: "invalid", body: { error: { message: query.message } } };
  const { items, total } = await publishedFormationsPage({ page: query.page, perPage: query.perPage }, target);
  const today = todayInParis();
  return { kind: "page", body: { data: items.map((f) => apiFormation(f, today)), ...pageLinks(url, query.page, query.perPage, total) } };
}

function apiUpcoming(s: PublishedSession) {
  return {
    ...apiSession(s),
    formation: { id: s.formation.id, slug: s.formation.slug, title: s.formation.title, url: siteUrl(`/formations/${s.formation.slug}`) },
  };
}

/** GET /api/v1/sessions: sessions of published formations from today, soonest first, in pages. */
export async function sessionsAnswer(url: URL, target: Db = db()): Promise<ApiAnswer> {
  const query = parseQuery(url, ["page", "per_page", "formation"]);
  if (!query.ok) return { kind: "invalid", body: { error: { message: query.message } } };
  const { items, total } = await upcomingSessionsPage({ page: query.page, perPage: query.perPage, formationSlug: query.formation }, target);
  return { kind: "page", body: { data: items.map(apiUpcoming), ...pageLinks(url, query.page, query.perPage, total) } };
}
