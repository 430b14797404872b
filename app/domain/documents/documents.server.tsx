import { randomUUID } from "node:crypto";
import { personalSigningUrl } from "~/domain/attendance/attendance.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { convocationMailFor } from "~/domain/registrations/admin.server";
import { contactSpaceLine, traineeSpaceLine } from "~/domain/registrations/space-links";
import { getTrainer } from "~/domain/trainers/trainers.server";
import { config } from "~/platform/config.server";
import { enqueueMail, signalMailQueued } from "~/platform/email/queue.server";
import type { Actor } from "~/platform/db/actor";
import { db, type Db } from "~/platform/db/db.server";
import { formatDate } from "~/platform/format";
import type { FailureKind } from "~/platform/validation/errors";
import { parisCalendarDay } from "~/platform/intl";
import { storage } from "~/platform/storage/storage.server";
import {
  loadMission,
  loadRegistrations,
  loadSource,
  type MissionData,
  type RegistrationData,
  type SourceData,
  type Trainee,
} from "./data.server";
import { documentLink } from "./links.server";
import { KIND_LABELS, LINK_DAYS, isTrainerKind, type DocumentKind } from "./model";
import { allocateNumber, nextNumber } from "./numbering.server";
import { DEMO_SOURCE_REGISTRATION, demoSource } from "./preview";
import { renderDocumentPdf, type PdfJob } from "./pdf/render.server";
import type { Issue } from "./pdf/templates.server";

/**
 * Generating, storing, listing and sending training documents. A document is made from a
 * registration (convention or contract, convocations, certificates) or from a session (the
 * attendance sheet); it is numbered, rendered and stored in one transaction (numbering.server.ts),
 * and a new version marks the previous one « remplacé ».
 */

export interface GenerateRequest {
  kind: DocumentKind;
  sessionId: string;
  registrationId?: string;
  traineeId?: string;
  /** A lettre de mission or a contrat de sous-traitance: the trainer assigned to the session. */
  trainerId?: string;
}

export type GenerateResult = { ok: true; id: string; number: string } | { ok: false; kind: FailureKind; error: string };

interface Prepared {
  subjectKey: string;
  registrationId: string | null;
  traineeId: string | null;
  trainerId: string | null;
  filename: string;
  job: (issue: Issue) => PdfJob;
}

const refuse = (kind: FailureKind, error: string) => ({ ok: false as const, kind, error });

function safeName(s: string): string {
  return (
    s
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "document"
  );
}

/**
 * A trainer's document of the session: the lettre de mission of a salaried trainer, the contrat de
 * sous-traitance of an external one; one subject per session and trainer, whichever it is, so a
 * new version replaces the previous one even when the trainer's status changed meanwhile.
 */
function prepareMission(req: GenerateRequest, source: SourceData, mission: MissionData | null): Prepared | ReturnType<typeof refuse> {
  if (!mission) return refuse("not-found", "Ce formateur n'est affecté à aucune demi-journée de cette session.");
  const external = mission.trainer.status !== "interne";
  if (req.kind === "mission" && external)
    return refuse("conflict", `${mission.trainer.name} est un formateur externe\u00a0: générez un contrat de sous-traitance.`);
  if (req.kind === "sous-traitance" && !external)
    return refuse("conflict", `${mission.trainer.name} est salarié de l'organisme\u00a0: générez une lettre de mission.`);
  return {
    subjectKey: `formateur:${req.sessionId}:${mission.trainer.id}`,
    registrationId: null,
    traineeId: null,
    trainerId: mission.trainer.id,
    filename: `${req.kind === "mission" ? "lettre-de-mission" : "contrat-de-sous-traitance"}-${safeName(mission.trainer.name)}`,
    job: (issue) => ({ template: external ? "SubcontractingContract" : "MissionLetter", props: { source, mission, issue } }),
  };
}

