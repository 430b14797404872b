/**
 * The complaints register's French labels and pure rules, without zod: the screens import them
 * (docs/decisions/0005-zod-out-of-public-bundles.md). Register of Qualiopi indicator 31
 * (docs/legal/complaints.md, docs/decisions/0035-complaints-register.md).
 */
import { formatDate } from "~/platform/format";
import { addWorkingDays, workingDaysBetween } from "~/platform/working-days";

export const COMPLAINT_STATUSES = ["recue", "en_cours", "repondue", "close"] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

export const COMPLAINT_STATUS_LABELS: Record<ComplaintStatus, string> = {
  recue: "Reçue",
  en_cours: "En cours",
  repondue: "Répondue",
  close: "Close",
};

export function isComplaintStatus(value: string): value is ComplaintStatus {
  return (COMPLAINT_STATUSES as readonly string[]).includes(value);
}

export const COMPLAINT_SOURCES = ["contact", "espace-client", "espace-stagiaire"] as const;
export type ComplaintSource = (typeof COMPLAINT_SOURCES)[number];

export const COMPLAINT_SOURCE_LABELS: Record<ComplaintSource, string> = {
  contact: "Formulaire de contact",
  "espace-client": "Espace client",
  "espace-stagiaire": "Espace stagiaire",
};

export function complaintSourceLabel(source: string): string {
  return COMPLAINT_SOURCE_LABELS[source as ComplaintSource] ?? source;
}

/** The contact form's subject that makes a message a complaint (app/domain/leads/labels.ts lists it). */
export const COMPLAINT_CONTACT_SUBJECT = "reclamation";

/** The series of the yearly numbering (app/platform/db/sequences.server.ts) and the references' prefix. */
export const COMPLAINT_SERIES = "reclamation";

/** « REC-2026-0007 »: one sequence per year, like the training documents. */
export function complaintReference(year: number, rank: number): string {
  return `REC-${year}-${String(rank).padStart(4, "0")}`;
}

/**
 * The answer delay the register checks, in working days (« jours ouvrés »), until an admin saves
 * another: the site's own commitment, « une réponse écrite à chaque réclamation, dans un délai de
 * quinze jours ouvrés » (docs/legal/complaints.md).
 */
export const DEFAULT_ANSWER_DELAY_DAYS = 15;

/** Where a complaint stands against its answer delay, as the register shows it. */
export interface ComplaintDelay {
  /** The last day of the delay (a day in Paris). */
  dueOn: string;
  /** Working days from receipt to the answer, or to today while unanswered. */
  workingDays: number;
  answered: boolean;
  /** Unanswered with the delay passed, or answered after it. */
  late: boolean;
}

/** Days are calendar days in Paris (« 2026-12-02 »). */
export function complaintDelay(
  { receivedOn, answeredOn }: { receivedOn: string; answeredOn: string | null },
  today: string,
  delayDays: number,
): ComplaintDelay {
  const dueOn = addWorkingDays(receivedOn, delayDays);
  const end = answeredOn ?? today;
  return { dueOn, workingDays: workingDaysBetween(receivedOn, end), answered: answeredOn !== null, late: end > dueOn };
}

/** « 3 jours ouvrés », « 1 jour ouvré », « le jour même ». */
export function workingDaysLabel(n: number): string {
  if (n === 0) return "le jour même";
  return n === 1 ? "1\u00a0jour ouvré" : `${n}\u00a0jours ouvrés`;
}

/** How the register says where a complaint stands against its delay (one sentence, French spacing). */
export function delayText(row: { status: ComplaintStatus; delay: ComplaintDelay; overdue: boolean }): string {
  const { delay } = row;
  if (delay.answered) {
    const when = delay.workingDays === 0 ? "le jour même" : `en ${workingDaysLabel(delay.workingDays)}`;
    return `Répondue ${when}${delay.late ? ", après le délai" : ""}`;
  }
  if (row.status === "close") return "Close sans réponse écrite";
  if (row.overdue) return `Sans réponse depuis ${workingDaysLabel(delay.workingDays)}\u00a0: délai échu le ${formatDate(delay.dueOn)}`;
  return `Réponse attendue au plus tard le ${formatDate(delay.dueOn)}`;
}

/** The fields of the admin's forms and the space's form, in French. */
export const COMPLAINT_FIELD_LABELS = {
  answer: "Réponse écrite",
  correctiveAction: "Action corrective décidée",
  inscription: "Formation concernée",
  message: "Votre réclamation",
  answerDelayDays: "Délai de réponse",
};
