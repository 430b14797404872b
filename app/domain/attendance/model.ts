import { z } from "zod";
import { parisTimeToInstant } from "~/domain/registrations/calendar";
import { optionalText, requiredText } from "~/platform/validation/text-fields";

/**
 * Attendance signed online (docs/decisions/0033-attendance-signed-online.md): the shapes the browser
 * and the server share, the statuses and their French labels, and the signing windows (pure).
 */

/** The half-day in a link or a form: `2027-03-25-matin`, `2027-03-25-apres-midi` (« : » stays out of addresses). */
export const halfDaySlug = (halfDay: string) => halfDay.replace(":", "-");
export function halfDayFromSlug(slug: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})-(matin|apres-midi)$/.exec(slug);
  return m ? `${m[1]}:${m[2]}` : null;
}

/** What a trainer or staff record for a trainee and a half-day. */
export const ATTENDANCE_STATUSES = ["present", "absent", "retard", "depart"] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const STATUS_LABELS: Record<AttendanceStatus, string> = {
  present: "Présent",
  absent: "Absent",
  retard: "En retard",
  depart: "Parti plus tôt",
};

/** How a signature was made: the identity proof (room code, e-mail code, paper sheet) and the mark. */
export const METHOD_LABELS: Record<string, string> = {
  salle: "code affiché en salle",
  email: "code reçu par e-mail",
  papier: "feuille papier numérisée",
  formateur: "formateur",
  equipe: "équipe",
};
export const SIGNATURE_KIND_LABELS: Record<string, string> = { dessin: "signature dessinée", nom: "nom tapé" };
export const EVENT_LABELS: Record<string, string> = {
  signature: "Signature",
  statut: "Statut",
  "contre-signature": "Contre-signature",
  papier: "Feuille papier",
  connexion: "Rapport de connexion",
};

/** The organisation's rule: how long after a half-day's end its trainees may still sign. */
export const attendanceSettingsSchema = z.object({
  toleranceMinutes: z.coerce
    .number({ error: "Indiquez un nombre de minutes." })
    .int("Indiquez un nombre entier de minutes.")
    .min(0, "Le délai ne peut pas être négatif.")
    .max(720, "720\u00a0minutes (12\u00a0heures) au plus."),
});
export type AttendanceSettings = z.output<typeof attendanceSettingsSchema>;
export const DEFAULT_ATTENDANCE_SETTINGS: AttendanceSettings = { toleranceMinutes: 60 };

/**
 * How long the proofs are kept: this many full years after the end of the year the session ended in
 * (docs/legal/attendance.md: the period during which funders may check the actions they paid for).
 */
export const ATTENDANCE_RETENTION_YEARS = 6;

/** The rotating room code: a new one every ROOM_STEP_SECONDS, the previous one still accepted. */
export const ROOM_STEP_SECONDS = 30;
/** The one-time code sent by e-mail: valid this long, this many wrong tries. */
export const EMAIL_CODE_MINUTES = 10;
export const EMAIL_CODE_ATTEMPTS = 5;
/** A drawn signature: a PNG data URL of at most this many characters. */
export const MAX_SIGNATURE_CHARS = 200_000;

/**
 * The Paris wall-clock times of a half-day: the morning from the start of the day to 12:30, the
 * afternoon from 13:30 to its end; a day that does not span the lunch break is cut in its middle.
 */
export function halfDayTimes(halfDay: string, dayStart: string, dayEnd: string): { start: string; end: string } {
  const morning = halfDay.endsWith(":matin");
  if (dayStart < "12:30" && dayEnd > "13:30") return morning ? { start: dayStart, end: "12:30" } : { start: "13:30", end: dayEnd };
  const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const mid = Math.round((toMinutes(dayStart) + toMinutes(dayEnd)) / 2);
  const midText = `${String(Math.floor(mid / 60)).padStart(2, "0")}:${String(mid % 60).padStart(2, "0")}`;
  return morning ? { start: dayStart, end: midText } : { start: midText, end: dayEnd };
}

