import { randomInt, randomUUID } from "node:crypto";
import { emitEvent, forgetEventsAbout, forgetEventsBefore } from "~/domain/webhooks/webhooks.server";
import { deLabel } from "~/ui/french";
import { sql, type Selectable } from "kysely";
import { recordAudit } from "~/domain/audit/audit.server";
import type { DashboardFigure } from "~/platform/admin/dashboard";
import { getOrganisation } from "~/domain/settings/settings.server";
import { CLIENT_IP_HEADER } from "~/platform/auth/auth.server";
import { config } from "~/platform/config.server";
import { db, nowIso, type Db } from "~/platform/db/db.server";
import type { LeadsTable } from "~/platform/db/schema";
import { log } from "~/platform/log.server";
import { resolveFormations } from "./catalogue.server";
import { staffNotification, visitorAcknowledgement, type LeadForMail, type MailContext } from "./mail-content.server";
import { enqueueMail, enqueueVisitorMail, PERSON_CAPS, requeueMail, signalMailQueued, withinRecipientCaps } from "./mail-queue.server";
import {
  FORMAT_LABELS,
  LEADS_PAGE_SIZE,
  LEAD_STATUS_LABELS,
  fieldsFor,
  fundingLabel,
  isLeadStatus,
  readFormValues,
  searchText,
  subjectLabel,
  leadMailState,
  LEAD_MAIL_STATE_LABELS,
  validateContact,
  validateQuote,
  type ContactInput,
  type FormValues,
  type LeadDetail,
  type LeadFilter,
  type LeadFormat,
  type LeadFormationRef,
  type LeadKind,
  type LeadListItem,
  type LeadStatus,
  type QuoteInput,
} from "./model";
import { consumeRateLimit, rateLimitMessage, screenSubmission } from "./spam.server";
import { type FieldErrors } from "~/platform/validation/errors";
import type { Actor } from "~/platform/db/actor";
import { isDatabaseUnavailable, isUniqueViolation, withConflictRetry } from "~/platform/db/errors";
import { checkpointAfterErasure, eraseCopies } from "~/platform/privacy/erasure.server";
import { spoolCount, spoolEntries, spoolWrite, type SpoolEntry } from "~/platform/spool/spool.server";

// ---------------------------------------------------------------------------------------------
// Submission
// ---------------------------------------------------------------------------------------------

export interface SubmitContext {
  /** Client address (the server sets it from the socket or the trusted proxy chain). */
  ip: string;
  target?: Db;
  now?: number;
  /** Minimum fill time; LEAD_MIN_FILL_SECONDS by default. */
  minFillSeconds?: number;
}

export type SubmitResult =
  | {
      ok: true;
      reference: string;
      leadId: string;
      duplicate: boolean;
      /** Kept in the local spool: the database refused it. */ spooled?: boolean;
    }
  | {
      ok: false;
      status: 200 | 400 | 429 | 503;
      /** 503: when to try again (Retry-After). */
      retryAfterSeconds?: number;
      values: FormValues;
      errors: FieldErrors;
      /** A rejection of the whole form (anti-spam), in French. */
      formError?: string;
      /** Nothing wrong, one step left: the form came without a token of its own (cached page, no JavaScript). */
      confirm?: boolean;
      /** The token the re-rendered form must carry (the same one when it is still valid). */
      token: string;
    };

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** "DEV-2611-7KQ3PX" (quote) or "MSG-2611-…" (message): kind, year and month, six random characters. */
export function newReference(kind: LeadKind, now = Date.now()): string {
  const d = new Date(now);
  const yymm = `${String(d.getUTCFullYear()).slice(2)}${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  let suffix = "";
  for (let i = 0; i < 6; i++) suffix += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${kind === "devis" ? "DEV" : "MSG"}-${yymm}-${suffix}`;
}

/** Where staff notifications go: STAFF_EMAIL, else the organisation's e-mail from the settings. */
export async function staffAddress(target: Db = db()): Promise<string> {
  return config().mail.staffEmail ?? (await getOrganisation(target)).email;
}

