import { randomBytes, randomUUID } from "node:crypto";
import { sql, type Selectable } from "kysely";
import { recordAudit } from "~/domain/audit/audit.server";
import { getFormationById } from "~/domain/formations/formations.server";
import { OPCO_OPTIONS } from "~/domain/registrations/labels";
import { readSettingOr, writeSetting } from "~/domain/settings/settings.server";
import type { Actor } from "~/platform/db/actor";
import { atomically, db, type Db } from "~/platform/db/db.server";
import type { QuestionnairesTable } from "~/platform/db/schema";
import { fieldErrorsOf, type FailureKind, type FieldErrors } from "~/platform/validation/errors";
import { PER_FORMATION_USES, USES, USE_LABELS, isPerFormation, type Question, type QuestionnaireUse } from "./model";
import {
  DEFAULT_QUESTIONNAIRE_SETTINGS,
  financerAddressSchema,
  questionnaireSchema,
  questionnaireSettingsSchema,
  type QuestionnaireSettings,
} from "./schemas";
import { assessmentTemplate, organisationTemplate, positioningTemplate, type Template } from "./templates";

/**
 * The questionnaires and their versions, as editors manage them in /admin/questionnaires. Every
 * change is made by an editor or an admin (anyone else is refused here, whatever the route
 * checked), with its journal entry, in one transaction. Saving other questions writes a new
 * version: the answers already given keep theirs.
 */

export type QuestionnaireOutcome<T> = { ok: true; value: T } | { ok: false; kind: FailureKind; errors: FieldErrors };

export class QuestionnaireForbiddenError extends Error {
  constructor() {
    super("Seuls les éditeurs et les administrateurs gèrent les questionnaires.");
    this.name = "QuestionnaireForbiddenError";
  }
}

function allowed(actor: Actor): void {
  if (actor.role !== "editor" && actor.role !== "admin") throw new QuestionnaireForbiddenError();
}

const ORGANISATION_USES = USES.filter((u) => !isPerFormation(u)) as Array<Exclude<QuestionnaireUse, "positionnement" | "evaluation">>;

/** The fixed id of an organisation-wide questionnaire. */
export const organisationQuestionnaireId = (use: QuestionnaireUse) => `questionnaire-${use}`;

async function insertQuestionnaire(
  trx: Db,
  {
    id,
    use,
    formationId,
    template,
    by,
    now,
  }: { id: string; use: QuestionnaireUse; formationId: string | null; template: Template; by: string; now: string },
): Promise<boolean> {
  const inserted = await trx
    .insertInto("questionnaires")
    .values({
      id,
      use,
      scope: formationId ?? "",
      formation_id: formationId,
      title: template.title,
      intro: template.intro,
      pass_percent: template.passPercent,
      active: 1,
      current_version: 1,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["use", "scope"]).doNothing())
    .returning("id")
    .execute();
  if (inserted.length === 0) return false;
  await trx
    .insertInto("questionnaire_versions")
    .values({
      id: randomUUID(),
      questionnaire_id: id,
      version: 1,
      questions: JSON.stringify(template.questions),
      created_by: by,
      created_at: now,
    })
    .execute();
  return true;
}

/**
 * The ready-made questionnaires of the organisation (à chaud, à froid, client, trainer, financer),
 * written once from their templates, the first time they are needed: idempotent, on every
 * instance (UNIQUE (use, scope)).
 */
export async function ensureOrganisationQuestionnaires(target: Db = db(), now = new Date().toISOString()): Promise<number> {
  const present = await target.selectFrom("questionnaires").select("use").where("scope", "=", "").execute();
  const missing = ORGANISATION_USES.filter((u) => !present.some((p) => p.use === u));
  let created = 0;
  for (const use of missing)
    if (
      await atomically(target, (trx) =>
        insertQuestionnaire(trx, {
          id: organisationQuestionnaireId(use),
          use,
          formationId: null,
          template: organisationTemplate(use),
          by: "modèle",
          now,
        }),
      )
    )
      created++;
  return created;
}

export interface QuestionnaireSummary {
  id: string;
  use: QuestionnaireUse;
  useLabel: string;
  title: string;
  formationId: string | null;
  formationTitle: string | null;
  active: boolean;
  version: number;
  invitations: number;
  answers: number;
}

