import { createCity } from "~/domain/cities/cities.server";
import type { Db } from "~/platform/db/db.server";
import { createCategory } from "./categories.server";
import { DEMO_CATEGORIES, DEMO_CITIES, DEMO_COMMON, DEMO_FORMATIONS, type DemoFormation } from "./demo-content";
import { createFormation, setFormationStatus } from "./formations.server";
import { todayInParis } from "./labels";
import { valueOf } from "~/platform/validation/errors";

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function weekday(iso: string): number {
  return new Date(`${iso}T00:00:00Z`).getUTCDay(); // 0 = Sunday
}

/** Session dates from a day offset: a weekday such that a short course ends by Friday; long remote courses run two half-days a week. */
export function sessionDates(
  today: string,
  inDays: number,
  f: Pick<DemoFormation, "durationDays" | "modality">,
): { startDate: string; endDate: string } {
  const days = Math.max(1, Math.ceil(f.durationDays));
  const lastStartDay = days >= 5 ? 1 : 6 - days; // Monday … (Friday - days + 1)
  let start = addDays(today, inDays);
  while (weekday(start) === 0 || weekday(start) === 6 || weekday(start) > lastStartDay) start = addDays(start, 1);
  if (f.modality === "distanciel" && days > 4) return { startDate: start, endDate: addDays(start, Math.ceil(days / 2) * 7 - 3) };
  let end = start;
  for (let left = days - 1; left > 0;) {
    end = addDays(end, 1);
    if (weekday(end) !== 0 && weekday(end) !== 6) left--;
  }
  return { startDate: start, endDate: end };
}

/** The last day of the previous month: when the demo result indicators were "measured". */
function endOfLastMonth(today: string): string {
  return addDays(`${today.slice(0, 7)}-01`, -1);
}

/**
 * Demo catalogue step: adds the categories, cities and published formations that are missing
 * (by slug), with sessions dated from today. Never changes what already exists.
 */
export async function seedFormations(target: Db): Promise<number> {
  let added = 0;
  const categories = new Map((await target.selectFrom("formation_categories").select(["id", "slug"]).execute()).map((c) => [c.slug, c.id]));
  for (const category of DEMO_CATEGORIES) {
    if (categories.has(category.slug)) continue;
    categories.set(category.slug, valueOf(await createCategory(category, { db: target })).id);
    added++;
  }
  const cities = new Map((await target.selectFrom("cities").select(["id", "slug"]).execute()).map((c) => [c.slug, c.id]));
  for (const city of DEMO_CITIES) {
    if (cities.has(city.slug)) continue;
    cities.set(city.slug, valueOf(await createCity(city, { db: target })).id);
    added++;
  }
  const taken = new Set([
    ...(await target.selectFrom("formations").select("slug").execute()).map((f) => f.slug),
    ...(await target.selectFrom("formation_slug_redirects").select("old_slug").execute()).map((r) => r.old_slug),
  ]);
  const today = todayInParis();
  for (const demo of DEMO_FORMATIONS) {
    if (taken.has(demo.slug)) continue;
    const categoryId = categories.get(demo.category);
    if (!categoryId) continue;
    const { certification, sessions, category: _category, cities: citySlugs, ...rest } = demo;
    const formation = valueOf(
      await createFormation(
        {
          ...DEMO_COMMON,
          ...rest,
          vatMode: demo.vatMode ?? "exonere",
          categoryId,
          cityIds: citySlugs.flatMap((slug) => cities.get(slug) ?? []),
          sessions: sessions.map((s) => ({
            ...sessionDates(today, s.inDays, demo),
            cityId: s.city === "distanciel" ? null : (cities.get(s.city) ?? null),
            seatsLeft: s.seatsLeft,
          })),
          successRate: demo.successRate ?? null,
          resultsMeasuredAt: endOfLastMonth(today),
          certificationType: certification?.type ?? "none",
          certificationCode: certification?.code ?? "",
          certificationTitle: certification?.title ?? "",
          certifier: certification?.certifier ?? "",
          certificationRegisteredAt: certification?.registeredAt ?? null,
          certificationPassRate: certification?.passRate ?? null,
          certificationCandidates: certification?.candidates ?? null,
          certificationResultsPeriod: certification?.period ?? "",
          competenceBlocks: certification?.blocks ?? "",
          partialValidation: certification?.partialValidation ?? false,
          equivalences: certification?.equivalences ?? "",
          nextSteps: certification?.nextSteps ?? "",
          careerOutcomes: certification?.careerOutcomes ?? "",
          franceCompetencesUrl: certification
            ? `https://www.francecompetences.fr/recherche/${certification.type}/${certification.code.replace(/^\D+/, "")}/`
            : "",
          cpfEligible: certification !== undefined,
          image: null,
          imageAlt: "",
          featured: demo.featured ?? false,
          seoTitle: "",
          seoDescription: "",
        },
        { db: target },
      ),
    );
    valueOf(await setFormationStatus([formation.id], "published", { db: target }));
    added++;
  }
  return added;
}