/** The client address the Express app put on the request (socket, or the trusted proxy chain). */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER)?.trim() ?? "";
}

/**
 * Stores a quote request or a contact message, then queues its two e-mails (notification to the
 * staff, acknowledgement to the visitor) in the same transaction: the request is stored before
 * any mail is attempted, and a mail can never be lost. Anti-spam: honeypot, minimum fill time
 * (signed token), per-address rate limit; every rejection says why in French.
 * Sending the same form twice (double click, reload of the confirmation) stores it once.
 */
/** What the "lead.received" webhook carries (docs/decisions/0013-webhooks.md). */
function leadEventData(row: ReturnType<typeof toRow>) {
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    subject: row.subject,
    formations: JSON.parse(row.formations) as unknown,
    trainees: row.trainees,
    city: row.city,
    message: row.message,
    createdAt: row.created_at,
    url: `${config().siteUrl}/admin/${row.kind === "devis" ? "devis" : "messages"}/${row.id}`,
  };
}

export async function submitLead(kind: LeadKind, form: FormData, ctx: SubmitContext): Promise<SubmitResult> {
  const target = ctx.target ?? db();
  const now = ctx.now ?? Date.now();
  const minFill = ctx.minFillSeconds ?? config().leadMinFillSeconds;
  const values = readFormValues(form, fieldsFor(kind));
  const validation = kind === "devis" ? validateQuote(values) : validateContact(values);
  const errors = validation.ok ? {} : validation.errors;
  const screen = screenSubmission(kind, form, { valid: validation.ok, minFillSeconds: minFill, now });
  if (!screen.ok) {
    return { ok: false, status: screen.status, values, errors, formError: screen.formError, confirm: screen.confirm, token: screen.token };
  }
  const submittedToken = screen.token;
  if (!validation.ok) return { ok: false, status: 400, values, errors, token: submittedToken };

  try {
    // The same form sent again: answer with the request already stored.
    const existing = await target
      .selectFrom("leads")
      .select(["id", "reference"])
      .where("form_token", "=", submittedToken)
      .executeTakeFirst();
    if (existing) return { ok: true, reference: existing.reference, leadId: existing.id, duplicate: true };

    const limit = await consumeRateLimit(ctx.ip, { target, now });
    if (!limit.allowed) {
      log.warn("Envoi de formulaire refusé (limite par adresse)", { kind });
      const organisation = await getOrganisation(target);
      return {
        ok: false,
        status: 429,
        values,
        errors,
        formError: rateLimitMessage(limit.retryAfterSeconds, organisation.phone),
        token: submittedToken,
      };
    }
    return await withConflictRetry(() => storeLead(target, { kind, data: validation.data, token: submittedToken, receivedAt: now }));
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return spoolLead({ kind, data: validation.data, token: submittedToken, receivedAt: now }, values, error);
  }
}

/** What the spool keeps of a lead the database refused: enough to store it later as if received then. */
export interface SpooledLead {
  kind: LeadKind;
  data: QuoteInput | ContactInput;
  /** The form token: the submission's idempotency key, in the spool as in the database. */
  token: string;
  receivedAt: number;
  id?: string;
  reference?: string;
}

/** The spool's kind for leads (one folder under DATA_DIR/spool). */
export const LEAD_SPOOL_KIND = "leads";

/** Seconds a visitor is asked to wait when neither the database nor the spool could keep the request. */
export const SPOOL_RETRY_AFTER_SECONDS = 120;

/**
 * The database refused the request: it is written to the local spool (fsync) with the id and
 * reference the visitor is given, and stored by the job runner once the database answers
 * (`replaySpooledLead`). If even the spool cannot be written, the visitor keeps the form and is
 * told that nothing was sent (503, Retry-After).
 */
