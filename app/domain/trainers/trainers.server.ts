import { randomUUID } from "node:crypto";
import { sql, type Selectable } from "kysely";
import { recordAudit } from "~/domain/audit/audit.server";
import { halfDayLabel, sessionHalfDays } from "~/domain/registrations/calendar";
import { recordRevision } from "~/domain/revisions/revisions.server";
import type { Actor } from "~/platform/db/actor";
import { atomically, db, nowIso, type Db } from "~/platform/db/db.server";
import { isUniqueViolation } from "~/platform/db/errors";
import { revokeLinkSessions, subjectOf } from "~/platform/link-sign-in/link-sign-in.server";
import { log } from "~/platform/log.server";
import { storage, type StorageDriver } from "~/platform/storage/storage.server";
import type { TrainersTable } from "~/platform/db/schema";
import { toCsv } from "~/platform/csv";
import { formatCount, formatDate, formatDayRange, formatNumber } from "~/platform/format";
import { fieldErrorsOf, type FailureKind, type FieldErrors } from "~/platform/validation/errors";
import {
  TRAINER_STATUSES,
  assignmentSchema,
  isExternal,
  trainerInputSchema,
  trainerQuality,
  unavailabilitySchema,
  type Competence,
  type Trainer,
  type TrainerInput,
  type TrainerStatus,
} from "./model";
import { TRAINER_REALM } from "./space-links";

/**
 * Trainers and the half-days they teach (docs/decisions/0030-trainer-slots.md). Every change is
 * made by an editor or an admin (a viewer is refused here, whatever the route checked), written
 * with its audit entry, and a trainer's record with a revision, in one transaction.
 */

export type TrainerOutcome<T> = { ok: true; value: T } | { ok: false; kind: FailureKind; errors: FieldErrors };

const refused = (kind: FailureKind, errors: FieldErrors) => ({ ok: false as const, kind, errors });

/** A viewer (or anyone but staff who edit) changing trainers: a programming error of the caller, never shown as a form message. */
export class TrainerForbiddenError extends Error {
  constructor() {
    super("Seuls les éditeurs et les administrateurs gèrent les formateurs.");
    this.name = "TrainerForbiddenError";
  }
}

function allowed(actor: Actor): void {
  if (actor.role !== "editor" && actor.role !== "admin") throw new TrainerForbiddenError();
}

const MISSING = "Ce formateur n'existe pas ou a été supprimé.";

