/**
 * Questionnaires (Qualiopi indicators 2, 8, 11 and 30; README « Questionnaires »): the shared
 * vocabulary, zod-free so that the answer page (a public page) imports it without zod
 * (docs/decisions/0005-zod-out-of-public-bundles.md). The schemas are in schemas.ts.
 */

/** What a questionnaire is for, and so who receives it and when (dispatch.server.ts). */
export const USES = ["a_chaud", "a_froid", "client", "formateur", "financeur", "positionnement", "evaluation"] as const;
export type QuestionnaireUse = (typeof USES)[number];

export const USE_LABELS: Record<QuestionnaireUse, string> = {
  a_chaud: "Satisfaction à chaud",
  a_froid: "Suivi à froid",
  client: "Satisfaction du client",
  formateur: "Appréciation du formateur",
  financeur: "Appréciation des financeurs",
  positionnement: "Positionnement",
  evaluation: "Évaluation des acquis",
};

/** Who answers, and when it goes (the list of /admin/questionnaires). */
export const USE_DESCRIPTIONS: Record<QuestionnaireUse, string> = {
  a_chaud: "Chaque stagiaire, à la fin de la session. Ses réponses font le taux de satisfaction publié.",
  a_froid: "Chaque stagiaire, quelques mois après la session (90\u00a0jours par défaut).",
  client: "Le contact de chaque inscription, à la fin de la session.",
  formateur: "Chaque formateur affecté à la session, à la fin de la session.",
  financeur: "Chaque OPCO ou entreprise qui a financé des sessions, une fois par an, à l'adresse saisie par l'équipe.",
  positionnement: "Chaque stagiaire d'une formation, dès la confirmation de son inscription, avant la session (indicateur 8).",
  evaluation:
    "Quiz de fin de formation\u00a0: chaque stagiaire, à la fin de la session\u202f; son score propose le résultat (indicateur 11).",
};

/** Uses with one questionnaire per formation (the others: one for the whole organisation). */
export const PER_FORMATION_USES: readonly QuestionnaireUse[] = ["positionnement", "evaluation"];
export const isPerFormation = (use: QuestionnaireUse) => PER_FORMATION_USES.includes(use);

/** The person who answers: what an invitation's `person_kind` holds. */
export type PersonKind = "stagiaire" | "contact" | "formateur" | "financeur";
export const PERSON_OF_USE: Record<QuestionnaireUse, PersonKind> = {
  a_chaud: "stagiaire",
  a_froid: "stagiaire",
  client: "contact",
  formateur: "formateur",
  financeur: "financeur",
  positionnement: "stagiaire",
  evaluation: "stagiaire",
};

export const QUESTION_KINDS = ["note", "oui_non", "choix_unique", "choix_multiple", "texte_court", "texte_long"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  note: "Note de 1 à 5",
  oui_non: "Oui ou non",
  choix_unique: "Choix unique",
  choix_multiple: "Choix multiple",
  texte_court: "Texte court",
  texte_long: "Texte long",
};

/** A question's part in the published figures (only the à-chaud questionnaire's count). */
export const QUESTION_ROLES = ["", "globale", "recommandation"] as const;
export type QuestionRole = (typeof QUESTION_ROLES)[number];

export const QUESTION_ROLE_LABELS: Record<QuestionRole, string> = {
  "": "Aucun",
  globale: "Satisfaction globale (taux publié)",
  recommandation: "Recommandation (oui ou non)",
};

export interface Question {
  /** Stable across versions (`q` and letters or digits): answers and results are keyed by it. */
  id: string;
  kind: QuestionKind;
  label: string;
  help: string;
  required: boolean;
  /** The choices of a choice question. */
  options: string[];
  /**
   * The answers expected: for positioning, those that meet the prerequisites; for the assessment
   * quiz, the right ones. A note question lists the notes accepted ("3", "4", "5"). Empty: not scored.
   */
  expected: string[];
  role: QuestionRole;
}

/** One person's answers: a note or choice as text, the choices of a multiple choice as a list. */
export type Answers = Record<string, string | string[]>;

export const RATINGS = ["1", "2", "3", "4", "5"] as const;
export const RATING_HINTS: Record<string, string> = {
  "1": "1 — pas du tout",
  "2": "2",
  "3": "3",
  "4": "4",
  "5": "5 — tout à fait",
};
export const YES_NO = [
  { value: "oui", label: "Oui" },
  { value: "non", label: "Non" },
] as const;

export const isText = (q: Pick<Question, "kind">) => q.kind === "texte_court" || q.kind === "texte_long";
export const isChoice = (q: Pick<Question, "kind">) => q.kind === "choix_unique" || q.kind === "choix_multiple";

/** The values a question accepts (notes, oui/non, its options); null for a free text. */
export function allowedValues(q: Question): readonly string[] | null {
  if (q.kind === "note") return RATINGS;
  if (q.kind === "oui_non") return ["oui", "non"];
  if (isChoice(q)) return q.options;
  return null;
}

/** An answer as a list of values (nothing answered: []). */
export function valuesOf(answer: string | string[] | undefined): string[] {
  if (answer === undefined) return [];
  return (Array.isArray(answer) ? answer : [answer]).map(String).filter((v) => v.trim() !== "");
}