function spoolLead(lead: SpooledLead, values: FormValues, cause: unknown): SubmitResult {
  const planned: SpooledLead = { ...lead, id: randomUUID(), reference: newReference(lead.kind, lead.receivedAt) };
  try {
    const entry = spoolWrite(LEAD_SPOOL_KIND, lead.token, planned, { now: lead.receivedAt });
    log.warn("Demande gardée dans le dossier d'attente (base de données indisponible)", {
      kind: lead.kind,
      reference: entry.payload.reference,
      error: String((cause as Error)?.message ?? cause),
    });
    return {
      ok: true,
      reference: entry.payload.reference!,
      leadId: entry.payload.id!,
      duplicate: entry.payload.id !== planned.id,
      spooled: true,
    };
  } catch (error) {
    log.error("Demande NON enregistrée : base de données et dossier d'attente indisponibles", {
      kind: lead.kind,
      error: String((error as Error)?.message ?? error),
    });
    return {
      ok: false,
      status: 503,
      values,
      errors: {},
      formError: `Votre ${lead.kind === "devis" ? "demande" : "message"} n'a pas été envoyé${lead.kind === "devis" ? "e" : ""}\u00a0: notre site rencontre un incident technique et n'a rien pu enregistrer. Vos informations sont conservées ci-dessous\u00a0: renvoyez le formulaire dans quelques minutes.`,
      token: lead.token,
      retryAfterSeconds: SPOOL_RETRY_AFTER_SECONDS,
    };
  }
}

/**
 * Stores a spooled lead (the job runner, once the database answers again). Idempotent by the form
 * token: a lead already stored (replayed before a crash, or sent again meanwhile) is not stored twice.
 */
export async function replaySpooledLead(entry: SpoolEntry, target: Db = db()): Promise<void> {
  const lead = entry.payload as SpooledLead;
  const existing = await target.selectFrom("leads").select(["id", "reference"]).where("form_token", "=", lead.token).executeTakeFirst();
  const stored = existing ? { reference: existing.reference, duplicate: true } : await storeLead(target, lead);
  log.info(stored.duplicate ? "Demande du dossier d'attente déjà enregistrée" : "Demande du dossier d'attente enregistrée", {
    kind: lead.kind,
    reference: stored.reference,
  });
}

/** Requests of one kind waiting in this instance's spool (the admin list shows the figure). */
export function spooledLeadCount(kind: LeadKind): number {
  if (spoolCount(LEAD_SPOOL_KIND) === 0) return 0;
  return spoolEntries<SpooledLead>(LEAD_SPOOL_KIND).filter((e) => e.payload.kind === kind).length;
}

/**
 * Inserts the lead and queues its two e-mails (notification to the staff, acknowledgement to the
 * visitor) in one transaction. The same form token stored already answers with that lead.
 */