/** What the request makes, or why it cannot be made (a convention for an individual, a certificate before the end…). */
function prepare(
  req: GenerateRequest,
  source: SourceData,
  regs: RegistrationData[],
  today: string,
  mission: MissionData | null = null,
): Prepared | ReturnType<typeof refuse> {
  if (isTrainerKind(req.kind)) return prepareMission(req, source, mission);
  if (req.kind === "emargement") {
    const count = regs.reduce((n, r) => n + r.trainees.length, 0);
    if (!count) return refuse("conflict", "Aucun stagiaire inscrit sur cette session.");
    return {
      subjectKey: `emargement:${req.sessionId}`,
      registrationId: null,
      traineeId: null,
      trainerId: null,
      filename: "feuille-emargement",
      job: (issue) => ({ template: "AttendanceSheet", props: { source, registrations: regs, issue } }),
    };
  }
  const r = regs.find((x) => x.id === req.registrationId);
  if (!r) return refuse("not-found", "Cette inscription n'existe pas sur cette session (ou elle est annulée).");
  if (req.kind === "convention" || req.kind === "contrat") {
    if (req.kind === "convention" && r.buyerKind !== "entreprise")
      return refuse("conflict", "Cette inscription est celle d'un particulier : générez un contrat de formation.");
    if (req.kind === "contrat" && r.buyerKind !== "particulier")
      return refuse("conflict", "Cette inscription est celle d'une entreprise : générez une convention de formation.");
    return {
      subjectKey: `${req.kind}:${r.id}`,
      registrationId: r.id,
      traineeId: null,
      trainerId: null,
      filename: `${req.kind}-${safeName(r.companyName || r.contactName)}`,
      job: (issue) => ({ template: req.kind === "convention" ? "Convention" : "Contract", props: { source, r, issue } }),
    };
  }
  const t: Trainee | undefined = r.trainees.find((x) => x.id === req.traineeId);
  if (!t) return refuse("not-found", "Ce stagiaire n'est pas dans cette inscription.");
  if (req.kind === "certificat") {
    if (today < source.session.endDate) return refuse("conflict", "Les certificats se font après le dernier jour de la session.");
    if (!t.result) return refuse("conflict", `Indiquez d'abord la présence et le résultat de ${t.firstName} ${t.lastName}.`);
  }
  return {
    subjectKey: `${req.kind}:${t.id}`,
    registrationId: r.id,
    traineeId: t.id,
    trainerId: null,
    filename: `${req.kind}-${safeName(`${t.firstName}-${t.lastName}`)}`,
    job: (issue) => ({ template: req.kind === "certificat" ? "Certificate" : "Convocation", props: { source, r, t, issue } }),
  };
}

/**
 * Where a document's file is stored: `documents/<year>/<written at, ms>-<id>.pdf`. The time in the
 * key tells housekeeping how old a file without a row is, whatever the storage (folder or S3).
 */
export function documentKey(year: number, id: string, writtenAt: number): string {
  return `documents/${year}/${writtenAt}-${id}.pdf`;
}

function issuedOnLabel(now: number): string {
  return formatDate(new Date(now));
}

/** Rendered with a number that another instance took first: rendered again with the next one. */
class NumberTaken extends Error {}

/** Renders made with the number expected before one is rendered inside the numbering transaction. */
const OPTIMISTIC_ATTEMPTS = 4;

/**
 * Generates one document, outside any transaction for the long part (docs/decisions/0016):
 *
 * 1. the PDF is rendered in a worker thread with the number the sequence gives next (read, not taken);
 * 2. the file is written to the storage under a key of its own (at worst, after a crash, a file
 *    without a row: housekeeping removes it after an hour, `pruneOrphanDocumentFiles`);
 * 3. a short transaction takes the number, checks it is the one printed, writes the row, marks the
 *    previous version replaced, records the audit and the caller's work (`alsoInTransaction`).
 *
 * If another instance took that number meanwhile, the transaction rolls back (the number with it),
 * the file is deleted and the PDF rendered again with the next one; after a few such races, the
 * number is taken first and the PDF rendered inside the transaction. A number is only ever used by
 * a committed row: no gap, no duplicate. `source` and `regs` may be passed by a batch.
 */
