import { attendedHalfDays } from "~/domain/attendance/attendance.server";
import { attendanceProof, type ProofHalfDay } from "~/domain/attendance/sheet.server";
import { getFormationById } from "~/domain/formations/formations.server";
import { MODALITY_LABELS, type VatMode } from "~/domain/formations/labels";
import type { Formation } from "~/domain/formations/model";
import { fundingText } from "~/domain/registrations/labels";
import { getSession, placeOf, type RegistrationSession } from "~/domain/registrations/sessions.server";
import type { DocumentClauses } from "~/domain/settings/document-clauses";
import type { Organisation } from "~/domain/settings/model";
import { getDocumentClauses, getOrganisation } from "~/domain/settings/settings.server";
import { TRAINER_STATUSES, halfDayTimes, type TrainerStatus } from "~/domain/trainers/model";
import { documentTrainers, trainerAssignment } from "~/domain/trainers/trainers.server";
import { db, type Db } from "~/platform/db/db.server";
import { formatDayRange, formatDays, formatHours, formatTimeRange } from "~/platform/format";
import { imageForPdf } from "~/platform/pdf/image.server";
import { storage } from "~/platform/storage/storage.server";
import { halfDayLabel, sessionHalfDays } from "./model";

/**
 * What a document is made from, read once: the organisation (settings), its clauses, the formation
 * (its Qualiopi fields), the session and, for the documents of a registration, the registration
 * and its trainees with their attendance.
 */
export interface Trainee {
  id: string;
  registrationId: string;
  firstName: string;
  lastName: string;
  email: string;
  jobTitle: string;
  halfDays: string[];
  result: string;
}

export interface RegistrationData {
  id: string;
  reference: string;
  buyerKind: "entreprise" | "particulier";
  companyName: string;
  siret: string;
  address: string;
  contactName: string;
  contactEmail: string;
  funding: string;
  seats: number;
  trainees: Trainee[];
}

export interface SessionData {
  id: string;
  datesLabel: string;
  hours: string;
  place: string;
  startDate: string;
  endDate: string;
  halfDays: string[];
  /** The daily hours (`09:00`, `17:00`): a half-day's own hours are halves of them. */
  dayStart: string;
  dayEnd: string;
  disabilityContact: string;
  /** The trainers assigned (app/domain/trainers): name, quality and the half-days each teaches; empty when none. */
  trainers: Array<{ name: string; quality: string; halfDays: string[] }>;
}

export interface FormationData {
  title: string;
  objectives: string[];
  program: Array<{ title: string; content: string; durationHours: number }>;
  duration: string;
  durationHours: number;
  modality: string;
  prerequisites: string;
  audience: string;
  teachingMethods: string;
  evaluationMethods: string;
  /** The price per trainee as entered, and whether it is HT, TTC or exempt of VAT (the formation's VAT mode). */
  priceInter: number | null;
  vatMode: VatMode;
  contact: string;
}

export interface SourceData {
  organisation: Organisation;
  clauses: DocumentClauses;
  logo: Buffer | undefined;
  formation: FormationData;
  session: SessionData;
  /** What was signed online, per half-day (app/domain/attendance): printed in the attendance sheet. */
  attendance?: Record<string, ProofHalfDay>;
}

/** Markdown as the plain text a PDF prints (titles, emphasis and links reduced to their words). */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/\*\*|__|\*|_(?=\S)|(?<=\S)_/g, "")
    .replace(/\[([^\]]+)\]\([^)]+\)/g, "$1")
    .replace(/^\s*[-*+]\s+/gm, "• ")
    .trim();
}

export function formationData(f: Formation): FormationData {
  return {
    title: f.title,
    objectives: f.objectives,
    program: f.program.map((m) => ({ title: m.title, content: plainText(m.content), durationHours: Number(m.durationHours) })),
    duration: `${formatHours(f.durationHours)} (${formatDays(f.durationDays)})`,
    durationHours: f.durationHours,
    modality: MODALITY_LABELS[f.modality] ?? f.modality,
    prerequisites: plainText(f.prerequisites) || "Aucun prérequis.",
    audience: plainText(f.audience),
    teachingMethods: plainText(f.teachingMethods),
    evaluationMethods: plainText(f.evaluationMethods),
    priceInter: f.priceInter,
    vatMode: f.vatMode,
    contact: [f.contactName, f.contactEmail, f.contactPhone].filter(Boolean).join(", "),
  };
}

function sessionData(s: RegistrationSession, trainers: SessionData["trainers"]): SessionData {
  return {
    id: s.id,
    datesLabel: formatDayRange(s.startDate, s.endDate),
    hours: formatTimeRange(s.dayStart, s.dayEnd),
    place: placeOf(s),
    startDate: s.startDate,
    endDate: s.endDate,
    halfDays: sessionHalfDays(s.startDate, s.endDate),
    dayStart: s.dayStart,
    dayEnd: s.dayEnd,
    disabilityContact: [s.disabilityContactName, s.disabilityContactEmail].filter(Boolean).join(", "),
    trainers,
  };
}

