import { z } from "zod";
import { siretSchema } from "~/domain/settings/model";
import { TRAINER_FILE_MAX_BYTES, TRAINER_FILE_TOO_LARGE, TRAINER_FILE_WRONG_TYPE, type TrainerStatus } from "./labels";
import { fileField } from "~/platform/validation/file-field";
import { formatDateShort, frenchSpacing } from "~/platform/format";
import { emptyToNull, optionalText, requiredText } from "~/platform/validation/text-fields";

/**
 * Trainers: who teaches (Code du travail L6353-4, « la qualité des formateurs »: docs/legal/trainers.md).
 * The shared vocabulary and the form's schema, checked in the browser and again by the domain.
 */

export {
  TRAINER_FIELD_LABELS,
  TRAINER_FILE_KINDS,
  TRAINER_FILE_MAX_BYTES,
  TRAINER_STATUSES,
  isExternal,
  type TrainerFileKind,
  type TrainerStatus,
} from "./labels";

/** A competence update (Qualiopi indicator 22): a training followed or a certification obtained, on a day. */
export interface Competence {
  date: string;
  kind: "formation" | "certification";
  label: string;
}

export interface Trainer {
  id: string;
  name: string;
  email: string;
  phone: string;
  status: TrainerStatus;
  companyName: string;
  siret: string;
  nda: string;
  qualifications: string[];
  areas: string[];
  competences: Competence[];
  archived: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * The quality of a trainer as the documents print it (Code du travail L6353-4 4°):
 * « Marie Curie (interne à l'organisme ; qualifications : PCIE, Excel expert) ».
 */
export function trainerQuality(t: Pick<Trainer, "name" | "status" | "companyName" | "qualifications">): string {
  const status =
    t.status === "interne"
      ? "interne à l'organisme"
      : t.status === "societe"
        ? `externe, société ${t.companyName}`
        : "externe, activité indépendante";
  const qualifications = t.qualifications.length ? `\u202f; qualifications\u00a0: ${t.qualifications.join(", ")}` : "";
  return `${t.name} (${status}${qualifications})`;
}

/** The half-day's hours (`matin` or `apres-midi`): the morning ends and the afternoon starts halfway through the session's day. */
export function halfDayTimes(part: string, dayStart: string, dayEnd: string): [string, string] {
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const middle = Math.round((minutes(dayStart) + minutes(dayEnd)) / 2 / 5) * 5;
  const mid = `${String(Math.floor(middle / 60)).padStart(2, "0")}:${String(middle % 60).padStart(2, "0")}`;
  return part === "matin" ? [dayStart, mid] : [mid, dayEnd];
}

/** The non-blank lines of a textarea, trimmed. */
const splitLines = (v: unknown) =>
  String(v ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** One item per line (a free list), each with French spacing; the message goes beside the textarea. */
const lines = (label: string, max: number) =>
  z.preprocess(
    splitLines,
    z
      .array(z.string())
      .max(max, `${max} lignes au plus dans «\u00a0${label}\u00a0».`)
      .refine((l) => l.every((x) => x.length <= 120), `Chaque ligne de «\u00a0${label}\u00a0» ne dépasse pas 120 caractères.`)
      .transform((l) => l.map(frenchSpacing)),
  );

/**
 * A dated line as staff type it, « 12/05/2026 Excel Power Query » (or « 2026-05-12 … »): its ISO day and
 * its title, or null when it does not start with a real date.
 */
function datedLine(line: string): { date: string; label: string } | null {
  const match = /^(?:(\d{2})\/(\d{2})\/(\d{4})|(\d{4})-(\d{2})-(\d{2}))\s+(\S.*)$/.exec(line);
  if (!match) return null;
  const date = match[3] ? `${match[3]}-${match[2]}-${match[1]}` : `${match[4]}-${match[5]}-${match[6]}`;
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date) return null;
  return { date, label: match[7]!.trim() };
}

/** Lines « JJ/MM/AAAA intitulé »: dated competence updates (Qualiopi indicator 22). */
const datedLines = (kind: Competence["kind"], label: string) =>
  z.preprocess(
    splitLines,
    z
      .array(z.string())
      .max(100, `100 lignes au plus dans «\u00a0${label}\u00a0».`)
      .refine(
        (l) => l.every((x) => datedLine(x) !== null),
        `Chaque ligne de «\u00a0${label}\u00a0» commence par sa date (JJ/MM/AAAA) suivie de l'intitulé.`,
      )
      .refine((l) => l.every((x) => x.length <= 140), `Chaque ligne de «\u00a0${label}\u00a0» ne dépasse pas 140 caractères.`)
      .transform((l) =>
        l.map((x): Competence => {
          const { date, label: title } = datedLine(x)!;
          return { date, kind, label: frenchSpacing(title) };
        }),
      ),
  );

export const trainerInputSchema = z
  .object({
    name: requiredText("Le nom", 2, 120),
    email: z
      .string({ error: "L'adresse e-mail est obligatoire." })
      .trim()
      .toLowerCase()
      .min(1, "L'adresse e-mail est obligatoire.")
      .max(320, "L'adresse e-mail ne dépasse pas 320 caractères.")
      .email("Saisissez une adresse e-mail valide, par exemple nom@domaine.fr."),
    phone: z.preprocess(
      (v) => String(v ?? "").trim(),
      z.string().regex(/^(\+?[\d\s.-]{10,20})?$/, "Saisissez un numéro de téléphone valide, par exemple 04 73 00 00 00."),
    ),
    status: z.enum(["interne", "independant", "societe"], { error: "Choisissez le statut du formateur." }),
    companyName: optionalText("La raison sociale", 200),
    siret: z.preprocess((v) => (v === undefined ? null : emptyToNull(v)), siretSchema.nullable()).transform((s) => s ?? ""),
    nda: z.preprocess(
      (v) => String(v ?? "").replace(/\s+/g, ""),
      z.string().regex(/^(\d{11})?$/, "Le numéro de déclaration d'activité comporte 11 chiffres."),
    ),
    qualifications: lines("Qualifications", 30),
    areas: lines("Domaines", 30),
    trainings: datedLines("formation", "Formations suivies"),
    certifications: datedLines("certification", "Certifications obtenues"),
  })
  .superRefine((v, ctx) => {
    if (v.status !== "interne" && !v.siret)
      ctx.addIssue({ code: "custom", path: ["siret"], message: "Le SIRET est obligatoire pour un formateur externe." });
    if (v.status === "societe" && !v.companyName)
      ctx.addIssue({ code: "custom", path: ["companyName"], message: "La raison sociale de la société est obligatoire." });
  })
  .transform(({ trainings, certifications, ...v }) => ({
    ...v,
    companyName: v.status === "societe" ? v.companyName : "",
    siret: v.status === "interne" ? "" : v.siret,
    nda: v.status === "interne" ? "" : v.nda,
    competences: [...trainings, ...certifications].sort((a, b) => a.date.localeCompare(b.date)) as Competence[],
  }));
export type TrainerInput = z.output<typeof trainerInputSchema>;

/** A trainer's record as the form shows it (the lists one per line). */
export function trainerToFormValues(t: Trainer): Record<string, string> {
  const dated = (kind: Competence["kind"]) =>
    t.competences
      .filter((c) => c.kind === kind)
      .map((c) => `${formatDateShort(c.date)} ${c.label}`)
      .join("\n");
  return {
    name: t.name,
    email: t.email,
    phone: t.phone,
    status: t.status,
    companyName: t.companyName,
    siret: t.siret,
    nda: t.nda,
    qualifications: t.qualifications.join("\n"),
    areas: t.areas.join("\n"),
    trainings: dated("formation"),
    certifications: dated("certification"),
  };
}

/** An assignment: the trainer, and the half-days of the session they teach (all of them when none is given). */
export const assignmentSchema = z.object({
  trainerId: z.string({ error: "Choisissez un formateur." }).trim().min(1, "Choisissez un formateur."),
  halfDays: z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}:(matin|apres-midi)$/, "Demi-journée inconnue.")),
  ),
});

