import { z } from "zod";

/**
 * The training documents the site generates (docs/legal/documents.md): for the clients and trainees,
 * and, for a trainer assigned to a session (docs/legal/trainers.md), a lettre de mission (a salaried
 * trainer) or a contrat de sous-traitance (an external one).
 */
export const DOCUMENT_KINDS = [
  "convention",
  "contrat",
  "convocation",
  "emargement",
  "certificat",
  "mission",
  "sous-traitance",
  "devis",
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The documents of a trainer's assignment to a session: which one depends on the trainer being salaried or external. */
export const TRAINER_KINDS = ["mission", "sous-traitance"] as const satisfies readonly DocumentKind[];
export type TrainerDocumentKind = (typeof TRAINER_KINDS)[number];
export const isTrainerKind = (kind: string): kind is TrainerDocumentKind => (TRAINER_KINDS as readonly string[]).includes(kind);

/** The number's prefix of each kind: one sequence per kind and year (`CONV-2027-0001`). */
export const NUMBER_PREFIX: Record<DocumentKind, string> = {
  convention: "CONV",
  contrat: "CONT",
  convocation: "CONVOC",
  emargement: "EMARG",
  certificat: "CERT",
  mission: "MISS",
  "sous-traitance": "SSTR",
  devis: "DEVIS",
};

export const KIND_LABELS: Record<DocumentKind, string> = {
  convention: "Convention de formation",
  contrat: "Contrat de formation professionnelle",
  convocation: "Convocation",
  emargement: "Feuille d'émargement",
  certificat: "Certificat de réalisation",
  mission: "Lettre de mission",
  "sous-traitance": "Contrat de sous-traitance",
  devis: "Devis",
};

/** The number of a document: prefix, year and a four-digit rank (`CERT-2027-0042`). */
export function formatNumber(kind: DocumentKind, year: number, rank: number): string {
  return `${NUMBER_PREFIX[kind]}-${year}-${String(rank).padStart(4, "0")}`;
}

export { HALF_DAYS, halfDayLabel, sessionHalfDays, type HalfDay } from "~/domain/registrations/calendar";

export const ASSESSMENT_RESULTS = [
  { value: "acquis", label: "Objectifs atteints" },
  { value: "en_cours", label: "Objectifs partiellement atteints" },
  { value: "non_acquis", label: "Objectifs non atteints" },
] as const;
export type AssessmentResult = (typeof ASSESSMENT_RESULTS)[number]["value"];

export function resultLabel(result: string): string {
  return ASSESSMENT_RESULTS.find((r) => r.value === result)?.label ?? "Non évalué";
}

/**
 * Staff's marks for one trainee: the half-days attended (checkboxes `presence`) and the result of
 * the assessment. The half-days are checked against the session's on the server.
 */
export const attendanceSchema = z.object({
  stagiaire: z.string().trim().min(1, "Stagiaire manquant."),
  presence: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}:(matin|apres-midi)$/)),
  ),
  resultat: z.enum(["acquis", "en_cours", "non_acquis"], { error: "Choisissez le résultat de l'évaluation." }),
});
export type AttendanceInput = z.output<typeof attendanceSchema>;

/** Generate one document (or all of a batch kind) from the session's documents page. */
export const generateSchema = z.object({
  type: z.enum(DOCUMENT_KINDS, { error: "Type de document inconnu." }),
  inscription: z.string().trim().optional().default(""),
  stagiaire: z.string().trim().optional().default(""),
  formateur: z.string().trim().optional().default(""),
});

export const batchSchema = z.object({
  type: z.enum(["convocation", "certificat"], { error: "Type de lot inconnu." }),
  envoyer: z.preprocess((v) => v === "on" || v === "1" || v === true, z.boolean()),
});

/** How long a client's link to a document stays valid (README, « Documents de formation »). */
export const LINK_DAYS = 30;