export async function logoOf(o: Organisation): Promise<Buffer | undefined> {
  const key = o.logoUrl.replace(/^\/uploads\//, "");
  if (!key) return undefined;
  return imageForPdf(await storage().get(key));
}

/** The organisation, formation and session of a session's documents, or null when the session is gone. */
export async function loadSource(sessionId: string, target: Db = db()): Promise<SourceData | null> {
  const session = await getSession(sessionId, target);
  if (!session) return null;
  const formation = await getFormationById(session.formationId, target);
  if (!formation) return null;
  const organisation = await getOrganisation(target);
  return {
    organisation,
    clauses: (await getDocumentClauses(target)).values,
    logo: await logoOf(organisation),
    formation: formationData(formation),
    session: sessionData(session, await documentTrainers(sessionId, target)),
    attendance: await attendanceProof(sessionId, target),
  };
}

/** The registrations holding seats on a session (received or confirmed), with trainees and attendance. */
export async function loadRegistrations(sessionId: string, target: Db = db(), only?: string): Promise<RegistrationData[]> {
  let q = target.selectFrom("registrations").selectAll().where("session_id", "=", sessionId).where("status", "in", ["recue", "confirmee"]);
  if (only) q = q.where("id", "=", only);
  const rows = await q.orderBy("created_at").execute();
  if (!rows.length) return [];
  const trainees = await target
    .selectFrom("registration_trainees as t")
    .leftJoin("session_attendance as a", "a.trainee_id", "t.id")
    .select(["t.id", "t.registration_id", "t.first_name", "t.last_name", "t.email", "t.job_title", "a.half_days", "a.result"])
    .where(
      "t.registration_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("t.position")
    .execute();
  // The half-days attended: signed and countersigned online, else (never handled online) staff's boxes.
  const attended = await attendedHalfDays(
    sessionId,
    new Map(trainees.map((t) => [t.id, t.half_days ? (JSON.parse(t.half_days) as string[]) : []])),
    target,
  );
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    buyerKind: r.buyer_kind === "particulier" ? "particulier" : "entreprise",
    companyName: r.company_name,
    siret: r.siret,
    address: `${r.street}, ${r.postal_code} ${r.city}`,
    contactName: r.contact_name,
    contactEmail: r.contact_email,
    funding: fundingText(r.funding, r.opco),
    seats: Number(r.seats),
    trainees: trainees
      .filter((t) => t.registration_id === r.id)
      .map((t) => ({
        id: t.id,
        registrationId: r.id,
        firstName: t.first_name,
        lastName: t.last_name,
        email: t.email,
        jobTitle: t.job_title,
        halfDays: attended.get(t.id) ?? [],
        result: t.result ?? "",
      })),
  }));
}

/** The hours a trainee attended: the formation's hours shared equally between the session's half-days. */
export function hoursAttended(source: SourceData, trainee: Trainee): number {
  const total = source.session.halfDays.length;
  if (!total) return 0;
  const attended = trainee.halfDays.filter((h) => source.session.halfDays.includes(h)).length;
  return Math.round(((source.formation.durationHours * attended) / total) * 10) / 10;
}

/**
 * A trainer's assignment to the session, as their lettre de mission or contrat de sous-traitance
 * prints it (docs/legal/trainers.md): who they are, the half-days with their hours, the hours of
 * teaching (the formation's hours shared equally between the session's half-days, as the
 * attendance counts them) and the session's other trainers.
 */
export interface MissionData {
  trainer: {
    id: string;
    name: string;
    email: string;
    phone: string;
    status: TrainerStatus;
    statusLabel: string;
    companyName: string;
    siret: string;
    nda: string;
    qualifications: string[];
  };
  halfDays: Array<{ value: string; label: string; hours: string }>;
  hours: number;
  complete: boolean;
  others: string[];
}

/** The assignment of a trainer to the source's session, or null when they teach none of its half-days. */
export async function loadMission(source: SourceData, trainerId: string, target: Db = db()): Promise<MissionData | null> {
  const assignment = await trainerAssignment(source.session.id, trainerId, target);
  if (!assignment) return null;
  const { trainer: t, halfDays, complete, others } = assignment;
  const total = source.session.halfDays.length || 1;
  return {
    trainer: {
      id: t.id,
      name: t.name,
      email: t.email,
      phone: t.phone,
      status: t.status,
      statusLabel: TRAINER_STATUSES[t.status],
      companyName: t.companyName,
      siret: t.siret,
      nda: t.nda,
      qualifications: t.qualifications,
    },
    halfDays: halfDays.map((h) => {
      const [start, end] = halfDayTimes(h.slice(11), source.session.dayStart, source.session.dayEnd);
      return { value: h, label: halfDayLabel(h), hours: formatTimeRange(start, end) };
    }),
    hours: Math.round(((source.formation.durationHours * halfDays.length) / total) * 10) / 10,
    complete,
    others,
  };
}
