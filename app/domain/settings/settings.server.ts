import { db, nowIso, type Db } from "~/platform/db/db.server";
import { defaultsFromOrganisation, formationDefaultsSchema, type FormationDefaults } from "./formation-defaults";
import { organisationSchema, type Organisation } from "./model";
import { DEMO_ORGANISATION } from "./organisation";

const ORGANISATION_KEY = "organisation";

/** The organisation identity; the demo identity until an admin saves the real one. */
export async function getOrganisation(target: Db = db()): Promise<Organisation> {
  const row = await target.selectFrom("settings").select("value").where("key", "=", ORGANISATION_KEY).executeTakeFirst();
  if (!row) return DEMO_ORGANISATION;
  const parsed = organisationSchema.safeParse({ ...DEMO_ORGANISATION, ...JSON.parse(row.value) });
  return parsed.success ? parsed.data : DEMO_ORGANISATION;
}

/** Validates and stores the organisation identity (insert or update). */
export async function saveOrganisation(input: unknown, target: Db = db()): Promise<Organisation> {
  const organisation = organisationSchema.parse(input);
  const value = JSON.stringify(organisation);
  const updated_at = nowIso();
  await target
    .insertInto("settings")
    .values({ key: ORGANISATION_KEY, value, updated_at })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at }))
    .execute();
  return organisation;
}

const FORMATION_DEFAULTS_KEY = "formation_defaults";

/** The values that fill the empty cells of an imported formation; derived from the organisation until saved. */
export async function getFormationDefaults(target: Db = db()): Promise<{ values: FormationDefaults; saved: boolean }> {
  const row = await target.selectFrom("settings").select("value").where("key", "=", FORMATION_DEFAULTS_KEY).executeTakeFirst();
  if (row) {
    const parsed = formationDefaultsSchema.safeParse(JSON.parse(row.value));
    if (parsed.success) return { values: parsed.data, saved: true };
  }
  return { values: defaultsFromOrganisation(await getOrganisation(target)), saved: false };
}

export async function saveFormationDefaults(values: FormationDefaults, target: Db = db()): Promise<void> {
  const value = JSON.stringify(formationDefaultsSchema.parse(values));
  const updated_at = nowIso();
  await target
    .insertInto("settings")
    .values({ key: FORMATION_DEFAULTS_KEY, value, updated_at })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at }))
    .execute();
}