function toTrainer(r: Selectable<TrainersTable>): Trainer {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    status: r.status as TrainerStatus,
    companyName: r.company_name,
    siret: r.siret,
    nda: r.nda,
    qualifications: JSON.parse(r.qualifications) as string[],
    areas: JSON.parse(r.areas) as string[],
    competences: JSON.parse(r.competences) as Competence[],
    archived: Boolean(Number(r.archived)),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function toRow(v: TrainerInput) {
  return {
    name: v.name,
    email: v.email,
    phone: v.phone,
    status: v.status,
    company_name: v.companyName,
    siret: v.siret,
    nda: v.nda,
    qualifications: JSON.stringify(v.qualifications),
    areas: JSON.stringify(v.areas),
    competences: JSON.stringify(v.competences),
  };
}

export type TrainerWithCount = Trainer & { sessionCount: number };

/** Every trainer, active ones first, by name, with the number of sessions they teach. */
export async function listTrainers(target: Db = db()): Promise<TrainerWithCount[]> {
  const [rows, counts] = await Promise.all([
    target.selectFrom("trainers").selectAll().execute(),
    target
      .selectFrom("trainer_slots")
      .select(["trainer_id", (eb) => eb.fn.count<number>("session_id").distinct().as("n")])
      .where("session_id", "is not", null)
      .groupBy("trainer_id")
      .execute(),
  ]);
  return rows
    .map((r) => ({ ...toTrainer(r), sessionCount: Number(counts.find((c) => c.trainer_id === r.id)?.n ?? 0) }))
    .sort((a, b) => Number(a.archived) - Number(b.archived) || a.name.localeCompare(b.name, "fr"));
}

export async function getTrainer(id: string, target: Db = db()): Promise<Trainer | null> {
  const row = await target.selectFrom("trainers").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toTrainer(row) : null;
}

/**
 * The active trainer whose address this is (the trainer's space: README « Espace formateur »), or
 * null. An address belongs to one active trainer at most (`emailTaken`); should two older records
 * share one, the first created answers.
 */
export async function activeTrainerByEmail(email: string, target: Db = db()): Promise<Trainer | null> {
  const row = await target
    .selectFrom("trainers")
    .selectAll()
    .where(sql<string>`lower(email)`, "=", subjectOf(email))
    .where("archived", "=", 0)
    .orderBy("created_at")
    .orderBy("id")
    .executeTakeFirst();
  return row ? toTrainer(row) : null;
}

/** The refusal when another active trainer has this address: each trainer signs in to their space with their own. */
async function emailTaken(email: string, exceptId: string | null, target: Db): Promise<string | null> {
  let q = target
    .selectFrom("trainers")
    .select("name")
    .where(sql<string>`lower(email)`, "=", subjectOf(email))
    .where("archived", "=", 0);
  if (exceptId) q = q.where("id", "!=", exceptId);
  const other = await q.executeTakeFirst();
  return other
    ? `${other.name} a déjà cette adresse e-mail\u00a0: chaque formateur actif a la sienne, qui lui ouvre son espace formateur.`
    : null;
}

export interface TrainerContext {
  actor: Actor;
  target?: Db;
}

/** A change of one trainer: refused to a viewer (thrown), answered « not found » when the trainer is gone. */
export async function changing<T>(
  id: string,
  { actor, target = db() }: TrainerContext,
  change: (trainer: Trainer, ctx: { actor: Actor; target: Db }) => Promise<TrainerOutcome<T>>,
): Promise<TrainerOutcome<T>> {
  allowed(actor);
  const trainer = await getTrainer(id, target);
  if (!trainer) return refused("not-found", { _form: MISSING });
  return change(trainer, { actor, target });
}

async function save(
  trx: Db,
  actor: Actor,
  trainer: Trainer,
  action: "create" | "update" | "archive" | "reactivate",
  summary: string,
): Promise<void> {
  const { createdAt: _c, updatedAt: _u, ...content } = trainer;
  const revisionId = await recordRevision(trx, {
    entityType: "trainer",
    entityId: trainer.id,
    content,
    published: true,
    title: trainer.name,
    actor,
    summary,
  });
  await recordAudit(trx, { actor, action, entity: "trainer", entityId: trainer.id, summary, revisionId });
}

export async function createTrainer(input: unknown, { actor, target = db() }: TrainerContext): Promise<TrainerOutcome<Trainer>> {
  allowed(actor);
  const parsed = trainerInputSchema.safeParse(input);
  if (!parsed.success) return refused("invalid", fieldErrorsOf(parsed.error));
  const taken = await emailTaken(parsed.data.email, null, target);
  if (taken) return refused("conflict", { email: taken });
  const id = randomUUID();
  const now = nowIso();
  await atomically(target, async (trx) => {
    await trx
      .insertInto("trainers")
      .values({ id, ...toRow(parsed.data), created_at: now, updated_at: now })
      .execute();
    await save(trx, actor, (await getTrainer(id, trx))!, "create", `Formateur «\u00a0${parsed.data.name}\u00a0» créé.`);
  });
  return { ok: true, value: (await getTrainer(id, target))! };
}

export function updateTrainer(id: string, input: unknown, ctx: TrainerContext): Promise<TrainerOutcome<Trainer>> {
  return changing(id, ctx, async (existing, { actor, target }) => {
    const parsed = trainerInputSchema.safeParse(input);
    if (!parsed.success) return refused("invalid", fieldErrorsOf(parsed.error));
    const taken = existing.archived ? null : await emailTaken(parsed.data.email, id, target);
    if (taken) return refused("conflict", { email: taken });
    await atomically(target, async (trx) => {
      await trx
        .updateTable("trainers")
        .set({ ...toRow(parsed.data), updated_at: nowIso() })
        .where("id", "=", id)
        .execute();
      // A new address: the old one no longer opens the trainer's space.
      if (subjectOf(existing.email) !== subjectOf(parsed.data.email)) await revokeLinkSessions(trx, TRAINER_REALM, [existing.email]);
      await save(trx, actor, (await getTrainer(id, trx))!, "update", `Formateur «\u00a0${parsed.data.name}\u00a0» modifié.`);
    });
    return { ok: true, value: (await getTrainer(id, target))! };
  });
}

/**
 * Archives a trainer (no new assignment; their past sessions stay; their space closes) or makes
 * them active again (refused while another active trainer has their address).
 */
export function setTrainerArchived(id: string, archived: boolean, ctx: TrainerContext): Promise<TrainerOutcome<Trainer>> {
  return changing(id, ctx, async (existing, { actor, target }) => {
    const taken = archived ? null : await emailTaken(existing.email, id, target);
    if (taken) return refused("conflict", { _form: taken });
    await atomically(target, async (trx) => {
      if (archived) await revokeLinkSessions(trx, TRAINER_REALM, [existing.email]);
      await trx
        .updateTable("trainers")
        .set({ archived: archived ? 1 : 0, updated_at: nowIso() })
        .where("id", "=", id)
        .execute();
      const summary = `Formateur «\u00a0${existing.name}\u00a0» ${archived ? "archivé" : "réactivé"}.`;
      await save(trx, actor, (await getTrainer(id, trx))!, archived ? "archive" : "reactivate", summary);
    });
    return { ok: true, value: (await getTrainer(id, target))! };
  });
}

/**
 * Deletes stored pieces of trainers (CV, diplomas) whose rows are gone; one that cannot be deleted
 * now is left to housekeeping (`pruneOrphanTrainerFiles`, ./files.server.ts).
 */
export async function deleteStoredFiles(keys: readonly string[], store: StorageDriver = storage()): Promise<void> {
  for (const key of keys) {
    try {
      await store.delete(key);
    } catch (error) {
      log.warn("Pièce d'un formateur à supprimer plus tard", { key, error });
    }
  }
}

/**
 * Deletes a trainer who teaches no session: their unavailabilities, CV and diplomas go with them
 * (the rows in the transaction, then the files). One with sessions can only be archived. Their
 * lettres de mission and contrats de sous-traitance stay with the sessions' documents.
 */
export function deleteTrainer(id: string, ctx: TrainerContext & { store?: StorageDriver }): Promise<TrainerOutcome<void>> {
  return changing(id, ctx, async (existing, { actor, target }) => {
    const taught = await target
      .selectFrom("trainer_slots")
      .select("id")
      .where("trainer_id", "=", id)
      .where("session_id", "is not", null)
      .executeTakeFirst();
    if (taught)
      return refused("conflict", {
        _form: `${existing.name} anime des sessions\u00a0: un formateur affecté à une session ne peut pas être supprimé, archivez-le.`,
      });
    const files = await target.selectFrom("trainer_files").select("storage_key").where("trainer_id", "=", id).execute();
    await atomically(target, async (trx) => {
      await trx.deleteFrom("trainer_slots").where("trainer_id", "=", id).execute();
      await trx.deleteFrom("trainer_files").where("trainer_id", "=", id).execute();
      await trx.deleteFrom("trainer_session_changes").where("trainer_id", "=", id).execute();
      await trx.deleteFrom("trainers").where("id", "=", id).execute();
      await revokeLinkSessions(trx, TRAINER_REALM, [existing.email]);
      await recordAudit(trx, {
        actor,
        action: "delete",
        entity: "trainer",
        entityId: id,
        summary: `Formateur «\u00a0${existing.name}\u00a0» supprimé${files.length ? `, avec ${formatCount(files.length, "pièce")} (CV, diplômes)` : ""}.`,
      });
    });
    await deleteStoredFiles(
      files.map((f) => f.storage_key),
      ctx.store,
    );
    return { ok: true, value: undefined };
  });
}

/* ----- Half-days: assignments and unavailabilities ----- */

/**
 * Why a trainer cannot take these half-days: the session they already teach then, or their
 * unavailability. `who` starts the sentence (« Ce formateur », or the trainer's name).
 */
export async function conflictMessage(
  trainerId: string,
  slots: string[],
  exceptSession: string | null,
  target: Db,
  who = "Ce formateur",
): Promise<string | null> {
  if (!slots.length) return null;
  let q = target
    .selectFrom("trainer_slots as t")
    .leftJoin("formation_sessions as s", "s.id", "t.session_id")
    .leftJoin("formations as f", "f.id", "s.formation_id")
    .select(["t.slot", "t.session_id", "s.start_date", "s.end_date", "f.title"])
    .where("t.trainer_id", "=", trainerId)
    .where("t.slot", "in", slots);
  if (exceptSession) q = q.where((eb) => eb.or([eb("t.session_id", "is", null), eb("t.session_id", "!=", exceptSession)]));
  const row = await q.orderBy("t.slot").executeTakeFirst();
  if (!row) return null;
  if (!row.session_id) return `${who} est indisponible le ${formatDate(row.slot.slice(0, 10))}.`;
  return `${who} anime déjà la session «\u00a0${row.title}\u00a0» ${formatDayRange(row.start_date!, row.end_date!)}.`;
}

/**
 * Records that a trainer's half-days on a session changed (assigned, taken off), in the caller's
 * transaction: the documents that name the session's trainers, issued before, are « à régénérer »
 * (`trainerChanges`, read by app/domain/documents/regenerate.server.ts).
 */
async function markTrainerChange(trx: Db, sessionId: string, trainerId: string): Promise<void> {
  const at = nowIso();
  await trx
    .insertInto("trainer_session_changes")
    .values({ session_id: sessionId, trainer_id: trainerId, changed_at: at })
    .onConflict((oc) => oc.columns(["session_id", "trainer_id"]).doUpdateSet({ changed_at: at }))
    .execute();
}

/** When each trainer's half-days on a session last changed, by trainer (those still assigned and those taken off). */
export async function trainerChanges(sessionId: string, target: Db = db()): Promise<Map<string, string>> {
  const rows = await target
    .selectFrom("trainer_session_changes")
    .select(["trainer_id", "changed_at"])
    .where("session_id", "=", sessionId)
    .execute();
  return new Map(rows.map((r) => [r.trainer_id, r.changed_at]));
}

/** Writes a trainer's half-days, of a session or (`sessionId` null) unavailable (the UNIQUE (trainer_id, slot) refuses one taken meanwhile). */
export async function insertTrainerSlots(
  trx: Db,
  a: { trainerId: string; sessionId: string | null; slots: string[]; createdBy: string; now: string },
): Promise<void> {
  await trx
    .insertInto("trainer_slots")
    .values(
      a.slots.map((slot) => ({
        id: randomUUID(),
        trainer_id: a.trainerId,
        slot,
        session_id: a.sessionId,
        created_by: a.createdBy,
        created_at: a.now,
      })),
    )
    .execute();
}

/**
 * Assigns a trainer to half-days of a session (all of them when none is given). Refused when the
 * trainer teaches another session or is unavailable on one of them: the database's UNIQUE
 * (trainer_id, slot) refuses it even when two staff save at the same time on two instances.
 */
export async function assignTrainer(
  sessionId: string,
  input: unknown,
  { actor, target = db() }: TrainerContext,
): Promise<TrainerOutcome<{ trainer: Trainer; halfDays: string[] }>> {
  allowed(actor);
  const parsed = assignmentSchema.safeParse(input);
  if (!parsed.success) return refused("invalid", fieldErrorsOf(parsed.error));
  const session = await target
    .selectFrom("formation_sessions")
    .select(["start_date", "end_date"])
    .where("id", "=", sessionId)
    .executeTakeFirst();
  if (!session) return refused("not-found", { _form: "Cette session n'existe plus." });
  const trainer = await getTrainer(parsed.data.trainerId, target);
  if (!trainer) return refused("not-found", { trainerId: MISSING });
  if (trainer.archived) return refused("conflict", { trainerId: `${trainer.name} est archivé\u00a0: réactivez-le avant de l'affecter.` });
  const all: string[] = sessionHalfDays(session.start_date, session.end_date);
  const wanted = parsed.data.halfDays.length ? parsed.data.halfDays : all;
  if (wanted.some((h) => !all.includes(h))) return refused("invalid", { halfDays: "Choisissez des demi-journées de la session." });
  const mine = await target
    .selectFrom("trainer_slots")
    .select("slot")
    .where("trainer_id", "=", trainer.id)
    .where("session_id", "=", sessionId)
    .execute();
  const missing = wanted.filter((h) => !mine.some((m) => m.slot === h));
  if (!missing.length) return refused("conflict", { trainerId: `${trainer.name} anime déjà ces demi-journées de la session.` });
  const before = await conflictMessage(trainer.id, missing, sessionId, target);
  if (before) return refused("conflict", { trainerId: before });
  try {
    await atomically(target, async (trx) => {
      await insertTrainerSlots(trx, { trainerId: trainer.id, sessionId, slots: missing, createdBy: actor.email, now: nowIso() });
      await markTrainerChange(trx, sessionId, trainer.id);
      await recordAudit(trx, {
        actor,
        action: "assign",
        entity: "trainer",
        entityId: trainer.id,
        summary: `${trainer.name} affecté à la session du ${formatDate(session.start_date)} (${missing.length} demi-journée${missing.length > 1 ? "s" : ""}).`,
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another save took one of these half-days between the check and the insert.
    return refused("conflict", {
      trainerId:
        (await conflictMessage(trainer.id, missing, sessionId, target)) ??
        "Ce formateur vient d'être affecté ailleurs sur ces demi-journées.",
    });
  }
  return { ok: true, value: { trainer, halfDays: [...mine.map((m) => m.slot), ...missing].sort() } };
}

/** Takes a trainer off a session (every half-day of it). */
export function unassignTrainer(sessionId: string, trainerId: string, ctx: TrainerContext): Promise<TrainerOutcome<void>> {
  return changing(trainerId, ctx, async (trainer, { actor, target }) => {
    await atomically(target, async (trx) => {
      const removed = await trx
        .deleteFrom("trainer_slots")
        .where("trainer_id", "=", trainerId)
        .where("session_id", "=", sessionId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) > 0) await markTrainerChange(trx, sessionId, trainerId);
      await recordAudit(trx, {
        actor,
        action: "unassign",
        entity: "trainer",
        entityId: trainerId,
        summary: `${trainer.name} retiré d'une session.`,
      });
    });
    return { ok: true, value: undefined };
  });
}

/** An external trainer's unavailability, every half-day from one day to another; refused over a session they teach. */
export function addUnavailability(trainerId: string, input: unknown, ctx: TrainerContext): Promise<TrainerOutcome<void>> {
  return changing(trainerId, ctx, async (trainer, { actor, target }) => {
    const parsed = unavailabilitySchema.safeParse(input);
    if (!parsed.success) return refused("invalid", fieldErrorsOf(parsed.error));
    if (!isExternal(trainer.status))
      return refused("invalid", { _form: "Les indisponibilités se saisissent pour les formateurs externes." });
    const slots = allDays(parsed.data.from, parsed.data.to).flatMap((d) => [`${d}:matin`, `${d}:apres-midi`]);
    const taken = await target
      .selectFrom("trainer_slots")
      .select(["slot", "session_id"])
      .where("trainer_id", "=", trainerId)
      .where("slot", "in", slots)
      .execute();
    const busy = await conflictMessage(
      trainerId,
      taken.filter((t) => t.session_id).map((t) => t.slot),
      null,
      target,
    );
    if (busy) return refused("conflict", { from: busy });
    const free = slots.filter((s) => !taken.some((t) => t.slot === s));
    try {
      await atomically(target, async (trx) => {
        if (free.length) await insertTrainerSlots(trx, { trainerId, sessionId: null, slots: free, createdBy: actor.email, now: nowIso() });
        await recordAudit(trx, {
          actor,
          action: "unavailable",
          entity: "trainer",
          entityId: trainerId,
          summary: `${trainer.name} indisponible ${formatDayRange(parsed.data.from, parsed.data.to)}.`,
        });
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return refused("conflict", {
        from: (await conflictMessage(trainerId, free, null, target)) ?? "Ce formateur vient d'être affecté sur ces dates.",
      });
    }
    return { ok: true, value: undefined };
  });
}

/** Removes the unavailability of one day (both half-days). */
export function removeUnavailability(trainerId: string, day: string, ctx: TrainerContext): Promise<TrainerOutcome<void>> {
  return changing(trainerId, ctx, async (trainer, { actor, target }) => {
    await atomically(target, async (trx) => {
      await trx
        .deleteFrom("trainer_slots")
        .where("trainer_id", "=", trainerId)
        .where("session_id", "is", null)
        .where("slot", "in", [`${day}:matin`, `${day}:apres-midi`])
        .execute();
      await recordAudit(trx, {
        actor,
        action: "available",
        entity: "trainer",
        entityId: trainerId,
        summary: `${trainer.name} de nouveau disponible le ${formatDate(day)}.`,
      });
    });
    return { ok: true, value: undefined };
  });
}

/** Every calendar day from `from` to `to` (weekends included: an unavailability is a plain date range). */
function allDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to && days.length < 367; d.setUTCDate(d.getUTCDate() + 1))
    days.push(d.toISOString().slice(0, 10));
  return days;
}

/** The days a trainer declared unavailable, in order. */
export async function unavailableDays(trainerId: string, target: Db = db()): Promise<string[]> {
  const rows = await target
    .selectFrom("trainer_slots")
    .select("slot")
    .where("trainer_id", "=", trainerId)
    .where("session_id", "is", null)
    .orderBy("slot")
    .execute();
  return [...new Set(rows.map((r) => r.slot.slice(0, 10)))];
}

/** The trainers of a session, with the half-days each teaches (in order); `complete` when they teach all of them. */
export interface SessionTrainer {
  trainer: Trainer;
  halfDays: string[];
  complete: boolean;
}

export async function sessionTrainers(sessionId: string, target: Db = db()): Promise<SessionTrainer[]> {
  const session = await target
    .selectFrom("formation_sessions")
    .select(["start_date", "end_date"])
    .where("id", "=", sessionId)
    .executeTakeFirst();
  if (!session) return [];
  const all = sessionHalfDays(session.start_date, session.end_date);
  const rows = await target
    .selectFrom("trainer_slots as t")
    .innerJoin("trainers as r", "r.id", "t.trainer_id")
    .selectAll("r")
    .select("t.slot")
    .where("t.session_id", "=", sessionId)
    .orderBy("r.name")
    .orderBy("t.slot")
    .execute();
  const byTrainer = new Map<string, SessionTrainer>();
  for (const r of rows) {
    const entry = byTrainer.get(r.id) ?? { trainer: toTrainer(r), halfDays: [], complete: false };
    entry.halfDays.push(r.slot);
    byTrainer.set(r.id, entry);
  }
  // In the session's order (morning before afternoon), not the slots' alphabetical one.
  const order: string[] = all;
  const rank = (h: string) => order.indexOf(h) + 1 || Infinity;
  return [...byTrainer.values()].map((e) => ({
    ...e,
    halfDays: e.halfDays.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)),
    complete: all.every((h) => e.halfDays.includes(h)),
  }));
}

/* ----- Figures: hours taught ----- */

export interface TaughtSession {
  sessionId: string;
  formationTitle: string;
  startDate: string;
  endDate: string;
  halfDays: number;
  hours: number;
}

/**
 * The sessions a trainer teaches, with the hours: the formation's hours shared equally between the
 * session's half-days (as the attendance counts them), times the half-days they teach.
 */
export async function taughtSessions(trainerId: string | null, target: Db = db()): Promise<Array<TaughtSession & { trainerId: string }>> {
  let q = target
    .selectFrom("trainer_slots as t")
    .innerJoin("formation_sessions as s", "s.id", "t.session_id")
    .innerJoin("formations as f", "f.id", "s.formation_id")
    .select(["t.trainer_id", "t.session_id", "t.slot", "s.start_date", "s.end_date", "f.title", "f.duration_hours"]);
  if (trainerId) q = q.where("t.trainer_id", "=", trainerId);
  const rows = await q.orderBy("s.start_date").execute();
  const out = new Map<string, TaughtSession & { trainerId: string }>();
  for (const r of rows) {
    const key = `${r.trainer_id}|${r.session_id}`;
    const total = sessionHalfDays(r.start_date, r.end_date).length || 1;
    const entry = out.get(key) ?? {
      trainerId: r.trainer_id,
      sessionId: r.session_id!,
      formationTitle: r.title,
      startDate: r.start_date,
      endDate: r.end_date,
      halfDays: 0,
      hours: 0,
    };
    entry.halfDays += 1;
    entry.hours = Math.round(((Number(r.duration_hours) * entry.halfDays) / total) * 10) / 10;
    out.set(key, entry);
  }
  return [...out.values()];
}

/** Hours taught per year: one line per trainer and year, internal or external. */
export interface HoursLine {
  trainerId: string;
  name: string;
  status: TrainerStatus;
  year: string;
  sessions: number;
  hours: number;
}

export async function hoursPerYear(trainerId: string | null = null, target: Db = db()): Promise<HoursLine[]> {
  const [taught, trainers] = await Promise.all([taughtSessions(trainerId, target), listTrainers(target)]);
  const lines = new Map<string, HoursLine>();
  for (const s of taught) {
    const trainer = trainers.find((t) => t.id === s.trainerId);
    if (!trainer) continue;
    const year = s.startDate.slice(0, 4);
    const key = `${s.trainerId}|${year}`;
    const line = lines.get(key) ?? { trainerId: s.trainerId, name: trainer.name, status: trainer.status, year, sessions: 0, hours: 0 };
    line.sessions += 1;
    line.hours = Math.round((line.hours + s.hours) * 10) / 10;
    lines.set(key, line);
  }
  return [...lines.values()].sort((a, b) => b.year.localeCompare(a.year) || a.name.localeCompare(b.name, "fr"));
}

/** Hours taught per trainer and year, internal or external, as CSV for Excel (app/platform/csv.ts). */
export async function hoursCsv(target: Db = db()): Promise<string> {
  const lines = await hoursPerYear(null, target);
  return toCsv([
    ["Année", "Formateur", "Statut", "Interne ou externe", "Sessions", "Heures"],
    ...lines.map((l) => [
      l.year,
      l.name,
      TRAINER_STATUSES[l.status],
      isExternal(l.status) ? "externe" : "interne",
      l.sessions,
      formatNumber(l.hours, 1),
    ]),
  ]);
}

/* ----- The session page's panel ----- */

export interface SessionTrainerPanel {
  assigned: Array<{ id: string; name: string; quality: string; halfDays: string[]; complete: boolean }>;
  halfDays: Array<{ value: string; label: string }>;
  available: Array<{ id: string; name: string }>;
}

/** What the admin session page shows of its trainers: who teaches which half-days, and who may be added. */
export async function sessionTrainerPanel(sessionId: string, target: Db = db()): Promise<SessionTrainerPanel> {
  const session = await target
    .selectFrom("formation_sessions")
    .select(["start_date", "end_date"])
    .where("id", "=", sessionId)
    .executeTakeFirst();
  const [assigned, trainers] = await Promise.all([sessionTrainers(sessionId, target), listTrainers(target)]);
  return {
    assigned: assigned.map((a) => ({
      id: a.trainer.id,
      name: a.trainer.name,
      quality: trainerQuality(a.trainer),
      halfDays: a.halfDays.map(halfDayLabel),
      complete: a.complete,
    })),
    halfDays: session ? sessionHalfDays(session.start_date, session.end_date).map((h) => ({ value: h, label: halfDayLabel(h) })) : [],
    available: trainers.filter((t) => !t.archived).map((t) => ({ id: t.id, name: t.name })),
  };
}

/** The session page's two trainer actions (`formateur-affecter`, `formateur-retirer`): the message to show, or the refusal. */
export async function changeSessionTrainers(
  sessionId: string,
  values: Record<string, unknown>,
  actor: Actor,
): Promise<{ ok: true; message: string } | { ok: false; kind: FailureKind; message: string; errors: FieldErrors }> {
  const outcome =
    values.intent === "formateur-retirer"
      ? await unassignTrainer(sessionId, String(values.trainerId ?? ""), { actor })
      : await assignTrainer(sessionId, values, { actor });
  if (outcome.ok)
    return {
      ok: true,
      message: values.intent === "formateur-retirer" ? "Formateur retiré de la session." : "Formateur affecté à la session.",
    };
  return { ok: false, kind: outcome.kind, message: Object.values(outcome.errors)[0] ?? "Action impossible.", errors: outcome.errors };
}

/** The trainers of a session as its documents print them: name, quality and the half-days they teach. */
export async function documentTrainers(
  sessionId: string,
  target: Db = db(),
): Promise<Array<{ name: string; quality: string; halfDays: string[] }>> {
  return (await sessionTrainers(sessionId, target)).map((a) => ({
    name: a.trainer.name,
    quality: trainerQuality(a.trainer),
    halfDays: a.halfDays,
  }));
}

/**
 * One trainer's assignment to a session, as their lettre de mission or contrat de sous-traitance
 * prints it: the trainer's record, the half-days they teach (in order) and the session's other
 * trainers; null when they teach none of its half-days.
 */
export async function trainerAssignment(
  sessionId: string,
  trainerId: string,
  target: Db = db(),
): Promise<{ trainer: Trainer; halfDays: string[]; complete: boolean; others: string[] } | null> {
  const all = await sessionTrainers(sessionId, target);
  const mine = all.find((a) => a.trainer.id === trainerId);
  if (!mine) return null;
  return { ...mine, others: all.filter((a) => a.trainer.id !== trainerId).map((a) => a.trainer.name) };
}