async function storeLead(target: Db, lead: SpooledLead): Promise<{ ok: true; reference: string; leadId: string; duplicate: boolean }> {
  const { kind, data, token } = lead;
  const formations = kind === "devis" ? await resolveFormations((data as QuoteInput).formation, target) : [];
  const [organisation, staff] = await Promise.all([getOrganisation(target), staffAddress(target)]);
  const mailContext: MailContext = { organisation, siteUrl: config().siteUrl, retentionMonths: config().leadRetentionMonths };
  const mailNow = Date.now();

  for (let attempt = 0; ; attempt++) {
    const row = toRow(kind, data, formations, token, lead.receivedAt, attempt === 0 ? lead : {});
    try {
      await target.transaction().execute(async (trx) => {
        await trx.insertInto("leads").values(row).execute();
        await emitEvent(trx, "lead.received", leadEventData(row));
        const forMail = toMailLead(row);
        const notification = staffNotification(forMail, mailContext);
        // Staff hear of every request, but of one visitor address a few times an hour at most (the
        // request is stored and listed in the admin all the same).
        await enqueueVisitorMail(
          trx,
          { leadId: row.id, purpose: "staff", to: staff, replyTo: row.email, ...notification },
          { purposes: ["staff"], caps: [], perContact: PERSON_CAPS },
          mailNow,
          `lead-staff-caps:${row.email.toLowerCase()}`,
        );
        // The acknowledgement goes to whatever address was typed: a short summary only (never the
        // visitor's own text), and a few a day per address at most, so the site relays nothing.
        if (await acknowledgementAllowed(trx, row.email, mailNow)) {
          const ack = visitorAcknowledgement(
            forMail,
            mailContext,
            formations.filter((f) => f.known).map((f) => f.title),
          );
          await enqueueMail(trx, { leadId: row.id, purpose: "ack", to: row.email, replyTo: staff, ...ack }, mailNow);
        } else {
          log.warn("Accusé de réception non envoyé (limite quotidienne par adresse atteinte)", { kind, reference: row.reference });
        }
      });
      log.info("Demande enregistrée", { kind, reference: row.reference });
      signalMailQueued();
      return { ok: true, reference: row.reference, leadId: row.id, duplicate: false };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
      // Either the same form was sent twice at the same moment, or (very rarely) the reference exists.
      const same = await target.selectFrom("leads").select(["id", "reference"]).where("form_token", "=", token).executeTakeFirst();
      if (same) return { ok: true, reference: same.reference, leadId: same.id, duplicate: true };
    }
  }
}

/** Acknowledgements sent to one address within 24 hours, at most. */
export const ACK_DAILY_LIMIT = 3;

function acknowledgementAllowed(trx: Db, email: string, now: number): Promise<boolean> {
  return withinRecipientCaps(trx, email, ["ack"], [{ windowMs: 24 * 60 * 60 * 1000, max: ACK_DAILY_LIMIT }], now);
}

function toRow(
  kind: LeadKind,
  data: QuoteInput | ContactInput,
  formations: LeadFormationRef[],
  token: string,
  now: number,
  planned: { id?: string; reference?: string } = {},
): Selectable<LeadsTable> {
  const iso = new Date(now).toISOString();
  const base = {
    id: planned.id ?? randomUUID(),
    reference: planned.reference ?? newReference(kind, now),
    kind,
    status: "nouveau",
    consent_at: iso,
    form_token: token,
    created_at: iso,
    updated_at: iso,
  };
  if (kind === "devis") {
    const q = data as QuoteInput;
    const row = {
      ...base,
      name: q.nom,
      email: q.email,
      phone: q.telephone,
      company: q.entreprise,
      siret: q.siret,
      subject: "",
      formations: JSON.stringify(formations),
      formation_other: q.autreFormation,
      trainees: q.stagiaires,
      format: q.format,
      period: q.periode,
      city: q.ville,
      funding: q.financement,
      message: q.message,
    };
    return {
      ...row,
      search_text: searchText(
        row.reference,
        row.company,
        row.siret,
        row.name,
        row.email,
        row.phone,
        ...formations.map((f) => f.title),
        row.formation_other,
        row.city,
        row.period,
        row.message,
      ),
    };
  }
  const c = data as ContactInput;
  const row = {
    ...base,
    name: c.nom,
    email: c.email,
    phone: c.telephone,
    company: "",
    siret: "",
    subject: c.sujet,
    formations: "[]",
    formation_other: "",
    trainees: null,
    format: "",
    period: "",
    city: "",
    funding: "",
    message: c.message,
  };
  return { ...row, search_text: searchText(row.reference, row.name, row.email, row.phone, row.message) };
}

function parseFormations(json: string): LeadFormationRef[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as LeadFormationRef[]) : [];
  } catch {
    return [];
  }
}

function toMailLead(row: Selectable<LeadsTable>): LeadForMail {
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind as LeadKind,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    siret: row.siret,
    subject: row.subject,
    formations: parseFormations(row.formations),
    formationOther: row.formation_other,
    trainees: row.trainees === null ? null : Number(row.trainees),
    format: row.format,
    period: row.period,
    city: row.city,
    funding: row.funding,
    message: row.message,
    createdAt: row.created_at,
  };
}