/** Every questionnaire, the organisation's first (in the order of the uses), with its invitations and answers. */
export async function listQuestionnaires(target: Db = db()): Promise<QuestionnaireSummary[]> {
  const [rows, counts] = await Promise.all([
    target
      .selectFrom("questionnaires as q")
      .leftJoin("formations as f", "f.id", "q.formation_id")
      .select(["q.id", "q.use", "q.title", "q.formation_id", "q.active", "q.current_version", "f.title as formation_title"])
      .execute(),
    target
      .selectFrom("questionnaire_invitations")
      .select([
        "questionnaire_id",
        (eb) => eb.fn.countAll<number | string>().as("n"),
        (eb) => eb.fn.sum<number | string>(eb.case().when("state", "=", "repondue").then(1).else(0).end()).as("answered"),
      ])
      .groupBy("questionnaire_id")
      .execute(),
  ]);
  const rank = (u: string) => USES.indexOf(u as QuestionnaireUse);
  return rows
    .map((r) => {
      const c = counts.find((x) => x.questionnaire_id === r.id);
      return {
        id: r.id,
        use: r.use as QuestionnaireUse,
        useLabel: USE_LABELS[r.use as QuestionnaireUse] ?? r.use,
        title: r.title,
        formationId: r.formation_id,
        formationTitle: r.formation_title ?? null,
        active: Number(r.active) === 1,
        version: Number(r.current_version),
        invitations: Number(c?.n ?? 0),
        answers: Number(c?.answered ?? 0),
      };
    })
    .sort((a, b) => rank(a.use) - rank(b.use) || (a.formationTitle ?? "").localeCompare(b.formationTitle ?? "", "fr"));
}

export interface QuestionnaireDetail {
  id: string;
  use: QuestionnaireUse;
  title: string;
  intro: string;
  passPercent: number;
  active: boolean;
  formationId: string | null;
  formationTitle: string | null;
  version: number;
  versionId: string;
  questions: Question[];
  /** Versions with answers (the questions they were answered with stay). */
  versions: Array<{ version: number; createdAt: string; createdBy: string; answers: number }>;
}