export async function generateDocument(
  req: GenerateRequest,
  {
    actor,
    target = db(),
    now = Date.now(),
    preloaded,
    alsoInTransaction,
  }: {
    actor: Actor;
    target?: Db;
    now?: number;
    preloaded?: { source: SourceData; regs: RegistrationData[] };
    /** More work committed with the document or not at all (a batch: the mail, the job's progress). */
    alsoInTransaction?: (trx: Db, id: string) => Promise<void>;
  },
): Promise<GenerateResult> {
  const source = preloaded?.source ?? (await loadSource(req.sessionId, target));
  if (!source) return refuse("not-found", "Cette session n'existe pas.");
  const regs = preloaded?.regs ?? (await loadRegistrations(req.sessionId, target));
  const today = parisCalendarDay(new Date(now));
  const mission = isTrainerKind(req.kind) ? await loadMission(source, req.trainerId ?? "", target) : null;
  const prepared = prepare(req, source, regs, today, mission);
  if ("ok" in prepared) return prepared;
  return storeNumberedDocument({
    kind: req.kind,
    year: Number(today.slice(0, 4)),
    subjectKey: prepared.subjectKey,
    sessionId: req.sessionId,
    registrationId: prepared.registrationId,
    traineeId: prepared.traineeId,
    trainerId: prepared.trainerId,
    filename: prepared.filename,
    render: (number) => renderDocumentPdf(prepared.job({ number, issuedOn: issuedOnLabel(now) })),
    actor,
    target,
    now,
    alsoInTransaction,
  });
}

/** What `storeNumberedDocument` numbers, renders and stores. */
export interface NumberedDocument {
  kind: DocumentKind;
  year: number;
  /** The versions of one document share it (`convention:<registration>`, `devis:<lead>`). */
  subjectKey: string;
  sessionId: string;
  registrationId: string | null;
  traineeId: string | null;
  trainerId: string | null;
  filename: string;
  /** The PDF with this number. */
  render: (number: string) => Promise<Buffer>;
  actor: Actor;
  target: Db;
  now: number;
  alsoInTransaction?: (trx: Db, id: string) => Promise<void>;
}

/**
 * The document path's one way of numbering, storing and recording a document (see
 * `generateDocument`): rendered with the number expected, written to the storage, then recorded
 * in a short transaction that takes the number; a new version of a signed document is refused.
 */
export async function storeNumberedDocument(d: NumberedDocument): Promise<GenerateResult> {
  const { actor, target, now, alsoInTransaction, year, render } = d;
  const signed = await target
    .selectFrom("documents")
    .select("number")
    .where("subject_key", "=", d.subjectKey)
    .where("state", "=", "actif")
    .where("signed_at", "is not", null)
    .executeTakeFirst();
  if (signed) return refuse("conflict", `Le document ${signed.number} est signé\u00a0: il ne peut plus être modifié ni remplacé.`);
  const id = randomUUID();
  const key = documentKey(year, id, Date.now());
  const iso = new Date(now).toISOString();
  const prepared = d;
  const req = { kind: d.kind, sessionId: d.sessionId };

  const record = async (trx: Db, number: string, size: number) => {
    const last = await trx
      .selectFrom("documents")
      .select((eb) => eb.fn.max("version").as("v"))
      .where("subject_key", "=", prepared.subjectKey)
      .executeTakeFirst();
    await trx
      .updateTable("documents")
      .set({ state: "remplace" })
      .where("subject_key", "=", prepared.subjectKey)
      .where("state", "=", "actif")
      .execute();
    await trx
      .insertInto("documents")
      .values({
        id,
        number,
        kind: req.kind,
        subject_key: prepared.subjectKey,
        session_id: req.sessionId,
        registration_id: prepared.registrationId,
        trainee_id: prepared.traineeId,
        trainer_id: prepared.trainerId,
        version: Number(last?.v ?? 0) + 1,
        state: "actif",
        storage_key: key,
        filename: `${number}-${prepared.filename}.pdf`,
        size,
        created_by: actor.email,
        created_at: iso,
      })
      .execute();
    await recordAudit(trx, {
      actor,
      action: "create",
      entity: "document",
      entityId: id,
      summary: `${KIND_LABELS[req.kind]} ${number} générée.`,
    });
    await alsoInTransaction?.(trx, id);
  };

  for (let attempt = 1; attempt <= OPTIMISTIC_ATTEMPTS; attempt++) {
    const expected = await nextNumber(target, req.kind, year);
    const pdf = await render(expected);
    await storage().put(key, pdf, "application/pdf");
    try {
      await target.transaction().execute(async (trx) => {
        const number = await allocateNumber(trx, req.kind, year);
        if (number !== expected) throw new NumberTaken(number);
        await record(trx, number, pdf.length);
      });
      return { ok: true, id, number: expected };
    } catch (error) {
      // The row was not written: the file goes (if this fails too, housekeeping removes it).
      await storage()
        .delete(key)
        .catch(() => {});
      if (!(error instanceof NumberTaken)) throw error;
    }
  }
  // Still racing another instance: the number is taken first and the PDF rendered in the
  // transaction (in the worker thread all the same), which then holds the sequence meanwhile.
  const number = await target.transaction().execute(async (trx) => {
    const number = await allocateNumber(trx, req.kind, year);
    const pdf = await render(number);
    await storage().put(key, pdf, "application/pdf");
    await record(trx, number, pdf.length);
    return number;
  });
  return { ok: true, id, number };
}

