import type { z } from "zod";
import { recordAudit } from "~/domain/audit/audit.server";
import { recordRevision } from "~/domain/revisions/revisions.server";
import type { Actor } from "~/platform/db/actor";
import { config } from "~/platform/config.server";
import { atomically, db, nowIso, type Db } from "~/platform/db/db.server";
import { isDatabaseUnavailable } from "~/platform/db/errors";
import { DEFAULT_DOCUMENT_CLAUSES, documentClausesSchema, type DocumentClauses } from "./document-clauses";
import { organisationSchema, type Organisation } from "./model";
import { DEMO_ORGANISATION } from "./organisation";
import { DEFAULT_REGISTRATION_SETTINGS, registrationSettingsSchema, type RegistrationSettings } from "./registration-settings";

/** One record of the settings table, as its JSON text, or undefined when never saved. */
async function readSettingText(key: string, target: Db): Promise<string | undefined> {
  const row = await target.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

/** One record of the settings table, parsed, or undefined when never saved. */
export async function readSetting(key: string, target: Db): Promise<unknown> {
  const text = await readSettingText(key, target);
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
}

/** A setting read and checked against its schema; `fallback` when it was never saved or no longer fits the schema. */
export async function readSettingOr<T>(key: string, schema: z.ZodType<T>, fallback: T, target: Db): Promise<T> {
  const parsed = schema.safeParse(await readSetting(key, target));
  return parsed.success ? parsed.data : fallback;
}

/** French names of the settings records, for the history and the journal. */
const SETTING_TITLES: Record<string, string> = {
  organisation: "Identité de l'organisme",
  formation_defaults: "Valeurs par défaut des formations",
  registrations: "Réglages des inscriptions",
  questionnaires: "Réglages des questionnaires",
  complaints: "Réglages des réclamations",
  bpf: "Codes NSF et niveaux RNCP du BPF",
  signatures: "Réglages des signatures",
};

/**
 * Validates and stores one record of the settings table (insert or update), with a revision of
 * what was saved (app/domain/revisions); with an audit entry linked to it when `audit` is given.
 * The three writes stand or fall together (in the caller's transaction, or one of their own).
 */
export async function writeSetting<S extends z.ZodType>(
  key: string,
  schema: S,
  input: unknown,
  target: Db,
  audit?: { actor: Actor; summary: string },
): Promise<z.output<S>> {
  const parsed = schema.parse(input);
  const value = JSON.stringify(parsed);
  await atomically(target, async (trx) => {
    const updated_at = nowIso();
    await trx
      .insertInto("settings")
      .values({ key, value, updated_at })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at }))
      .execute();
    const revisionId = await recordRevision(trx, {
      entityType: "settings",
      entityId: key,
      content: parsed as object,
      published: true,
      title: SETTING_TITLES[key] ?? key,
      actor: audit?.actor,
      summary: audit?.summary,
      at: updated_at,
    });
    if (audit) {
      await recordAudit(trx, {
        actor: audit.actor,
        action: "settings",
        entity: "settings",
        entityId: key,
        summary: audit.summary,
        revisionId,
      });
    }
  });
  return parsed;
}

const ORGANISATION_KEY = "organisation";

/** The identity last read from the database: pages keep it while the database does not answer. */
let lastOrganisation: Organisation | undefined;
/** The stored text `lastOrganisation` was validated from: the same text is not parsed again. */
let lastOrganisationText: string | undefined | null = null;

/** Where staff notifications go (requests, registrations): STAFF_EMAIL, else the organisation's e-mail from the settings. */
export async function staffAddress(target: Db = db()): Promise<string> {
  return config().mail.staffEmail ?? (await getOrganisation(target)).email;
}

/** The organisation's phone number, which a refused public form gives to call instead. */
export async function organisationPhone(target: Db = db()): Promise<string> {
  return (await getOrganisation(target)).phone;
}

/**
 * The organisation identity; the demo identity until an admin saves the real one. When the
 * database does not answer, the identity this process read last (every page's header and footer
 * need it: the confirmation of a request kept in the spool, for one, is still shown).
 */
export async function getOrganisation(target: Db = db()): Promise<Organisation> {
  let stored: string | undefined;
  try {
    stored = await readSettingText(ORGANISATION_KEY, target);
  } catch (error) {
    if (!lastOrganisation || !isDatabaseUnavailable(error)) throw error;
    return lastOrganisation;
  }
  // Every page reads it (header, footer, structured data), some twice: one query each time, but the
  // validation only when the stored text has changed.
  if (lastOrganisation && stored === lastOrganisationText) return lastOrganisation;
  const parsed =
    stored === undefined ? undefined : organisationSchema.safeParse({ ...DEMO_ORGANISATION, ...(JSON.parse(stored) as object) });
  lastOrganisation = parsed?.success ? parsed.data : DEMO_ORGANISATION;
  lastOrganisationText = stored;
  return lastOrganisation;
}

/** Validates and stores the organisation identity (insert or update); audited when `audit` is given. */
export async function saveOrganisation(
  input: unknown,
  target: Db = db(),
  audit?: { actor: Actor; summary: string },
): Promise<Organisation> {
  return writeSetting(ORGANISATION_KEY, organisationSchema, input, target, audit);
}

/** /admin/parametres: the identity saved; the logo, which its form does not show, keeps its value. */
export async function updateOrganisationIdentity(
  input: Omit<Organisation, "logoUrl">,
  actor: Actor,
  target: Db = db(),
): Promise<Organisation> {
  return atomically(target, async (trx) => {
    const organisation = { ...(await getOrganisation(trx)), ...input };
    return saveOrganisation(organisation, trx, { actor, summary: `Identité de l'organisme enregistrée (${organisation.name})` });
  });
}

/** The name in the From of the site's e-mails: the sender name of the settings, else the organisation's. */
export async function mailSenderName(target: Db = db()): Promise<string> {
  const o = await getOrganisation(target);
  return o.mailSenderName || o.name;
}

const REGISTRATION_SETTINGS_KEY = "registrations";

/** Cancellation deadline and waiting-list offer duration; the defaults until an admin saves them. */
export async function getRegistrationSettings(target: Db = db()): Promise<RegistrationSettings> {
  return readSettingOr(REGISTRATION_SETTINGS_KEY, registrationSettingsSchema, DEFAULT_REGISTRATION_SETTINGS, target);
}

/** /admin/sessions: the registration settings saved, with their revision and the journal's entry. */
export async function updateRegistrationSettings(values: RegistrationSettings, actor: Actor, target: Db = db()): Promise<void> {
  const audit = { actor, summary: "Réglages des inscriptions enregistrés." };
  await writeSetting(REGISTRATION_SETTINGS_KEY, registrationSettingsSchema, values, target, audit);
}

const DOCUMENT_CLAUSES_KEY = "document_clauses";

/** The organisation's clauses printed on its training documents; the defaults until an admin saves them. */
export async function getDocumentClauses(target: Db = db()): Promise<{ values: DocumentClauses; saved: boolean }> {
  const parsed = documentClausesSchema.safeParse(await readSetting(DOCUMENT_CLAUSES_KEY, target));
  return parsed.success ? { values: parsed.data, saved: true } : { values: DEFAULT_DOCUMENT_CLAUSES, saved: false };
}

/** /admin/parametres/documents: the clauses saved, with their revision and the journal's entry. */
export async function updateDocumentClauses(values: DocumentClauses, actor: Actor, target: Db = db()): Promise<void> {
  const audit = { actor, summary: "Clauses des documents de formation enregistrées." };
  await writeSetting(DOCUMENT_CLAUSES_KEY, documentClausesSchema, values, target, audit);
}
