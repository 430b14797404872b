import { randomUUID } from "node:crypto";
import { sql, type Selectable, type SelectQueryBuilder } from "kysely";
import { recordAudit } from "~/domain/audit/audit.server";
import { getOrganisation, readSettingOr, staffAddress, writeSetting } from "~/domain/settings/settings.server";
import type { DashboardFigure } from "~/platform/admin/dashboard";
import { config } from "~/platform/config.server";
import { toCsv } from "~/platform/csv";
import type { Actor } from "~/platform/db/actor";
import { atomically, db, nowIso, type Db } from "~/platform/db/db.server";
import type { ComplaintsTable, Database } from "~/platform/db/schema";
import { allocateYearlyRank } from "~/platform/db/sequences.server";
import { enqueueMail, enqueueVisitorMail, PERSON_CAPS, signalMailQueued, type VisitorMailRule } from "~/platform/email/queue.server";
import { mailStateLabel } from "~/platform/email/states";
import { formatDateShort, formatDateTimeShort, parisDayAndTime } from "~/platform/format";
import { log } from "~/platform/log.server";
import { checkpointAfterErasure, eraseCopies } from "~/platform/privacy/erasure.server";
import { fieldErrorsOf, type FailureKind, type FieldErrors } from "~/platform/validation/errors";
import { acknowledgementMail, answerMail, staffNoticeMail, type ComplaintForMail, type ComplaintMailContext } from "./mail-content.server";
import {
  COMPLAINT_SERIES,
  COMPLAINT_STATUS_LABELS,
  DEFAULT_COMPLAINT_SETTINGS,
  answerSchema,
  closeSchema,
  complaintDelay,
  complaintReference,
  complaintSettingsSchema,
  complaintSourceLabel,
  correctiveActionSchema,
  isComplaintStatus,
  type ComplaintDelay,
  type ComplaintSettings,
  type ComplaintSource,
  type ComplaintStatus,
  type RegisterFilter,
} from "./model";

/**
 * The complaints register (Qualiopi indicator 31: docs/legal/complaints.md,
 * docs/decisions/0035-complaints-register.md). A complaint comes from the contact form (subject
 * « Réclamation », stored by the leads' intake with its message, spool and replay included) or from
 * the client's or trainee's space; it is numbered per year without gap (`REC-2026-0001`, the site's
 * yearly numbering), acknowledged by e-mail, then taken, answered in writing from the admin, and
 * closed with the corrective action decided. Every staff change is made by an editor or an admin (a
 * viewer is refused here, whatever the route checked), with its journal entry, in one transaction.
 */

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

const SETTINGS_KEY = "complaints";

/** The answer delay (working days); the default until an admin saves one. */
export async function getComplaintSettings(target: Db = db()): Promise<ComplaintSettings> {
  return readSettingOr(SETTINGS_KEY, complaintSettingsSchema, DEFAULT_COMPLAINT_SETTINGS, target);
}

/** /admin/reclamations (admins): the answer delay saved, with its revision and the journal's entry. */
export async function updateComplaintSettings(values: ComplaintSettings, actor: Actor, target: Db = db()): Promise<void> {
  if (actor.role !== "admin") throw new ComplaintForbiddenError("Seuls les administrateurs modifient le délai de réponse.");
  await writeSetting(SETTINGS_KEY, complaintSettingsSchema, values, target, {
    actor,
    summary: `Délai de réponse aux réclamations enregistré\u00a0: ${values.answerDelayDays}\u00a0jours ouvrés.`,
  });
}

// ---------------------------------------------------------------------------------------------
// Receiving a complaint (contact form, space)
// ---------------------------------------------------------------------------------------------

/** The day in Paris of an instant (« 2026-12-02 »). */
const parisDay = (iso: string | number | Date) => parisDayAndTime(new Date(iso)).day;

export interface ComplaintInput {
  source: ComplaintSource;
  name: string;
  email: string;
  phone?: string;
  message: string;
  /** What it is about, as the space names it (« Excel perfectionnement, 2 et 3 mars 2027 — INS-… »). */
  about?: string;
  registrationId?: string | null;
  /** The contact message it came with. */
  leadId?: string | null;
  /** When the sender sent it (a complaint replayed from the spool keeps its arrival). */
  receivedAt: number;
}