function toQuestions(json: string): Question[] {
  try {
    const list = JSON.parse(json) as Question[];
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** The questions of a version. */
export async function versionQuestions(versionId: string, target: Db = db()): Promise<Question[]> {
  const row = await target.selectFrom("questionnaire_versions").select("questions").where("id", "=", versionId).executeTakeFirst();
  return row ? toQuestions(row.questions) : [];
}

/** The current version of a questionnaire: its id and questions. */
export async function currentVersion(
  questionnaireId: string,
  target: Db = db(),
): Promise<{ id: string; version: number; questions: Question[] } | null> {
  const row = await target
    .selectFrom("questionnaires as q")
    .innerJoin("questionnaire_versions as v", (j) =>
      j.onRef("v.questionnaire_id", "=", "q.id").onRef("v.version", "=", "q.current_version"),
    )
    .select(["v.id", "v.version", "v.questions"])
    .where("q.id", "=", questionnaireId)
    .executeTakeFirst();
  return row ? { id: row.id, version: Number(row.version), questions: toQuestions(row.questions) } : null;
}

export async function getQuestionnaire(id: string, target: Db = db()): Promise<QuestionnaireDetail | null> {
  const row = await target
    .selectFrom("questionnaires as q")
    .leftJoin("formations as f", "f.id", "q.formation_id")
    .selectAll("q")
    .select("f.title as formation_title")
    .where("q.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const current = await currentVersion(id, target);
  if (!current) return null;
  const versions = await target
    .selectFrom("questionnaire_versions as v")
    .leftJoin("questionnaire_invitations as i", (j) => j.onRef("i.version_id", "=", "v.id").on("i.state", "=", "repondue"))
    .select(["v.version", "v.created_at", "v.created_by", (eb) => eb.fn.count<number | string>("i.id").as("answers")])
    .where("v.questionnaire_id", "=", id)
    .groupBy(["v.version", "v.created_at", "v.created_by"])
    .orderBy("v.version", "desc")
    .execute();
  return {
    id: row.id,
    use: row.use as QuestionnaireUse,
    title: row.title,
    intro: row.intro,
    passPercent: Number(row.pass_percent),
    active: Number(row.active) === 1,
    formationId: row.formation_id,
    formationTitle: row.formation_title ?? null,
    version: current.version,
    versionId: current.id,
    questions: current.questions,
    versions: versions.map((v) => ({
      version: Number(v.version),
      createdAt: v.created_at,
      createdBy: v.created_by,
      answers: Number(v.answers),
    })),
  };
}

/** A new question's id: `q` and 8 letters or digits. */
const newQuestionId = () => `q${randomBytes(6).toString("hex").slice(0, 8)}`;

/**
 * Saves the editor's form: title, introduction, pass mark, and the questions. Other questions
 * (text, type, choices, order…) make a new version; the same questions leave the version as it is.
 */
export async function saveQuestionnaire(
  id: string,
  input: unknown,
  { actor, target = db() }: { actor: Actor; target?: Db },
): Promise<QuestionnaireOutcome<{ version: number; newVersion: boolean }>> {
  allowed(actor);
  const row = await target.selectFrom("questionnaires").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return { ok: false, kind: "not-found", errors: { _form: "Ce questionnaire n'existe pas." } };
  const parsed = questionnaireSchema(row.use as QuestionnaireUse).safeParse(input);
  if (!parsed.success) return { ok: false, kind: "invalid", errors: fieldErrorsOf(parsed.error) };
  const seen = new Set<string>();
  const questions = parsed.data.questions.map((q) => {
    const qid = q.id && !seen.has(q.id) ? q.id : newQuestionId();
    seen.add(qid);
    return { ...q, id: qid };
  });
  const current = await currentVersion(id, target);
  const changed = JSON.stringify(questions) !== JSON.stringify(current?.questions ?? []);
  const now = new Date().toISOString();
  const version = changed ? Number(row.current_version) + 1 : Number(row.current_version);
  await atomically(target, async (trx) => {
    if (changed)
      await trx
        .insertInto("questionnaire_versions")
        .values({
          id: randomUUID(),
          questionnaire_id: id,
          version,
          questions: JSON.stringify(questions),
          created_by: actor.email,
          created_at: now,
        })
        .execute();
    await trx
      .updateTable("questionnaires")
      .set({
        title: parsed.data.title,
        intro: parsed.data.intro,
        pass_percent: parsed.data.passPercent,
        current_version: version,
        updated_at: now,
      })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "questionnaire",
      entityId: id,
      summary: changed
        ? `Questionnaire «\u00a0${parsed.data.title}\u00a0» enregistré (version ${version}).`
        : `Questionnaire «\u00a0${parsed.data.title}\u00a0» enregistré.`,
    });
  });
  return { ok: true, value: { version, newVersion: changed } };
}

/** Turns the sending of a questionnaire on or off (what was sent stays answerable). */
export async function setQuestionnaireActive(
  id: string,
  active: boolean,
  { actor, target = db() }: { actor: Actor; target?: Db },
): Promise<QuestionnaireOutcome<void>> {
  allowed(actor);
  const row = await target.selectFrom("questionnaires").select(["id", "title"]).where("id", "=", id).executeTakeFirst();
  if (!row) return { ok: false, kind: "not-found", errors: { _form: "Ce questionnaire n'existe pas." } };
  await atomically(target, async (trx) => {
    await trx
      .updateTable("questionnaires")
      .set({ active: active ? 1 : 0, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "questionnaire",
      entityId: id,
      summary: `Envoi du questionnaire «\u00a0${row.title}\u00a0» ${active ? "activé" : "suspendu"}.`,
    });
  });
  return { ok: true, value: undefined };
}

/** Creates the positioning questionnaire or the assessment quiz of a formation, from its template. */
export async function createFormationQuestionnaire(
  use: QuestionnaireUse,
  formationId: string,
  { actor, target = db() }: { actor: Actor; target?: Db },
): Promise<QuestionnaireOutcome<string>> {
  allowed(actor);
  if (!PER_FORMATION_USES.includes(use))
    return { ok: false, kind: "invalid", errors: { use: "Choisissez positionnement ou évaluation des acquis." } };
  const formation = await getFormationById(formationId, target);
  if (!formation) return { ok: false, kind: "invalid", errors: { formation: "Choisissez une formation." } };
  const template = use === "positionnement" ? positioningTemplate(formation) : assessmentTemplate(formation);
  const id = randomUUID();
  const created = await atomically(target, async (trx) => {
    const ok = await insertQuestionnaire(trx, { id, use, formationId, template, by: actor.email, now: new Date().toISOString() });
    if (ok)
      await recordAudit(trx, {
        actor,
        action: "create",
        entity: "questionnaire",
        entityId: id,
        summary: `Questionnaire «\u00a0${template.title}\u00a0» créé.`,
      });
    return ok;
  });
  if (!created)
    return {
      ok: false,
      kind: "conflict",
      errors: { formation: `Cette formation a déjà son questionnaire «\u00a0${USE_LABELS[use]}\u00a0».` },
    };
  return { ok: true, value: id };
}

/** The questionnaire of a use for the organisation, or of a formation, when its sending is on. */
export async function activeQuestionnaire(
  use: QuestionnaireUse,
  formationId: string | null,
  target: Db = db(),
): Promise<Selectable<QuestionnairesTable> | undefined> {
  return target
    .selectFrom("questionnaires")
    .selectAll()
    .where("use", "=", use)
    .where("scope", "=", isPerFormation(use) ? (formationId ?? "-") : "")
    .where("active", "=", 1)
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Settings: the delays the organisation sets.

const SETTINGS_KEY = "questionnaires";

export async function getQuestionnaireSettings(target: Db = db()): Promise<QuestionnaireSettings> {
  return readSettingOr(SETTINGS_KEY, questionnaireSettingsSchema, DEFAULT_QUESTIONNAIRE_SETTINGS, target);
}

export async function updateQuestionnaireSettings(values: QuestionnaireSettings, actor: Actor, target: Db = db()): Promise<void> {
  allowed(actor);
  await writeSetting(SETTINGS_KEY, questionnaireSettingsSchema, values, target, {
    actor,
    summary: "Réglages des questionnaires enregistrés.",
  });
}

// ---------------------------------------------------------------------------------------------
// Financers: the OPCOs and companies that funded sessions, with the address staff typed.

export interface Financer {
  key: string;
  kind: "opco" | "entreprise";
  name: string;
  email: string;
  sessions: number;
}

const opcoName = (slug: string) => OPCO_OPTIONS.find((o) => o.value === slug)?.label ?? slug;

/**
 * The financers of the sessions that ended in `year`: each OPCO named on a registration funded by
 * an OPCO, each company that paid itself; with the address staff typed (empty: nothing is sent).
 */
export async function financersOf(year: number, target: Db = db()): Promise<Financer[]> {
  const rows = await target
    .selectFrom("registrations as r")
    .innerJoin("formation_sessions as s", "s.id", "r.session_id")
    .select(["r.funding", "r.opco", "r.buyer_kind", "r.company_name", "r.session_id"])
    .where("r.status", "in", ["recue", "confirmee"])
    .where("s.end_date", ">=", `${year}-01-01`)
    .where("s.end_date", "<=", `${year}-12-31`)
    .execute();
  const found = new Map<string, { kind: "opco" | "entreprise"; name: string; sessions: Set<string> }>();
  for (const r of rows) {
    const entry =
      r.funding === "opco" && r.opco
        ? { kind: "opco" as const, name: opcoName(r.opco) }
        : r.buyer_kind === "entreprise" && r.funding === "fonds_propres" && r.company_name.trim()
          ? { kind: "entreprise" as const, name: r.company_name.trim() }
          : null;
    if (!entry) continue;
    const key = `${entry.kind}:${entry.name}`;
    const item = found.get(key) ?? { ...entry, sessions: new Set<string>() };
    item.sessions.add(r.session_id);
    found.set(key, item);
  }
  const stored = await target.selectFrom("questionnaire_financers").selectAll().execute();
  return [...found.entries()]
    .map(([key, f]) => ({
      key,
      kind: f.kind,
      name: f.name,
      email: stored.find((s) => s.kind === f.kind && s.name === f.name)?.email ?? "",
      sessions: f.sessions.size,
    }))
    .sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name, "fr"));
}

