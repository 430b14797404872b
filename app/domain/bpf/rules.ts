/**
 * The rules of the BPF (docs/legal/bpf.md): which registration counts in which line, how many
 * hours a half-day is worth, which line an invoice's payer goes to. Pure, each with its test
 * (rules.test.ts).
 */

import type { PayerKind } from "~/domain/invoices/labels";

/**
 * Frame C: the line of an invoiced amount by its payer kind (notice of the cerfa, frame C):
 * a company for its employees → 1; an OPCO → 2 h (the site records no apprenticeship nor
 * professionalisation contract, which would be 2 a and 2 b); the Caisse des dépôts for the CPF → 2 e;
 * a public body (for its agents) → 3; France Travail → 7; an individual at their own cost → 9;
 * another training organisation (subcontracting received) → 10; anything else → 11.
 */
export const PAYER_LINE: Record<PayerKind, string> = {
  entreprise: "C-1",
  opco: "C-2-h",
  cpf: "C-2-e",
  pouvoir_public: "C-3",
  france_travail: "C-7",
  particulier: "C-9",
  organisme: "C-10",
  autre: "C-11",
};

export function payerLine(kind: string | null | undefined): string | null {
  return kind && kind in PAYER_LINE ? PAYER_LINE[kind as PayerKind] : null;
}

/** The funding a registration declares (app/domain/registrations). */
const FUNDINGS = ["opco", "cpf", "france_travail", "fonds_propres"];

/**
 * F-1: the type of a registration's trainees, from who buys and how it is funded; null when the
 * registration does not say (the trainee is then listed as missing, never counted in a wrong line).
 * - funded by France Travail → c (people looking for a job);
 * - bought by a company (OPCO, CPF co-funded by the employer, own funds) → a (employees of private employers);
 * - an individual paying on their own funds → d (individuals at their own cost);
 * - an individual through their CPF or an OPCO → e (other trainees: the site does not know whether
 *   the account holder is employed, looking for a job or neither).
 */
export function traineeLine(buyerKind: string, funding: string): string | null {
  if (!FUNDINGS.includes(funding) || (buyerKind !== "entreprise" && buyerKind !== "particulier")) return null;
  if (funding === "france_travail") return "F-1-c";
  if (buyerKind === "entreprise") return "F-1-a";
  return funding === "fonds_propres" ? "F-1-d" : "F-1-e";
}

/** The lines of F-1 staff may choose for a registration the site cannot classify (settings screen). */
export const TRAINEE_TYPES = ["F-1-a", "F-1-b", "F-1-c", "F-1-d", "F-1-e"] as const;
export const TRAINEE_TYPE_LABELS: Record<(typeof TRAINEE_TYPES)[number], string> = {
  "F-1-a": "a. Salariés d'employeurs privés hors apprentis",
  "F-1-b": "b. Apprentis",
  "F-1-c": "c. Personnes en recherche d'emploi",
  "F-1-d": "d. Particuliers à leurs propres frais",
  "F-1-e": "e. Autres stagiaires",
};

/** The RNCP levels staff choose for a formation (France Compétences' fiche). */
export const RNCP_LEVELS = ["8", "7", "6", "5", "4", "3", "2", "cqp"] as const;
export type RncpLevel = (typeof RNCP_LEVELS)[number];
export const RNCP_LEVEL_LABELS: Record<RncpLevel, string> = {
  "8": "Niveau 8 (doctorat)",
  "7": "Niveau 7 (master, diplôme d'ingénieur)",
  "6": "Niveau 6 (licence, bachelor)",
  "5": "Niveau 5 (BTS, DUT)",
  "4": "Niveau 4 (baccalauréat professionnel, BP, BT)",
  "3": "Niveau 3 (CAP, BEP)",
  "2": "Niveau 2",
  cqp: "CQP sans niveau de qualification",
};

const LEVEL_LINE: Record<RncpLevel, string> = {
  "8": "F-3-a-1",
  "7": "F-3-a-1",
  "6": "F-3-a-1",
  "5": "F-3-a-2",
  "4": "F-3-a-3",
  "3": "F-3-a-4",
  "2": "F-3-a-5",
  cqp: "F-3-a-6",
};

/**
 * F-3: the lines of a formation by the certification it aims at (its fiche: RNCP, RS or none) and,
 * for the RNCP, the level staff chose: RNCP → a and its « dont » line of the level (none while the
 * level is missing: listed as missing); RS → b; no certification → d (other professional training).
 */
export function objectiveLines(certificationType: string, level: string | undefined): string[] {
  if (certificationType === "rncp") return level && level in LEVEL_LINE ? ["F-3-a", LEVEL_LINE[level as RncpLevel]] : ["F-3-a"];
  if (certificationType === "rs") return ["F-3-b"];
  return ["F-3-d"];
}

/**
 * Hours-trainee: a half-day attended is worth the formation's hours shared equally between the
 * session's half-days (as the certificate of attendance and the trainers' hours count them).
 */
export function halfDayHours(durationHours: number, sessionHalfDays: number): number {
  return sessionHalfDays > 0 ? durationHours / sessionHalfDays : 0;
}

/** A box's hours: the exact sum of its records, rounded to the nearest whole hour (the form takes whole hours). */
export const boxHours = (hours: number) => Math.round(hours + 1e-9);

/** An NSF code of the nomenclature of training specialities: three digits, and a letter for a function (« 326 », « 326t »). */
export const NSF_CODE = /^\d{3}[a-z]?$/;

/** The year a half-day (`2026-03-25:matin`) belongs to. */
export const halfDayYear = (halfDay: string) => Number(halfDay.slice(0, 4));