/** When trainees may sign a half-day: from its start until `toleranceMinutes` after its end (instants, ms). */
export function signingWindow(
  halfDay: string,
  day: { dayStart: string; dayEnd: string },
  toleranceMinutes: number,
): { opens: number; closes: number; start: string; end: string } {
  const date = halfDay.split(":")[0] ?? "";
  const { start, end } = halfDayTimes(halfDay, day.dayStart, day.dayEnd);
  return {
    opens: parisTimeToInstant(date, start).getTime(),
    closes: parisTimeToInstant(date, end).getTime() + toleranceMinutes * 60_000,
    start,
    end,
  };
}

/** A 6-digit code as people type it (spaces and dashes dropped). */
const codeField = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/[\s-]/g, "") : ""),
  z.string().regex(/^\d{6}$/, "Saisissez le code à 6\u00a0chiffres."),
);

/** The signing page's form (/emargement/{session}): who, which half-day, the proof and the mark. */
export const signSchema = z
  .object({
    d: z.string().regex(/^\d{4}-\d{2}-\d{2}-(matin|apres-midi)$/, "Demi-journée inconnue."),
    methode: z.enum(["salle", "email"], { error: "Choisissez comment prouver votre présence." }),
    code: codeField,
    stagiaire: z.preprocess((v) => v ?? "", z.string().max(64)),
    t: z.preprocess((v) => v ?? "", z.string().max(200)),
    email: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().max(254)),
    signature: z.preprocess((v) => v ?? "", z.string().max(MAX_SIGNATURE_CHARS, "La signature dessinée est trop grande.")),
    nom: optionalText("Le nom", 120),
  })
  .refine((v) => v.signature !== "" || v.nom !== "", {
    path: ["nom"],
    message: "Signez dans le cadre, ou tapez votre prénom et votre nom.",
  });
export type SignInput = z.output<typeof signSchema>;

/** Asking for the e-mail code: the trainee is known by their link, their space, or the address they type. */
export const emailCodeSchema = z.object({
  d: z.string().regex(/^\d{4}-\d{2}-\d{2}-(matin|apres-midi)$/, "Demi-journée inconnue."),
  t: z.preprocess((v) => v ?? "", z.string().max(200)),
  email: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : ""),
    z.string().max(254, "L'adresse e-mail ne peut pas dépasser 254\u00a0caractères."),
  ),
});

/** A trainer or staff set a trainee's status for a half-day (a reason when known; required for a correction). */
export const markSchema = z.object({
  d: z.string().regex(/^\d{4}-\d{2}-\d{2}-(matin|apres-midi)$/, "Demi-journée inconnue."),
  stagiaire: z.string().trim().min(1, "Stagiaire manquant."),
  statut: z.enum(ATTENDANCE_STATUSES, { error: "Choisissez le statut." }),
  motif: optionalText("Le motif", 300),
});
export type MarkInput = z.output<typeof markSchema>;

/** Countersigning and closing a half-day. */
export const closeSchema = z.object({
  d: z.string().regex(/^\d{4}-\d{2}-\d{2}-(matin|apres-midi)$/, "Demi-journée inconnue."),
  signature: z.preprocess((v) => v ?? "", z.string().max(MAX_SIGNATURE_CHARS, "La signature dessinée est trop grande.")),
  nom: requiredText("Le nom du signataire", 2, 120),
});
export type CloseInput = z.output<typeof closeSchema>;

/** A file attached to a half-day: the scan of a paper sheet, or the virtual classroom's connection report. */
export const attachmentKinds = ["papier", "connexion"] as const;
export const ATTACHMENT_TYPES: Record<(typeof attachmentKinds)[number], readonly string[]> = {
  papier: ["application/pdf", "image/jpeg", "image/png"],
  connexion: ["application/pdf", "text/csv"],
};
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