/** Does this answer meet what the question expects? null: the question is not scored, or was not answered. */
export function meetsExpected(q: Question, answer: string | string[] | undefined): boolean | null {
  if (q.expected.length === 0 || isText(q)) return null;
  const given = valuesOf(answer);
  if (given.length === 0) return null;
  if (q.kind === "choix_multiple") {
    const a = [...new Set(given)].sort();
    const b = [...new Set(q.expected)].sort();
    return a.length === b.length && a.every((v, i) => v === b[i]);
  }
  return q.expected.includes(given[0]!);
}

/** The quiz score in percent (rounded), over the scored questions; null when none is scored. */
export function quizScore(questions: Question[], answers: Answers): number | null {
  const scored = questions.filter((q) => q.expected.length > 0 && !isText(q));
  if (scored.length === 0) return null;
  const right = scored.filter((q) => meetsExpected(q, answers[q.id]) === true).length;
  return Math.round((100 * right) / scored.length);
}

/** Positioning: true when an answered question's answer is not among those that meet the prerequisites. */
export function prerequisitesMissed(questions: Question[], answers: Answers): boolean {
  return questions.some((q) => meetsExpected(q, answers[q.id]) === false);
}

/** The note of the à-chaud questionnaire's overall question (1 to 5), or null. */
export function overallRating(questions: Question[], answers: Answers): number | null {
  const q = questions.find((x) => x.role === "globale" && x.kind === "note");
  const value = q ? valuesOf(answers[q.id])[0] : undefined;
  return value && /^[1-5]$/.test(value) ? Number(value) : null;
}

/** The recommendation question's answer (1: oui, 0: non), or null. */
export function recommendation(questions: Question[], answers: Answers): number | null {
  const q = questions.find((x) => x.role === "recommandation" && x.kind === "oui_non");
  const value = q ? valuesOf(answers[q.id])[0] : undefined;
  return value === "oui" ? 1 : value === "non" ? 0 : null;
}

/** The assessment result a quiz score proposes (staff confirm it on the session's documents page). */
export function proposedResult(score: number, passPercent: number): "acquis" | "en_cours" | "non_acquis" {
  if (score >= passPercent) return "acquis";
  return score >= Math.round(passPercent / 2) ? "en_cours" : "non_acquis";
}

/** The state of an invitation. */
export type InvitationState = "envoyee" | "commencee" | "repondue";
export const STATE_LABELS: Record<InvitationState, string> = {
  envoyee: "Envoyé",
  commencee: "Commencé",
  repondue: "Répondu",
};

/** The rule of the published satisfaction rate, as the public pages state it. */
export const SATISFACTION_RULE =
  "Part des stagiaires qui donnent 4 ou 5 sur 5 à la question de satisfaction globale du questionnaire de fin de formation, sur les sessions terminées au cours des 12\u00a0derniers mois.";

/** Satisfied: a note of 4 or 5 out of 5. */
export const SATISFIED_FROM = 4;

/** How far back the published figures look: sessions ended in the last 12 months. */
export const RATE_WINDOW_MONTHS = 12;

const MONTHS = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"];

/** « sessions de janvier à décembre 2026 », « sessions de novembre 2026 à mars 2027 », « sessions de mars 2026 ». */
export function sessionsPeriodLabel(firstDay: string, lastDay: string): string {
  const [y1, m1] = firstDay.split("-").map(Number) as [number, number];
  const [y2, m2] = lastDay.split("-").map(Number) as [number, number];
  const month = (m: number) => MONTHS[m - 1] ?? "";
  const of = (m: number) => (/^[aeiouéèêàâîôûy]/i.test(month(m)) ? "d'" : "de ");
  if (y1 === y2 && m1 === m2) return `sessions ${of(m1)}${month(m1)} ${y1}`;
  if (y1 === y2) return `sessions ${of(m1)}${month(m1)} à ${month(m2)} ${y2}`;
  return `sessions ${of(m1)}${month(m1)} ${y1} à ${month(m2)} ${y2}`;
}

/** A published figure computed from the answers (one formation, or the whole organisation). */
export interface ComputedRates {
  /** Answers to the overall question. */
  answers: number;
  /** Of which 4 or 5 out of 5. */
  satisfied: number;
  /** Percent, rounded: Math.round(100 × satisfied / answers). */
  rate: number;
  /** Average note out of 5, one decimal. */
  average: number;
  /** Answers to the recommendation question, and the share of « oui » in percent (null without answers). */
  recommendAnswers: number;
  recommendRate: number | null;
  /** The sessions' last days, first and last (YYYY-MM-DD), and the label of that period. */
  firstDay: string;
  lastDay: string;
  period: string;
}

/** « 94 % de stagiaires satisfaits — 212 réponses, sessions de janvier à décembre 2026 ». */
export function ratesSentence(r: ComputedRates): string {
  return `${r.rate}\u00a0% de stagiaires satisfaits — ${r.answers}\u00a0réponse${r.answers > 1 ? "s" : ""}, ${r.period}`;
}