/**
 * A trainer's document of a session, from their page: the lettre de mission of a salaried trainer,
 * the contrat de sous-traitance of an external one (their status decides).
 */
export async function generateTrainerDocument(
  sessionId: string,
  trainerId: string,
  options: Parameters<typeof generateDocument>[1],
): Promise<GenerateResult> {
  const trainer = await getTrainer(trainerId, options.target ?? db());
  if (!trainer) return refuse("not-found", "Ce formateur n'existe pas ou a été supprimé.");
  return generateDocument({ kind: trainer.status === "interne" ? "mission" : "sous-traitance", sessionId, trainerId }, options);
}

/**
 * A document as it would be generated, numbered « APERÇU » and never stored (staff check it before
 * generating); refused for the same reasons as the generation.
 */
export async function previewDocument(
  req: GenerateRequest,
  { target = db(), now = Date.now() }: { target?: Db; now?: number } = {},
): Promise<{ ok: true; pdf: Buffer; filename: string } | ReturnType<typeof refuse>> {
  const source = await loadSource(req.sessionId, target);
  if (!source) return refuse("not-found", "Cette session n'existe pas.");
  const regs = await loadRegistrations(req.sessionId, target);
  const mission = isTrainerKind(req.kind) ? await loadMission(source, req.trainerId ?? "", target) : null;
  const prepared = prepare(req, source, regs, parisCalendarDay(new Date(now)), mission);
  if ("ok" in prepared) return prepared;
  const pdf = await renderDocumentPdf(prepared.job({ number: "APERÇU", issuedOn: issuedOnLabel(now) }));
  return { ok: true, pdf, filename: `apercu-${prepared.filename}.pdf` };
}

export interface DocumentRow {
  id: string;
  number: string;
  kind: DocumentKind;
  kindLabel: string;
  registrationId: string | null;
  traineeId: string | null;
  trainerId: string | null;
  sessionId: string;
  version: number;
  replaced: boolean;
  filename: string;
  createdAt: string;
  createdBy: string;
  sentTo: string;
  sentAt: string | null;
}

/** The documents of a session (all versions, newest first), of one registration, or of one trainer. */
export async function listDocuments(
  { sessionId, registrationId, trainerId }: { sessionId?: string; registrationId?: string; trainerId?: string },
  target: Db = db(),
): Promise<DocumentRow[]> {
  let q = target.selectFrom("documents").selectAll();
  if (sessionId) q = q.where("session_id", "=", sessionId);
  if (registrationId) q = q.where("registration_id", "=", registrationId);
  if (trainerId) q = q.where("trainer_id", "=", trainerId);
  const rows = await q.orderBy("created_at", "desc").orderBy("number", "desc").execute();
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    kind: r.kind as DocumentKind,
    kindLabel: KIND_LABELS[r.kind as DocumentKind] ?? r.kind,
    registrationId: r.registration_id,
    traineeId: r.trainee_id,
    trainerId: r.trainer_id,
    sessionId: r.session_id,
    version: Number(r.version),
    replaced: r.state === "remplace",
    filename: r.filename,
    createdAt: r.created_at,
    createdBy: r.created_by,
    sentTo: r.sent_to,
    sentAt: r.sent_at,
  }));
}