// ---------------------------------------------------------------------------------------------
// Admin: lists, detail, mutations, export
// ---------------------------------------------------------------------------------------------

export type { Actor };

/** How many leads are waiting for a first look (status "nouveau"), for the dashboard. */
export async function countNewLeads(target: Db = db()): Promise<{ devis: number; contact: number; total: number }> {
  const rows = await target
    .selectFrom("leads")
    .select(["kind", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("status", "=", "nouveau")
    .groupBy("kind")
    .execute();
  const counts = { devis: 0, contact: 0, total: 0 };
  for (const r of rows) {
    if (r.kind === "devis" || r.kind === "contact") counts[r.kind] = Number(r.n);
  }
  counts.total = counts.devis + counts.contact;
  return counts;
}

/** The dashboard's figures for this area (register in `app/composition/dashboard-sources.server.ts`). */
export async function leadDashboardFigures(target: Db = db()): Promise<DashboardFigure[]> {
  const counts = await countNewLeads(target);
  const spooled = spoolCount(LEAD_SPOOL_KIND);
  return [
    ...(spooled > 0
      ? [
          {
            label: "Demandes en attente d'enregistrement",
            value: spooled,
            to: "/admin/devis",
            detail: "Reçues pendant une panne de la base de données, enregistrées dès son retour",
            role: "editor" as const,
          },
        ]
      : []),
    {
      label: "Nouvelles demandes de devis",
      value: counts.devis,
      to: "/admin/devis?statut=nouveau",
      detail: counts.devis === 0 ? "Rien à traiter" : "En attente d'une première réponse",
      role: "editor",
    },
    {
      label: "Nouveaux messages",
      value: counts.contact,
      to: "/admin/messages?statut=nouveau",
      detail: counts.contact === 0 ? "Rien à traiter" : "En attente d'une première réponse",
      role: "editor",
    },
  ];
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filteredQuery(target: Db, kind: LeadKind, filter: LeadFilter) {
  let query = target.selectFrom("leads").where("kind", "=", kind);
  if (filter.statut === "actifs") query = query.where("status", "!=", "archive");
  else if (filter.statut !== "tous") query = query.where("status", "=", filter.statut);
  if (kind === "devis" && filter.financement) query = query.where("funding", "=", filter.financement);
  if (kind === "devis" && filter.format) query = query.where("format", "=", filter.format);
  if (kind === "contact" && filter.sujet) query = query.where("subject", "=", filter.sujet);
  if (filter.du) query = query.where("created_at", ">=", `${filter.du}T00:00:00.000Z`);
  if (filter.au) query = query.where("created_at", "<=", `${filter.au}T23:59:59.999Z`);
  if (filter.q) {
    for (const word of searchText(filter.q).split(" ").filter(Boolean).slice(0, 8)) {
      query = query.where(sql<boolean>`search_text like ${`%${escapeLike(word)}%`} escape '\\'`);
    }
  }
  return query;
}

/** Each lead's queued e-mails (state and means of sending), for `leadMailState`. */
async function mailStates(target: Db, leadIds: string[]): Promise<Map<string, MailRow[]>> {
  const map = new Map<string, MailRow[]>();
  if (leadIds.length === 0) return map;
  const rows = await target.selectFrom("mail_queue").select(["lead_id", "state", "via"]).where("lead_id", "in", leadIds).execute();
  for (const r of rows) {
    if (!r.lead_id) continue;
    map.set(r.lead_id, [...(map.get(r.lead_id) ?? []), r]);
  }
  return map;
}

type MailRow = { state: string; via: string };

function toListItem(row: Selectable<LeadsTable>, mails: MailRow[]): LeadListItem {
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind as LeadKind,
    status: (isLeadStatus(row.status) ? row.status : "nouveau") as LeadStatus,
    name: row.name,
    email: row.email,
    company: row.company,
    subject: row.subject,
    formations: parseFormations(row.formations),
    formationOther: row.formation_other,
    trainees: row.trainees === null ? null : Number(row.trainees),
    funding: row.funding,
    createdAt: row.created_at,
    mailState: leadMailState(mails),
  };
}

export async function listLeads(
  kind: LeadKind,
  filter: LeadFilter,
  target: Db = db(),
): Promise<{ items: LeadListItem[]; total: number; page: number; pageCount: number; statusCounts: Record<LeadStatus, number> }> {
  const query = filteredQuery(target, kind, filter);
  const countRow = await query.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst();
  const total = Number(countRow?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE));
  const page = Math.min(filter.page, pageCount);
  const rows = await query
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(LEADS_PAGE_SIZE)
    .offset((page - 1) * LEADS_PAGE_SIZE)
    .execute();
  const states = await mailStates(
    target,
    rows.map((r) => r.id),
  );
  const counts = await target
    .selectFrom("leads")
    .select(["status", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("kind", "=", kind)
    .groupBy("status")
    .execute();
  const statusCounts: Record<LeadStatus, number> = { nouveau: 0, en_cours: 0, traite: 0, archive: 0 };
  for (const c of counts) if (isLeadStatus(c.status)) statusCounts[c.status] = Number(c.n);
  return { items: rows.map((r) => toListItem(r, states.get(r.id) ?? [])), total, page, pageCount, statusCounts };
}

export async function getLead(kind: LeadKind, id: string, target: Db = db()): Promise<LeadDetail | undefined> {
  const row = await target.selectFrom("leads").selectAll().where("kind", "=", kind).where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const [notes, mails] = await Promise.all([
    target.selectFrom("lead_notes").selectAll().where("lead_id", "=", id).orderBy("created_at", "desc").orderBy("id").execute(),
    target.selectFrom("mail_queue").selectAll().where("lead_id", "=", id).orderBy("created_at").orderBy("purpose", "desc").execute(),
  ]);
  return {
    ...toListItem(row, mails),
    phone: row.phone,
    siret: row.siret,
    format: row.format,
    period: row.period,
    city: row.city,
    message: row.message,
    consentAt: row.consent_at,
    updatedAt: row.updated_at,
    notes: notes.map((n) => ({ id: n.id, authorEmail: n.author_email, body: n.body, createdAt: n.created_at })),
    mails: mails.map((m) => ({
      id: m.id,
      purpose: m.purpose,
      to: m.to_address,
      state: m.state,
      attempts: Number(m.attempts),
      nextAttemptAt: m.next_attempt_at,
      lastError: m.last_error,
      sentAt: m.sent_at,
      via: m.via,
    })),
  };
}

function kindWord(kind: LeadKind): string {
  return kind === "devis" ? "la demande de devis" : "le message";
}

export async function setLeadStatus(kind: LeadKind, id: string, status: LeadStatus, actor: Actor, target: Db = db()): Promise<boolean> {
  return target.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("leads")
      .select(["reference", "status"])
      .where("kind", "=", kind)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return false;
    if (row.status === status) return true;
    await trx.updateTable("leads").set({ status, updated_at: nowIso() }).where("id", "=", id).execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "lead",
      entityId: id,
      summary: `Statut ${deLabel(kindWord(kind))} ${row.reference}\u00a0: ${LEAD_STATUS_LABELS[row.status as LeadStatus] ?? row.status} → ${LEAD_STATUS_LABELS[status]}.`,
    });
    return true;
  });
}