/** Staff type (or clear) the address of one financer. */
export async function saveFinancerAddress(
  input: unknown,
  { actor, target = db() }: { actor: Actor; target?: Db },
): Promise<QuestionnaireOutcome<void>> {
  allowed(actor);
  const parsed = financerAddressSchema.safeParse(input);
  if (!parsed.success) return { ok: false, kind: "invalid", errors: fieldErrorsOf(parsed.error) };
  const at = parsed.data.financeur.indexOf(":");
  const kind = parsed.data.financeur.slice(0, at);
  const name = parsed.data.financeur.slice(at + 1).trim();
  if ((kind !== "opco" && kind !== "entreprise") || !name)
    return { ok: false, kind: "invalid", errors: { financeur: "Financeur inconnu." } };
  const now = new Date().toISOString();
  const email = parsed.data.email.toLowerCase();
  await atomically(target, async (trx) => {
    await trx
      .insertInto("questionnaire_financers")
      .values({ id: randomUUID(), kind, name, email, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(["kind", "name"]).doUpdateSet({ email, updated_at: now }))
      .execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "questionnaire_financer",
      entityId: `${kind}:${name}`.slice(0, 60),
      summary: email ? `Adresse du financeur ${name} enregistrée.` : `Adresse du financeur ${name} retirée.`,
    });
  });
  return { ok: true, value: undefined };
}

/** Formations to offer a positioning or a quiz to (published or draft, by title). */
export async function formationOptions(target: Db = db()): Promise<Array<{ value: string; label: string }>> {
  const rows = await target
    .selectFrom("formations")
    .select(["id", "title"])
    .orderBy(sql`lower(title)`)
    .execute();
  return rows.map((r) => ({ value: r.id, label: r.title }));
}
