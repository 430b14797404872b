import { recordAudit } from "~/domain/audit/audit.server";
import { type MutationContext } from "~/platform/db/actor";
import {
  createValidatedRecord,
  deleteReferenceRecord,
  updateValidatedRecord,
  type ReferenceRecords,
  type ReferenceTable,
} from "~/platform/db/reference-records.server";
import { toCity } from "./rows.server";
import { db, type Db } from "~/platform/db/db.server";
import { cityInputSchema, nearestCities, type City } from "./model";
import { NotFoundError, accepted, refusal, type Outcome } from "~/platform/validation/errors";

const CITIES: ReferenceTable = {
  table: "cities",
  entity: "city",
  slugTaken: "Une autre ville utilise déjà cet identifiant.",
  summaries: {
    create: (name) => `Ville « ${name} » créée.`,
    update: (name) => `Ville « ${name} » modifiée.`,
    delete: (name) => `Ville « ${name} » supprimée.`,
  },
  audit: recordAudit,
};

export type CityWithCount = City & { formationCount: number; publishedCount: number };

/** Every city by name, with how many formations (and published ones) run there. */
export async function listCities(target: Db = db()): Promise<CityWithCount[]> {
  const [rows, counts] = await Promise.all([
    target.selectFrom("cities").selectAll().orderBy("name").execute(),
    target
      .selectFrom("formation_cities as fc")
      .innerJoin("formations as f", "f.id", "fc.formation_id")
      .select(["fc.city_id", "f.status", (eb) => eb.fn.countAll().as("n")])
      .groupBy(["fc.city_id", "f.status"])
      .execute(),
  ]);
  return rows
    .map((r) => {
      const mine = counts.filter((c) => c.city_id === r.id);
      return {
        ...toCity(r),
        formationCount: mine.reduce((sum, c) => sum + Number(c.n), 0),
        publishedCount: mine.filter((c) => c.status === "published").reduce((sum, c) => sum + Number(c.n), 0),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, "fr"));
}

export async function getCityBySlug(slug: string, target: Db = db()): Promise<City | undefined> {
  const row = await target.selectFrom("cities").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row ? toCity(row) : undefined;
}

export async function getCityById(id: string, target: Db = db()): Promise<City | undefined> {
  const row = await target.selectFrom("cities").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toCity(row) : undefined;
}

/** The cities nearest to `city` that have published formations. */
export async function nearbyCities(city: City, count = 3, target: Db = db()): Promise<Array<CityWithCount & { distanceKm: number }>> {
  const all = (await listCities(target)).filter((c) => c.publishedCount > 0);
  return nearestCities({ ...city, formationCount: 0, publishedCount: 0 }, all, count);
}

const CITY_RECORDS: ReferenceRecords<City> = {
  spec: CITIES,
  schema: cityInputSchema,
  read: getCityById,
  missing: "Cette ville n'existe pas ou a été supprimée.",
};

export async function createCity(input: unknown, ctx: MutationContext = {}): Promise<Outcome<City>> {
  return createValidatedRecord(CITY_RECORDS, input, ctx);
}

export async function updateCity(id: string, input: unknown, ctx: MutationContext = {}): Promise<Outcome<City>> {
  return updateValidatedRecord(CITY_RECORDS, id, input, ctx);
}

/** Deletes a city that no formation or session uses; otherwise refuses with the reason. */
export async function deleteCity(id: string, ctx: MutationContext = {}): Promise<Outcome<void>> {
  const target = ctx.db ?? db();
  const existing = await getCityById(id, target);
  if (!existing) throw new NotFoundError("Cette ville n'existe pas ou a déjà été supprimée.");
  const [links, sessions] = await Promise.all([
    target
      .selectFrom("formation_cities")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("city_id", "=", id)
      .executeTakeFirst(),
    target
      .selectFrom("formation_sessions")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("city_id", "=", id)
      .executeTakeFirst(),
  ]);
  if (Number(links?.n ?? 0) > 0 || Number(sessions?.n ?? 0) > 0) {
    return refusal({
      _form: `Des formations ou des sessions ont lieu à ${existing.name} : retirez cette ville de ces formations avant de la supprimer.`,
    });
  }
  await deleteReferenceRecord(CITIES, existing, ctx);
  return accepted(undefined);
}