export async function addLeadNote(kind: LeadKind, id: string, body: string, actor: Actor, target: Db = db()): Promise<boolean> {
  return target.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("leads").select(["reference"]).where("kind", "=", kind).where("id", "=", id).executeTakeFirst();
    if (!row) return false;
    const iso = nowIso();
    await trx
      .insertInto("lead_notes")
      .values({ id: randomUUID(), lead_id: id, author_id: actor.id, author_email: actor.email, body, created_at: iso })
      .execute();
    await trx.updateTable("leads").set({ updated_at: iso }).where("id", "=", id).execute();
    await recordAudit(trx, {
      actor,
      action: "note",
      entity: "lead",
      entityId: id,
      summary: `Note interne ajoutée à ${kindWord(kind)} ${row.reference}.`,
    });
    return true;
  });
}

/**
 * Right to erasure (RGPD): the lead, its notes and its e-mails are deleted; the journal keeps the
 * reference only. Then every other copy the site controls: the outbox's e-mails to or about the
 * person, and (SQLite) the write-ahead log (`eraseCopies`).
 */
export async function deleteLead(kind: LeadKind, id: string, actor: Actor, target: Db = db()): Promise<string | undefined> {
  const erased = await target.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("leads")
      .select(["reference", "email"])
      .where("kind", "=", kind)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return undefined;
    await trx.deleteFrom("mail_queue").where("lead_id", "=", id).execute();
    await trx.deleteFrom("lead_notes").where("lead_id", "=", id).execute();
    // A registration made from it stays (a contract record), without the link to the erased request.
    await trx.updateTable("registrations").set({ lead_id: null }).where("lead_id", "=", id).execute();
    await forgetEventsAbout(trx, "lead.received", id);
    await trx.deleteFrom("leads").where("id", "=", id).execute();
    await recordAudit(trx, {
      actor,
      action: "delete",
      entity: "lead",
      entityId: id,
      summary: `Suppression ${deLabel(kindWord(kind))} ${row.reference} et de ses données personnelles.`,
    });
    return row;
  });
  if (!erased) return undefined;
  await eraseCopies(target, [erased.email]);
  return erased.reference;
}

