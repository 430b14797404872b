import { randomInt, randomUUID } from "node:crypto";
import { emitEvent, forgetEventsAbout, forgetEventsBefore } from "~/domain/webhooks/webhooks.server";
import { deLabel } from "~/ui/french";
import { sql, type Selectable } from "kysely";
import { recordAudit } from "~/domain/audit/audit.server";
import { complaintOfLead, detachLeads, receiveComplaint } from "~/domain/complaints/complaints.server";
import { COMPLAINT_CONTACT_SUBJECT } from "~/domain/complaints/labels";
import type { DashboardFigure } from "~/platform/admin/dashboard";
import { getOrganisation, organisationPhone, staffAddress } from "~/domain/settings/settings.server";
import { config } from "~/platform/config.server";
import { db, nowIso, type Db } from "~/platform/db/db.server";
import type { LeadsTable } from "~/platform/db/schema";
import { log } from "~/platform/log.server";
import { resolveFormations } from "./catalogue.server";
import { staffNotification, visitorAcknowledgement, type LeadForMail, type MailContext } from "./mail-content.server";
import {
  enqueueMail,
  enqueueVisitorMail,
  PERSON_CAPS,
  requeueMail,
  signalMailQueued,
  withinRecipientCaps,
} from "~/platform/email/queue.server";
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
  contactSchema,
  quoteSchema,
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
import { csvText, toCsv } from "~/platform/csv";
import type { IntakeOutcome } from "~/platform/intake/outcome";
import {
  replaySpooled,
  spooledCount,
  submitPublicForm,
  type IntakeContext,
  type PublicForm,
  type Submission,
} from "~/platform/intake/pipeline.server";
import type { Actor } from "~/platform/db/actor";
import { isUniqueViolation } from "~/platform/db/errors";
import { checkpointAfterErasure, eraseCopies } from "~/platform/privacy/erasure.server";
import type { SpoolEntry } from "~/platform/spool/spool.server";
import { formatDateTimeShort } from "~/platform/format";
import { escapeLike } from "~/platform/db/dialect";
import { listPage } from "~/platform/db/pages";

// ---------------------------------------------------------------------------------------------
// Submission
// ---------------------------------------------------------------------------------------------

/** What the visitor is answered for a stored (or spooled) request. */
export interface LeadAnswer {
  reference: string;
  leadId: string;
}

export type SubmitResult = IntakeOutcome<LeadAnswer, FormValues>;

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** "DEV-2611-7KQ3PX" (quote) or "MSG-2611-…" (message): kind, year and month, six random characters. */
export function newReference(kind: LeadKind, now = Date.now()): string {
  const d = new Date(now);
  const yymm = `${String(d.getUTCFullYear()).slice(2)}${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  let suffix = "";
  for (let i = 0; i < 6; i++) suffix += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${kind === "devis" ? "DEV" : "MSG"}-${yymm}-${suffix}`;
}

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

/** What the spool keeps of a lead the database refused: enough to store it later as if received then. */
export interface SpooledLead extends Submission {
  kind: LeadKind;
  data: QuoteInput | ContactInput;
}

async function leadByToken(target: Db, token: string): Promise<LeadAnswer | undefined> {
  const row = await target.selectFrom("leads").select(["id", "reference"]).where("form_token", "=", token).executeTakeFirst();
  return row && { reference: row.reference, leadId: row.id };
}

/** The spool's kind for leads (one folder under DATA_DIR/spool), both forms together. */
export const LEAD_SPOOL_KIND = "leads";

function leadForm<Schema extends typeof quoteSchema | typeof contactSchema>(kind: LeadKind, schema: Schema) {
  return {
    name: kind,
    logName: "Demande",
    schema,
    read: (form: FormData) => readFormValues(form, fieldsFor(kind)),
    phone: organisationPhone,
    spoolKind: LEAD_SPOOL_KIND,
    submission: (data: QuoteInput | ContactInput, token: string, receivedAt: number): SpooledLead => ({ kind, data, token, receivedAt }),
    findByToken: leadByToken,
    store: (target: Db, lead: SpooledLead) => storeLead(target, lead),
    plan: (lead: SpooledLead) => ({ id: randomUUID(), reference: newReference(lead.kind, lead.receivedAt) }),
    spooledAnswer: (lead: SpooledLead & { id: string; reference: string }): LeadAnswer => ({ reference: lead.reference, leadId: lead.id }),
    unavailableMessage: `Votre ${kind === "devis" ? "demande" : "message"} n'a pas été envoyé${kind === "devis" ? "e" : ""}\u00a0: notre site rencontre un incident technique et n'a rien pu enregistrer. Vos informations sont conservées ci-dessous\u00a0: renvoyez le formulaire dans quelques minutes.`,
  } satisfies PublicForm<Schema, SpooledLead, LeadAnswer, undefined, FormValues>;
}