/** The acknowledgement: to one address a few a day at most (the address is typed in a public form). */
const ACK_RULE: VisitorMailRule = { purposes: ["reclamation-accuse"], caps: [{ windowMs: 24 * 60 * 60 * 1000, max: 3 }] };
/** The staff notice: every complaint, but a few an hour per sender at most (all are in the register anyway). */
const STAFF_RULE: VisitorMailRule = { purposes: ["reclamation-equipe"], caps: [], perContact: PERSON_CAPS };

async function mailContext(target: Db): Promise<ComplaintMailContext> {
  const [organisation, settings] = await Promise.all([getOrganisation(target), getComplaintSettings(target)]);
  return {
    organisation,
    siteUrl: config().siteUrl,
    delayDays: settings.answerDelayDays,
    retentionMonths: config().leadRetentionMonths,
  };
}

/**
 * Registers a complaint in the caller's transaction: its number (taken in that transaction, so a
 * complaint not recorded gives its number back), the row, the acknowledgement to the sender and the
 * notice to staff (mail room). The caller signals the queued mail once committed
 * (`signalMailQueued`).
 */
export async function receiveComplaint(trx: Db, input: ComplaintInput): Promise<{ id: string; reference: string }> {
  const receivedAt = new Date(input.receivedAt).toISOString();
  const receivedOn = parisDay(receivedAt);
  const reference = complaintReference(
    Number(receivedOn.slice(0, 4)),
    await allocateYearlyRank(trx, COMPLAINT_SERIES, Number(receivedOn.slice(0, 4))),
  );
  const id = randomUUID();
  const now = nowIso();
  const row = {
    id,
    reference,
    source: input.source,
    name: input.name.slice(0, 120),
    email: input.email.slice(0, 254),
    phone: (input.phone ?? "").slice(0, 40),
    registration_id: input.registrationId ?? null,
    about: (input.about ?? "").slice(0, 300),
    message: input.message,
    status: "recue",
    received_at: receivedAt,
    started_at: null,
    answered_at: null,
    closed_at: null,
    lead_id: input.leadId ?? null,
    erased_at: null,
    created_at: now,
    updated_at: now,
  };
  await trx.insertInto("complaints").values(row).execute();
  const [ctx, staff] = await Promise.all([mailContext(trx), staffAddress(trx)]);
  const forMail: ComplaintForMail = { ...input, id, reference, phone: row.phone, about: row.about, receivedAt };
  const mailNow = Date.now();
  const due = complaintDelay({ receivedOn, answeredOn: null }, receivedOn, ctx.delayDays).dueOn;
  // Staff first, then the sender: the locks of the caps are taken in this order by every complaint.
  await enqueueVisitorMail(
    trx,
    { complaintId: id, purpose: "reclamation-equipe", to: staff, replyTo: input.email, ...staffNoticeMail(forMail, ctx, due) },
    STAFF_RULE,
    mailNow,
    `complaint-staff-caps:${input.email.toLowerCase()}`,
  );
  const acknowledged = await enqueueVisitorMail(
    trx,
    { complaintId: id, purpose: "reclamation-accuse", to: input.email, replyTo: staff, ...acknowledgementMail(forMail, ctx) },
    ACK_RULE,
    mailNow,
    `complaint-ack-caps:${input.email.toLowerCase()}`,
  );
  if (!acknowledged) log.warn("Accusé de réception de réclamation non envoyé (limite par adresse atteinte)", { reference });
  log.info("Réclamation enregistrée", { reference, source: input.source });
  return { id, reference };
}