/** Sends one of the lead's e-mails again (now), e.g. after a definitive failure. */
export async function resendLeadMail(kind: LeadKind, id: string, mailId: string, actor: Actor, target: Db = db()): Promise<boolean> {
  const done = await target.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("leads").select(["reference"]).where("kind", "=", kind).where("id", "=", id).executeTakeFirst();
    if (!row) return false;
    const mail = await trx
      .selectFrom("mail_queue")
      .select(["id", "purpose"])
      .where("id", "=", mailId)
      .where("lead_id", "=", id)
      .executeTakeFirst();
    if (!mail || !(await requeueMail(trx, mailId))) return false;
    await recordAudit(trx, {
      actor,
      action: "resend",
      entity: "lead",
      entityId: id,
      summary: `Nouvel envoi demandé pour l'e-mail «\u00a0${mail.purpose === "staff" ? "notification à l'équipe" : "accusé de réception"}\u00a0» ${deLabel(kindWord(kind))} ${row.reference}.`,
    });
    return true;
  });
  if (done) signalMailQueued();
  return done;
}

// ---------------------------------------------------------------------------------------------
// CSV export (UTF-8 with BOM, ";" separator, CRLF: what Excel in French opens as is)
// ---------------------------------------------------------------------------------------------

const csvDate = new Intl.DateTimeFormat("fr-FR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Paris",
});

/** A number-like identifier (SIRET, phone) that a spreadsheet must keep as text. */
export interface CsvText {
  text: string;
}

/** Marks a SIRET or phone number for `toCsv`: Excel keeps it as typed (leading 0, all 14 digits). */
export const csvText = (value: string): CsvText => ({ text: value });

/** Digits with their usual separators: nothing a spreadsheet could run. */
const NUMBER_LIKE = /^\+?[0-9][0-9 .()/-]*$/;

export type CsvValue = string | number | null | undefined | CsvText;

export function csvCell(value: CsvValue): string {
  if (typeof value === "object" && value !== null) {
    // Excel (French included) reads ="0612345678" as the text 0612345678: no 6,12E+08, no lost
    // leading 0. Only for digits and separators, so no formula can be slipped in; anything else
    // is an ordinary cell, neutralised below.
    if (NUMBER_LIKE.test(value.text)) return `"=""${value.text}"""`;
    value = value.text;
  }
  let text = value === null || value === undefined ? "" : String(value);
  // A cell that a spreadsheet would read as a formula is neutralised (CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: CsvValue[][]): string {
  return "\uFEFF" + rows.map((r) => r.map(csvCell).join(";")).join("\r\n") + "\r\n";
}