/** The quote and contact forms, for the intake pipeline (app/platform/intake/pipeline.server.ts). */
export const LEAD_FORMS = { devis: leadForm("devis", quoteSchema), contact: leadForm("contact", contactSchema) };

/**
 * Stores a quote request or a contact message, then queues its two e-mails (notification to the
 * staff, acknowledgement to the visitor) in the same transaction: the request is stored before
 * any mail is attempted, and a mail can never be lost. Anti-spam, limit, spool and idempotency:
 * the intake pipeline (app/platform/intake/pipeline.server.ts).
 */
export function submitLead(kind: LeadKind, form: FormData, ctx: IntakeContext): Promise<SubmitResult> {
  return submitPublicForm<typeof quoteSchema | typeof contactSchema, SpooledLead, LeadAnswer, undefined, FormValues>(
    LEAD_FORMS[kind],
    form,
    ctx,
  );
}

/**
 * Stores a spooled lead (the job runner, once the database answers again), as if received then.
 * Idempotent by the form token.
 */
export async function replaySpooledLead(entry: SpoolEntry, target: Db = db()): Promise<void> {
  await replaySpooled(LEAD_FORMS.devis, entry, (lead: SpooledLead, t) => storeLead(t, lead), target);
}

/** Requests of one kind waiting in this instance's spool (the admin list shows the figure). */
export function spooledLeadCount(kind: LeadKind): number {
  return spooledCount<SpooledLead>(LEAD_FORMS[kind], (lead) => lead.kind === kind);
}

/**
 * Inserts the lead and queues its two e-mails (notification to the staff, acknowledgement to the
 * visitor) in one transaction. The same form token stored already answers with that lead.
 */
async function storeLead(target: Db, lead: SpooledLead): Promise<LeadAnswer & { duplicate: boolean }> {
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
        // « Réclamation »: the message is registered in the complaints register too, in this transaction
        // (its number, acknowledgement and staff notice are the register's, instead of the message's).
        // A message replayed from the spool comes here as well, with its arrival time.
        if (isComplaint(kind, data)) {
          const complaint = await receiveComplaint(trx, {
            source: "contact",
            name: row.name,
            email: row.email,
            phone: row.phone,
            message: row.message,
            leadId: row.id,
            receivedAt: lead.receivedAt,
          });
          log.info("Message de contact enregistré comme réclamation", { reference: row.reference, complaint: complaint.reference });
          return;
        }
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
      return { reference: row.reference, leadId: row.id, duplicate: false };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
      // Either the same form was sent twice at the same moment, or (very rarely) the reference exists.
      const same = await target.selectFrom("leads").select(["id", "reference"]).where("form_token", "=", token).executeTakeFirst();
      if (same) return { reference: same.reference, leadId: same.id, duplicate: true };
    }
  }
}

/** A contact message whose subject is « Réclamation » (it goes to the complaints register). */
function isComplaint(kind: LeadKind, data: QuoteInput | ContactInput): boolean {
  return kind === "contact" && (data as ContactInput).sujet === COMPLAINT_CONTACT_SUBJECT;
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
  const spooled = spooledCount(LEAD_FORMS.devis);
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
  const { rows, total, page, pageCount } = await listPage(query, filter.page, LEADS_PAGE_SIZE, (q) =>
    q.selectAll().orderBy("created_at", "desc").orderBy("id", "desc"),
  );
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
  const [notes, mails, complaint] = await Promise.all([
    target.selectFrom("lead_notes").selectAll().where("lead_id", "=", id).orderBy("created_at", "desc").orderBy("id").execute(),
    target.selectFrom("mail_queue").selectAll().where("lead_id", "=", id).orderBy("created_at").orderBy("purpose", "desc").execute(),
    complaintOfLead(id, target),
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
    complaint,
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
    // A complaint it came with stays in the register (erased there on its own): without the link.
    await detachLeads(trx, [id]);
    // A devis signed from it stays (its proof: a contract record, docs/legal/signature.md), without
    // the link; one never signed goes with the request (its signers and codes by ON DELETE CASCADE).
    await trx.deleteFrom("signature_requests").where("lead_id", "=", id).where("state", "not in", ["signe", "hors_plateforme"]).execute();
    await trx.updateTable("signature_requests").set({ lead_id: null }).where("lead_id", "=", id).execute();
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
// CSV export (app/platform/csv.ts: what Excel in French opens as is)
// ---------------------------------------------------------------------------------------------

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
        formatDateTimeShort(r.created_at),
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
      formatDateTimeShort(r.created_at),
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
    await detachLeads(trx, expired);
    // The webhook events that carried them (a lead's last activity is never older than its event).
    await forgetEventsBefore(trx, "lead.received", cutoff);
    const result = await trx.deleteFrom("leads").where("updated_at", "<", cutoff).executeTakeFirst();
    return Number(result.numDeletedRows ?? 0);
  });
  // Their outbox e-mails expire by age (`pruneOutbox`); the write-ahead log is folded in now.
  if (deleted > 0) await checkpointAfterErasure(target);
  return deleted;
}