/** Complaints one address sent from the space in the last 24 hours (the space's form refuses beyond a few). */
export async function recentComplaintCount(email: string, now = Date.now(), target: Db = db()): Promise<number> {
  const row = await target
    .selectFrom("complaints")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .where("received_at", ">=", new Date(now - 24 * 60 * 60 * 1000).toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The most complaints one person sends from the space in 24 hours. */
export const SPACE_DAILY_LIMIT = 5;

/**
 * A complaint sent from the space, by its signed-in person (their identity, not what they type):
 * registered and acknowledged in one transaction, then the mail is sent.
 */
export async function receiveSpaceComplaint(input: Omit<ComplaintInput, "receivedAt" | "leadId">, target: Db = db(), now = Date.now()) {
  const stored = await atomically(target, (trx) => receiveComplaint(trx, { ...input, receivedAt: now }));
  signalMailQueued();
  return stored;
}

/** The complaint a contact message came with (its page links to it). */
export async function complaintOfLead(leadId: string, target: Db = db()): Promise<{ id: string; reference: string } | null> {
  const row = await target.selectFrom("complaints").select(["id", "reference"]).where("lead_id", "=", leadId).executeTakeFirst();
  return row ?? null;
}

/**
 * The contact messages given (ids, or a query of their ids) are being deleted (erasure, retention):
 * their complaints stay in the register, without the link.
 */
export async function detachLeads(
  trx: Db,
  leadIds: readonly string[] | SelectQueryBuilder<Database, "leads", { id: string }>,
): Promise<void> {
  if (Array.isArray(leadIds) && leadIds.length === 0) return;
  const ids = Array.isArray(leadIds) ? [...leadIds] : (leadIds as SelectQueryBuilder<Database, "leads", { id: string }>);
  await trx.updateTable("complaints").set({ lead_id: null }).where("lead_id", "in", ids).execute();
}

// ---------------------------------------------------------------------------------------------
// Reading: the register, one complaint, a person's complaints
// ---------------------------------------------------------------------------------------------

export interface RegisterRow {
  id: string;
  reference: string;
  source: string;
  sourceLabel: string;
  status: ComplaintStatus;
  statusLabel: string;
  /** The sender's name, or null once their data were erased. */
  name: string | null;
  about: string;
  receivedAt: string;
  startedAt: string | null;
  answeredAt: string | null;
  closedAt: string | null;
  correctiveAction: string;
  delay: ComplaintDelay;
  /** Unanswered past its delay: highlighted in the register. */
  overdue: boolean;
  erased: boolean;
}

function toRegisterRow(r: Selectable<ComplaintsTable>, today: string, delayDays: number): RegisterRow {
  const status: ComplaintStatus = isComplaintStatus(r.status) ? r.status : "recue";
  const delay = complaintDelay(
    { receivedOn: parisDay(r.received_at), answeredOn: r.answered_at ? parisDay(r.answered_at) : null },
    today,
    delayDays,
  );
  return {
    id: r.id,
    reference: r.reference,
    source: r.source,
    sourceLabel: complaintSourceLabel(r.source),
    status,
    statusLabel: COMPLAINT_STATUS_LABELS[status],
    name: r.erased_at ? null : r.name,
    about: r.about,
    receivedAt: r.received_at,
    startedAt: r.started_at,
    answeredAt: r.answered_at,
    closedAt: r.closed_at,
    correctiveAction: r.corrective_action,
    delay,
    overdue: !delay.answered && delay.late && status !== "close",
    erased: r.erased_at !== null,
  };
}

/** The first instant of a day in Paris and the last one, as UTC text (the bounds of a period). */
function dayBounds(from?: string, to?: string): { from?: string; to?: string } {
  const start = (day: string) => {
    // Paris is one or two hours ahead of UTC: the day starts at 22:00 or 23:00 UTC the day before.
    for (const hours of [2, 1]) {
      const instant = new Date(Date.parse(`${day}T00:00:00Z`) - hours * 3_600_000);
      if (parisDayAndTime(instant).day === day && parisDayAndTime(new Date(instant.getTime() - 1)).day !== day)
        return instant.toISOString();
    }
    return `${day}T00:00:00.000Z`;
  };
  const next = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { from: from ? start(from) : undefined, to: to ? start(next(to)) : undefined };
}

export interface Register {
  rows: RegisterRow[];
  delayDays: number;
  counts: Record<ComplaintStatus, number> & { overdue: number };
}

/**
 * The register (/admin/reclamations, and the auditor's pack for a period): newest first, each with
 * its delay against the organisation's setting; `overdue` counts the unanswered past their delay.
 */
export async function listRegister(
  filter: RegisterFilter,
  { target = db(), today = parisDay(Date.now()) }: { target?: Db; today?: string } = {},
): Promise<Register> {
  const { from, to } = dayBounds(filter.du, filter.au);
  let query = target.selectFrom("complaints");
  if (from) query = query.where("received_at", ">=", from);
  if (to) query = query.where("received_at", "<", to);
  const [all, settings] = await Promise.all([
    query.selectAll().orderBy("received_at", "desc").orderBy("reference", "desc").limit(5000).execute(),
    getComplaintSettings(target),
  ]);
  const rows = all.map((r) => toRegisterRow(r, today, settings.answerDelayDays));
  const counts = { recue: 0, en_cours: 0, repondue: 0, close: 0, overdue: 0 };
  for (const r of rows) {
    counts[r.status]++;
    if (r.overdue) counts.overdue++;
  }
  const shown = rows.filter((r) =>
    filter.statut === "tous"
      ? true
      : filter.statut === "sans-reponse"
        ? r.status === "recue" || r.status === "en_cours"
        : r.status === filter.statut,
  );
  return { rows: shown, delayDays: settings.answerDelayDays, counts };
}

export interface ComplaintMail {
  id: string;
  purpose: string;
  purposeLabel: string;
  to: string;
  stateLabel: string;
  failed: boolean;
  sentAt: string | null;
}

export interface ComplaintDetail extends RegisterRow {
  email: string;
  phone: string;
  message: string;
  answer: string;
  answeredBy: string;
  registrationId: string | null;
  leadId: string | null;
  erasedAt: string | null;
  mails: ComplaintMail[];
}

const MAIL_PURPOSES: Record<string, string> = {
  "reclamation-accuse": "Accusé de réception",
  "reclamation-equipe": "Notification à l'équipe",
  "reclamation-reponse": "Réponse écrite",
};

export async function getComplaint(id: string, target: Db = db(), today = parisDay(Date.now())): Promise<ComplaintDetail | null> {
  const row = await target.selectFrom("complaints").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [settings, mails] = await Promise.all([
    getComplaintSettings(target),
    target
      .selectFrom("mail_queue")
      .select(["id", "purpose", "to_address", "state", "via", "sent_at"])
      .where("complaint_id", "=", id)
      .orderBy("created_at")
      .orderBy("purpose", "desc")
      .execute(),
  ]);
  return {
    ...toRegisterRow(row, today, settings.answerDelayDays),
    email: row.email,
    phone: row.phone,
    message: row.message,
    answer: row.answer,
    answeredBy: row.answered_by,
    registrationId: row.registration_id,
    leadId: row.lead_id,
    erasedAt: row.erased_at,
    mails: mails.map((m) => ({
      id: m.id,
      purpose: m.purpose,
      purposeLabel: MAIL_PURPOSES[m.purpose] ?? m.purpose,
      to: m.to_address,
      stateLabel: mailStateLabel(m.state, m.via),
      failed: m.state === "failed",
      sentAt: m.sent_at,
    })),
  };
}

export interface PersonComplaint {
  reference: string;
  receivedAt: string;
  statusLabel: string;
  about: string;
  answer: string;
  answeredAt: string | null;
}

/** The complaints an address sent (the space lists them, with the written answer once sent). */
export async function complaintsOf(email: string, target: Db = db()): Promise<PersonComplaint[]> {
  const rows = await target
    .selectFrom("complaints")
    .select(["reference", "received_at", "status", "about", "answer", "answered_at"])
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .where("erased_at", "is", null)
    .orderBy("received_at", "desc")
    .limit(100)
    .execute();
  return rows.map((r) => ({
    reference: r.reference,
    receivedAt: r.received_at,
    statusLabel: isComplaintStatus(r.status) ? COMPLAINT_STATUS_LABELS[r.status] : r.status,
    about: r.about,
    answer: r.answered_at ? r.answer : "",
    answeredAt: r.answered_at,
  }));
}

/** Everything the register keeps about an address, for the person's data export (RGPD art. 15 and 20). */
export async function complaintsExport(email: string, target: Db = db()) {
  const rows = await target
    .selectFrom("complaints")
    .select([
      "reference",
      "source",
      "name",
      "email",
      "phone",
      "about",
      "message",
      "status",
      "received_at",
      "answered_at",
      "answer",
      "closed_at",
    ])
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .where("erased_at", "is", null)
    .orderBy("received_at")
    .execute();
  return rows.map((r) => ({
    référence: r.reference,
    origine: complaintSourceLabel(r.source),
    nom: r.name,
    adresse: r.email,
    téléphone: r.phone,
    concerne: r.about,
    réclamation: r.message,
    statut: isComplaintStatus(r.status) ? COMPLAINT_STATUS_LABELS[r.status] : r.status,
    reçueLe: r.received_at,
    réponduLe: r.answered_at,
    réponse: r.answer,
    closeLe: r.closed_at,
  }));
}

// ---------------------------------------------------------------------------------------------
// Staff changes
// ---------------------------------------------------------------------------------------------

export type ComplaintOutcome<T> = { ok: true; value: T } | { ok: false; kind: FailureKind; errors: FieldErrors };

const refused = (kind: FailureKind, errors: FieldErrors) => ({ ok: false as const, kind, errors });

/** A viewer (or anyone but staff who edit) changing the register: a programming error of the caller, never a form message. */
export class ComplaintForbiddenError extends Error {
  constructor(message = "Seuls les éditeurs et les administrateurs traitent les réclamations.") {
    super(message);
    this.name = "ComplaintForbiddenError";
  }
}

function allowed(actor: Actor): void {
  if (actor.role !== "editor" && actor.role !== "admin") throw new ComplaintForbiddenError();
}

const MISSING = "Cette réclamation n'existe pas.";
const ERASED = "Les données de cette réclamation ont été effacées\u00a0: elle ne peut plus être modifiée.";

export interface ComplaintContext {
  actor: Actor;
  target?: Db;
}

type Row = Selectable<ComplaintsTable>;

/**
 * A change of one complaint in one transaction: refused to a viewer (thrown), « not found » when it is
 * not there, « conflict » once its data are erased. `change` writes with the transaction and says
 * what the journal records.
 */
async function changing<T>(
  id: string,
  { actor, target = db() }: ComplaintContext,
  change: (row: Row, trx: Db) => Promise<ComplaintOutcome<T> | { ok: true; value: T; audit: { action: string; summary: string } }>,
): Promise<ComplaintOutcome<T>> {
  allowed(actor);
  const outcome = await atomically(target, async (trx) => {
    const row = await trx.selectFrom("complaints").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return refused("not-found", { _form: MISSING });
    if (row.erased_at) return refused("conflict", { _form: ERASED });
    const result = await change(row, trx);
    if (result.ok && "audit" in result) {
      await recordAudit(trx, { actor, action: result.audit.action, entity: "complaint", entityId: id, summary: result.audit.summary });
      return { ok: true as const, value: result.value };
    }
    return result;
  });
  return outcome;
}

/** Sets the status when it is still one of `from` (another instance may have changed it meanwhile). */
async function moveStatus(trx: Db, id: string, from: ComplaintStatus[], set: Partial<Row> & { status: ComplaintStatus }): Promise<boolean> {
  const result = await trx
    .updateTable("complaints")
    .set({ ...set, updated_at: nowIso() })
    .where("id", "=", id)
    .where("status", "in", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0) === 1;
}

const statusWord = (s: string) => (isComplaintStatus(s) ? COMPLAINT_STATUS_LABELS[s].toLowerCase() : s);

/** « Prendre en charge »: reçue → en cours. */
export function startComplaint(id: string, ctx: ComplaintContext): Promise<ComplaintOutcome<void>> {
  return changing(id, ctx, async (row, trx) => {
    if (!(await moveStatus(trx, id, ["recue"], { status: "en_cours", started_at: nowIso() })))
      return refused("conflict", { _form: `Cette réclamation est déjà ${statusWord(row.status)}.` });
    return { ok: true, value: undefined, audit: { action: "start", summary: `Réclamation ${row.reference} prise en charge.` } };
  });
}

/**
 * The written answer: stored, and sent to the sender by the mail room in the same transaction;
 * reçue or en cours → répondue. One answer per complaint.
 */
export async function answerComplaint(id: string, input: unknown, ctx: ComplaintContext): Promise<ComplaintOutcome<void>> {
  allowed(ctx.actor);
  const parsed = answerSchema.safeParse(input);
  if (!parsed.success) return refused("invalid", fieldErrorsOf(parsed.error));
  const outcome = await changing<void>(id, ctx, async (row, trx) => {
    const now = nowIso();
    const moved = await moveStatus(trx, id, ["recue", "en_cours"], {
      status: "repondue",
      answer: parsed.data.answer,
      answered_at: now,
      answered_by: ctx.actor.email,
      started_at: row.started_at ?? now,
    });
    if (!moved) return refused("conflict", { _form: "Cette réclamation a déjà reçu sa réponse écrite." });
    const [organisation, staff] = await Promise.all([getOrganisation(trx), staffAddress(trx)]);
    await enqueueMail(trx, {
      complaintId: id,
      purpose: "reclamation-reponse",
      to: row.email,
      replyTo: staff,
      ...answerMail({ reference: row.reference, receivedAt: row.received_at }, parsed.data.answer, organisation),
    });
    return {
      ok: true,
      value: undefined,
      audit: { action: "answer", summary: `Réponse écrite envoyée pour la réclamation ${row.reference}.` },
    };
  });
  if (outcome.ok) signalMailQueued();
  return outcome;
}

/** The corrective action decided, saved at any stage (closing asks for it too). */
export async function saveCorrectiveAction(id: string, input: unknown, ctx: ComplaintContext): Promise<ComplaintOutcome<void>> {
  allowed(ctx.actor);
  const parsed = correctiveActionSchema.safeParse(input);
  if (!parsed.success) return refused("invalid", fieldErrorsOf(parsed.error));
  return changing(id, ctx, async (row, trx) => {
    await trx
      .updateTable("complaints")
      .set({ corrective_action: parsed.data.correctiveAction, updated_at: nowIso() })
      .where("id", "=", id)
      .execute();
    return {
      ok: true,
      value: undefined,
      audit: { action: "update", summary: `Action corrective de la réclamation ${row.reference} enregistrée.` },
    };
  });
}

/**
 * Closes a complaint with the corrective action decided. Closing one that has no written answer is
 * allowed (a message that was no complaint, a duplicate): the register then says « sans réponse écrite ».
 */
export async function closeComplaint(id: string, input: unknown, ctx: ComplaintContext): Promise<ComplaintOutcome<void>> {
  allowed(ctx.actor);
  const parsed = closeSchema.safeParse(input);
  if (!parsed.success) return refused("invalid", fieldErrorsOf(parsed.error));
  return changing(id, ctx, async (row, trx) => {
    const moved = await moveStatus(trx, id, ["recue", "en_cours", "repondue"], {
      status: "close",
      corrective_action: parsed.data.correctiveAction,
      closed_at: nowIso(),
    });
    if (!moved) return refused("conflict", { _form: "Cette réclamation est déjà close." });
    const without = row.answered_at ? "" : " sans réponse écrite";
    return { ok: true, value: undefined, audit: { action: "close", summary: `Réclamation ${row.reference} close${without}.` } };
  });
}

/** What an erasure leaves of a complaint: its number, origin, status, dates and the corrective action. */
const ERASED_FIELDS = {
  name: "",
  email: "",
  phone: "",
  about: "",
  message: "",
  answer: "",
  answered_by: "",
  registration_id: null,
  lead_id: null,
};

/**
 * Right to erasure (RGPD art. 17): the sender's data (name, address, phone, what it was about, the
 * complaint, the answer) and its e-mails are erased; the register keeps the number, origin, status,
 * dates and corrective action, so the register stays whole. Then every other copy the site controls
 * (`eraseCopies`: the outbox's e-mails, SQLite's write-ahead log).
 */
export async function eraseComplaint(id: string, ctx: ComplaintContext): Promise<ComplaintOutcome<{ reference: string }>> {
  let address = "";
  const outcome = await changing(id, ctx, async (row, trx) => {
    address = row.email;
    await trx.deleteFrom("mail_queue").where("complaint_id", "=", id).execute();
    const now = nowIso();
    await trx
      .updateTable("complaints")
      .set({ ...ERASED_FIELDS, erased_at: now, updated_at: now })
      .where("id", "=", id)
      .execute();
    return {
      ok: true,
      value: { reference: row.reference },
      audit: { action: "erase", summary: `Données personnelles de la réclamation ${row.reference} effacées.` },
    };
  });
  if (outcome.ok && address) await eraseCopies(ctx.target ?? db(), [address]);
  return outcome;
}

// ---------------------------------------------------------------------------------------------
// Retention, dashboard, export
// ---------------------------------------------------------------------------------------------

/**
 * Retention (docs/legal/complaints.md): a complaint whose last activity is older than the retention
 * of requests (LEAD_RETENTION_MONTHS, counted from the last exchange) loses its personal data as an
 * erasure does; its number, dates and corrective action stay in the register. Idempotent.
 */
export async function eraseExpiredComplaints(target: Db = db(), now = Date.now(), months = config().leadRetentionMonths): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const iso = cutoff.toISOString();
  const erased = await atomically(target, async (trx) => {
    const expired = trx.selectFrom("complaints").select("id").where("erased_at", "is", null).where("updated_at", "<", iso);
    await trx.deleteFrom("mail_queue").where("complaint_id", "in", expired).execute();
    const stamp = new Date(now).toISOString();
    const result = await trx
      .updateTable("complaints")
      .set({ ...ERASED_FIELDS, erased_at: stamp, updated_at: stamp })
      .where("erased_at", "is", null)
      .where("updated_at", "<", iso)
      .executeTakeFirst();
    return Number(result.numUpdatedRows ?? 0);
  });
  if (erased > 0) await checkpointAfterErasure(target);
  return erased;
}

/** The dashboard's figure: complaints waiting for their written answer, and how many are past the delay. */
export async function complaintDashboardFigures(target: Db = db()): Promise<DashboardFigure[]> {
  const { counts } = await listRegister({ statut: "sans-reponse" }, { target });
  const waiting = counts.recue + counts.en_cours;
  return [
    {
      label: "Réclamations sans réponse",
      value: waiting,
      to: "/admin/reclamations?statut=sans-reponse",
      detail:
        waiting === 0
          ? "Rien à traiter"
          : counts.overdue > 0
            ? `Dont ${counts.overdue} au-delà du délai de réponse`
            : "Dans le délai de réponse",
      role: "editor",
    },
  ];
}

const yesNo = (row: RegisterRow) =>
  !row.delay.answered ? (row.overdue ? "non (en attente)" : "en attente") : row.delay.late ? "non" : "oui";

/**
 * The register of a period as the auditor receives it (UTF-8 with BOM, « ; »): no name, address or
 * phone; the complaint's and the answer's texts, which are the evidence of indicator 31.
 */
export async function registerCsv(filter: RegisterFilter, target: Db = db(), today = parisDay(Date.now())): Promise<string> {
  const { rows } = await listRegister({ ...filter, statut: "tous" }, { target, today });
  const texts = new Map(
    rows.length
      ? (
          await target
            .selectFrom("complaints")
            .select(["id", "message", "answer"])
            .where(
              "id",
              "in",
              rows.map((r) => r.id),
            )
            .execute()
        ).map((r) => [r.id, r])
      : [],
  );
  const date = (iso: string | null) => (iso ? formatDateShort(iso) : "");
  return toCsv([
    [
      "Référence",
      "Reçue le",
      "Origine",
      "Statut",
      "Prise en charge le",
      "Répondue le",
      "Délai de réponse (jours ouvrés)",
      "Dans le délai",
      "Close le",
      "Réclamation",
      "Réponse écrite",
      "Action corrective",
    ],
    ...rows
      .slice()
      .reverse()
      .map((r) => [
        r.reference,
        formatDateTimeShort(r.receivedAt),
        r.sourceLabel,
        r.statusLabel,
        date(r.startedAt),
        date(r.answeredAt),
        r.delay.answered ? r.delay.workingDays : "",
        yesNo(r),
        date(r.closedAt),
        r.erased ? "(données effacées)" : (texts.get(r.id)?.message ?? ""),
        r.erased ? "(données effacées)" : (texts.get(r.id)?.answer ?? ""),
        r.correctiveAction,
      ]),
  ]);
}