/** A stored document's file, for the staff route and the client's link (undefined: no such document or file). */
export async function documentFile(
  id: string,
  target: Db = db(),
): Promise<{ filename: string; body: Buffer; replaced: boolean; sessionId: string } | undefined> {
  const row = await target.selectFrom("documents").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const body = await storage().get(row.storage_key);
  if (!body) return undefined;
  return { filename: row.filename, body, replaced: row.state === "remplace", sessionId: row.session_id };
}

interface Recipient {
  email: string;
  name: string;
  /** The paying client's contact receiving a trainee's certificate: told whose it is. */
  forTrainee?: string;
}

/**
 * Whom a document goes to: the registration's contact (convention, contract), the trainee
 * (convocation); a certificate goes to the trainee and to the registration's contact when that is
 * someone else (the client who paid keeps it for the funder); a lettre de mission or a contrat de
 * sous-traitance to the trainer.
 */
async function recipientsOf(
  trx: Db,
  row: { kind: string; registration_id: string | null; trainee_id: string | null; trainer_id: string | null },
) {
  const recipients: Recipient[] = [];
  if (row.trainer_id) {
    const trainer = await trx.selectFrom("trainers").select(["email", "name"]).where("id", "=", row.trainer_id).executeTakeFirst();
    if (trainer) recipients.push({ email: trainer.email, name: trainer.name });
    return recipients;
  }
  const contact = row.registration_id
    ? await trx
        .selectFrom("registrations")
        .select(["contact_email", "contact_name"])
        .where("id", "=", row.registration_id)
        .executeTakeFirst()
    : undefined;
  if (row.trainee_id) {
    const t = await trx
      .selectFrom("registration_trainees")
      .select(["email", "first_name", "last_name"])
      .where("id", "=", row.trainee_id)
      .executeTakeFirst();
    if (!t) return recipients;
    recipients.push({ email: t.email, name: t.first_name });
    const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
    if (row.kind === "certificat" && contact?.contact_email && !same(contact.contact_email, t.email))
      recipients.push({ email: contact.contact_email, name: contact.contact_name, forTrainee: `${t.first_name} ${t.last_name}` });
    return recipients;
  }
  if (contact) recipients.push({ email: contact.contact_email, name: contact.contact_name });
  return recipients;
}

/** The convocation's personal signing link (app/domain/attendance): the trainee signs each half-day from it. */
function signingLines(row: { session_id: string; trainee_id: string | null }): string[] {
  if (!row.trainee_id) return [];
  return [
    "",
    `Émargement en ligne\u00a0: à chaque demi-journée, signez votre présence sur votre téléphone à cette adresse (ou en scannant le QR code affiché dans la salle)\u00a0: ${personalSigningUrl(row.session_id, row.trainee_id)}`,
  ];
}

/**
 * Queues the e-mail of a document (the PDF attached by reference to the stored file, and the
 * signed link valid LINK_DAYS days) to each of its recipients and records whom it was sent to, in
 * the caller's transaction.
 */
