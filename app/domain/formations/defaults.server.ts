import type { Actor } from "~/platform/db/actor";
import { db, type Db } from "~/platform/db/db.server";
import { getOrganisation, readSetting, writeSetting } from "~/domain/settings/settings.server";
import { defaultsFromOrganisation, formationDefaultsSchema, type FormationDefaults } from "./defaults";

/** Where the formation defaults are kept: one record of the settings table (app/domain/settings). */
const FORMATION_DEFAULTS_KEY = "formation_defaults";

/** The values that fill the empty cells of an imported formation; derived from the organisation until saved. */
export async function getFormationDefaults(target: Db = db()): Promise<{ values: FormationDefaults; saved: boolean }> {
  const parsed = formationDefaultsSchema.safeParse(await readSetting(FORMATION_DEFAULTS_KEY, target));
  if (parsed.success) return { values: parsed.data, saved: true };
  return { values: defaultsFromOrganisation(await getOrganisation(target)), saved: false };
}

/** /admin/parametres/formations: the defaults saved, with their revision and the journal's entry. */
export async function updateFormationDefaults(values: FormationDefaults, actor: Actor, target: Db = db()): Promise<void> {
  await saveFormationDefaults(values, target, { actor, summary: "Valeurs par défaut des formations enregistrées." });
}

export async function saveFormationDefaults(
  values: FormationDefaults,
  target: Db = db(),
  audit?: { actor: Actor; summary: string },
): Promise<void> {
  await writeSetting(FORMATION_DEFAULTS_KEY, formationDefaultsSchema, values, target, audit);
}