/** An unavailability of an external trainer: from one day to another, both included. */
export const unavailabilitySchema = z
  .object({
    from: z.string({ error: "La date de début est obligatoire." }).regex(/^\d{4}-\d{2}-\d{2}$/, "La date de début est obligatoire."),
    to: z.string({ error: "La date de fin est obligatoire." }).regex(/^\d{4}-\d{2}-\d{2}$/, "La date de fin est obligatoire."),
  })
  .refine((v) => v.to >= v.from, { path: ["to"], message: "La date de fin suit la date de début." })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 <= 366, {
    path: ["to"],
    message: "Une indisponibilité dure un an au plus.",
  });

/** A file the browser announces as a PDF or an image (the server reads the content itself). */
const looksAccepted = (file: { name: string; type: string }) =>
  /^(application\/pdf|image\/(jpeg|png|webp))$/.test(file.type) || /\.(pdf|jpe?g|png|webp)$/i.test(file.name);

/** A CV or diploma sent on the trainer's page: its kind and the file, within 10 Mo (checked in the browser and again by the server). */
export const trainerFileSchema = z.object({
  kind: z.enum(["cv", "diplome"], { error: "Choisissez la nature de la pièce." }),
  file: fileField("Choisissez le fichier à envoyer (PDF ou image).").superRefine((file, ctx) => {
    if (file.size > TRAINER_FILE_MAX_BYTES) ctx.addIssue({ code: "custom", message: TRAINER_FILE_TOO_LARGE });
    else if (!looksAccepted(file)) ctx.addIssue({ code: "custom", message: TRAINER_FILE_WRONG_TYPE });
  }),
});
