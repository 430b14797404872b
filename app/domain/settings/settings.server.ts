import { db, nowIso, type Db } from "~/platform/db/db.server";
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