export async function exportLeadsCsv(kind: LeadKind, filter: LeadFilter, target: Db = db()): Promise<string> {
  const rows = await filteredQuery(target, kind, filter)
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(50_000)
    .execute();
  const states = new Map<string, MailRow[]>();
  for (let i = 0; i < rows.length; i += 500) {
    const part = await mailStates(
      target,
      rows.slice(i, i + 500).map((r) => r.id),
    );
    for (const [k, v] of part) states.set(k, v);
  }
  const status = (s: string) => LEAD_STATUS_LABELS[s as LeadStatus] ?? s;
  if (kind === "devis") {
    return toCsv([
      [
        "Référence",
        "Reçue le",
        "Statut",
        "Entreprise",
        "SIRET",
        "Contact",
        "E-mail",
        "Téléphone",
        "Formations",
        "Autre besoin",
        "Stagiaires",
        "Format",
        "Période souhaitée",
        "Ville",
        "Financement",
        "Message",
        "E-mails",
      ],
      ...rows.map((r) => [
        r.reference,
        csvDate.format(new Date(r.created_at)),
        status(r.status),
        r.company,
        csvText(r.siret),
        r.name,
        r.email,
        csvText(r.phone),
        parseFormations(r.formations)
          .map((f) => f.title)
          .join(", "),
        r.formation_other,
        r.trainees === null ? "" : Number(r.trainees),
        FORMAT_LABELS[r.format as LeadFormat]?.label ?? r.format,
        r.period,
        r.city,
        r.funding ? fundingLabel(r.funding) : "",
        r.message,
        LEAD_MAIL_STATE_LABELS[leadMailState(states.get(r.id) ?? [])],
      ]),
    ]);
  }
  return toCsv([
    ["Référence", "Reçu le", "Statut", "Nom", "E-mail", "Téléphone", "Sujet", "Message", "E-mails"],
    ...rows.map((r) => [
      r.reference,
      csvDate.format(new Date(r.created_at)),
      status(r.status),
      r.name,
      r.email,
      csvText(r.phone),
      subjectLabel(r.subject),
      r.message,
      LEAD_MAIL_STATE_LABELS[leadMailState(states.get(r.id) ?? [])],
    ]),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Retention (RGPD)
// ---------------------------------------------------------------------------------------------

/** The moment before which a lead with no activity is deleted. */
export function retentionCutoff(now: number, months: number): string {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString();
}

/**
 * Deletes the leads whose last activity (reception, status change, note) is older than the
 * retention period, with their notes and e-mails. Idempotent: every instance may run it.
 */
export async function deleteExpiredLeads(target: Db = db(), now = Date.now(), months = config().leadRetentionMonths): Promise<number> {
  const cutoff = retentionCutoff(now, months);
  const deleted = await target.transaction().execute(async (trx) => {
    const expired = trx.selectFrom("leads").select("id").where("updated_at", "<", cutoff);
    await trx.deleteFrom("mail_queue").where("lead_id", "in", expired).execute();
    await trx.deleteFrom("lead_notes").where("lead_id", "in", expired).execute();
    await trx.updateTable("registrations").set({ lead_id: null }).where("lead_id", "in", expired).execute();
    // The webhook events that carried them (a lead's last activity is never older than its event).
    await forgetEventsBefore(trx, "lead.received", cutoff);
    const result = await trx.deleteFrom("leads").where("updated_at", "<", cutoff).executeTakeFirst();
    return Number(result.numDeletedRows ?? 0);
  });
  // Their outbox e-mails expire by age (`pruneOutbox`); the write-ahead log is folded in now.
  if (deleted > 0) await checkpointAfterErasure(target);
  return deleted;
}