export async function queueDocumentMail(
  trx: Db,
  documentId: string,
  actor: Actor,
  now = Date.now(),
): Promise<{ ok: true; to: string } | { ok: false; error: string }> {
  const row = await trx.selectFrom("documents").selectAll().where("id", "=", documentId).executeTakeFirst();
  if (!row) return { ok: false, error: "Ce document n'existe pas." };
  if (row.state !== "actif") return { ok: false, error: "Ce document a été remplacé : envoyez la dernière version." };
  const recipients = await recipientsOf(trx, row);
  if (!recipients.length)
    return {
      ok: false,
      error: row.trainer_id
        ? "Ce formateur a été supprimé\u00a0: le document ne peut plus lui être envoyé."
        : "La feuille d'émargement reste à l'équipe : elle ne s'envoie pas par e-mail.",
    };
  const org = await trx.selectFrom("settings").select("value").where("key", "=", "organisation").executeTakeFirst();
  const orgName = org ? ((JSON.parse(org.value) as { name?: string }).name ?? "") : "";
  const label = KIND_LABELS[row.kind as DocumentKind] ?? "Document";
  const link = documentLink(row.id, now);
  const pdf = { filename: row.filename, contentType: "application/pdf", storageKey: row.storage_key };
  const download = `Vous pouvez aussi le télécharger pendant ${LINK_DAYS}\u00a0jours à cette adresse\u00a0: ${link}`;
  for (const to of recipients) {
    // The person's space keeps the document too: the contact's page of the registration, or the trainee's.
    const spaceLine = row.registration_id
      ? row.trainee_id && !to.forTrainee
        ? traineeSpaceLine(config().siteUrl, row.registration_id)
        : contactSpaceLine(config().siteUrl, row.registration_id)
      : null;
    const linkLines = [
      to.forTrainee
        ? `Vous trouverez ci-joint le document «\u00a0${label}\u00a0» n°\u00a0${row.number} de ${to.forTrainee}, à conserver notamment pour le financeur de la formation.`
        : `Vous trouverez ci-joint votre document «\u00a0${label}\u00a0» n°\u00a0${row.number}.`,
      download,
    ];
    // A convocation is the trainee's convocation e-mail (dates, place, calendar file) with its PDF.
    const convocation =
      row.kind === "convocation" && row.registration_id ? await convocationMailFor(row.registration_id, to.email, trx) : null;
    await enqueueMail(
      trx,
      convocation
        ? {
            registrationId: row.registration_id,
            purpose: "convocation",
            to: to.email,
            subject: convocation.subject,
            text: [convocation.text, "", ...linkLines, ...signingLines(row)].join("\n"),
            attachments: [pdf, convocation.calendar],
          }
        : {
            registrationId: row.registration_id,
            // mail_queue.purpose holds 20 characters: one purpose for a trainer's documents.
            purpose: isTrainerKind(row.kind) ? "document-formateur" : `document-${row.kind}`,
            to: to.email,
            subject: `${label} ${row.number}${to.forTrainee ? ` — ${to.forTrainee}` : ""}${orgName ? ` — ${orgName}` : ""}`,
            text: [`Bonjour ${to.name},`, "", ...linkLines, ...(spaceLine ? [spaceLine] : []), "", "Bien cordialement,", orgName].join(
              "\n",
            ),
            attachments: [pdf],
          },
      now,
    );
  }
  const iso = new Date(now).toISOString();
  const sent = row.sent_to ? row.sent_to.split(", ") : [];
  for (const to of recipients) if (!sent.includes(to.email)) sent.push(to.email);
  const toList = recipients.map((r) => r.email).join(", ");
  await trx
    .updateTable("documents")
    .set({ sent_to: sent.join(", "), sent_at: iso })
    .where("id", "=", row.id)
    .execute();
  await recordAudit(trx, {
    actor,
    action: "send",
    entity: "document",
    entityId: row.id,
    summary: `${label} ${row.number} envoyée à ${toList}.`,
  });
  return { ok: true, to: toList };
}

/** Staff send one document by e-mail (through the mail queue). */
export async function sendDocument(documentId: string, actor: Actor, target: Db = db(), now = Date.now()) {
  const result = await target.transaction().execute((trx) => queueDocumentMail(trx, documentId, actor, now));
  if (result.ok) signalMailQueued();
  return result;
}

/**
 * /admin/sessions/{id}/documents: staff send one document of this session; a document of another
 * session is not found, one that cannot be sent (replaced, the attendance sheet) is a conflict.
 */
export async function sendSessionDocument(
  sessionId: string,
  documentId: string,
  actor: Actor,
  target: Db = db(),
): Promise<{ ok: true; to: string } | { ok: false; kind: FailureKind; error: string }> {
  const owner = await target.selectFrom("documents").select("session_id").where("id", "=", documentId).executeTakeFirst();
  if (owner?.session_id !== sessionId) return { ok: false, kind: "not-found", error: "Ce document n'est pas sur cette session." };
  const sent = await sendDocument(documentId, actor, target);
  return sent.ok ? sent : { ...sent, kind: "conflict" };
}

/**
 * A sample convention with the organisation's identity and the clauses given (the saved ones, or
 * those being edited): the preview of the clauses settings. Numbered « APERÇU », never stored.
 */
export async function previewConvention(clauses: SourceData["clauses"], target: Db = db()): Promise<Buffer> {
  const source = await demoSource(clauses, target);
  return renderDocumentPdf({
    template: "Convention",
    props: { source, r: DEMO_SOURCE_REGISTRATION, issue: { number: "APERÇU", issuedOn: issuedOnLabel(Date.now()) } },
  });
}
