import type { Formation } from "./model";

/**
 * The short French name of each field of a formation, for the history's « Formation « … » modifiée
 * : prix, durée. ». Fields that say one thing together share a name (the price and its VAT mode,
 * the durations); bookkeeping fields have none.
 */
const NAMES: Partial<Record<keyof Formation, string>> = {
  title: "titre",
  slug: "adresse",
  summary: "résumé",
  categoryId: "catégorie",
  description: "présentation",
  program: "programme",
  objectives: "objectifs",
  prerequisites: "prérequis",
  audience: "public visé",
  durationHours: "durée",
  durationDays: "durée",
  modality: "modalité",
  teachingMethods: "méthodes pédagogiques",
  evaluationMethods: "modalités d'évaluation",
  accessModalities: "modalités d'accès",
  accessLeadTime: "délai d'accès",
  priceInter: "prix",
  intraOnQuote: "prix",
  vatMode: "prix",
  contactName: "contact",
  contactEmail: "contact",
  contactPhone: "contact",
  accessibility: "accessibilité",
  disabilityContactName: "référent handicap",
  disabilityContactEmail: "référent handicap",
  satisfactionRate: "indicateurs de résultats",
  successRate: "indicateurs de résultats",
  traineesCount: "indicateurs de résultats",
  resultsMeasuredAt: "indicateurs de résultats",
  certificationType: "certification",
  certificationCode: "certification",
  certificationTitle: "certification",
  certifier: "certification",
  certificationRegisteredAt: "certification",
  certificationPassRate: "résultats de la certification",
  certificationCandidates: "résultats de la certification",
  certificationResultsPeriod: "résultats de la certification",
  competenceBlocks: "blocs de compétences",
  partialValidation: "blocs de compétences",
  equivalences: "équivalences et passerelles",
  nextSteps: "suites de parcours",
  careerOutcomes: "débouchés",
  franceCompetencesUrl: "fiche France Compétences",
  cpfEligible: "financements",
  fundingOptions: "financements",
  opcos: "financements",
  cityIds: "villes",
  sessions: "sessions",
  image: "image",
  imageAlt: "image",
  featured: "mise à la une",
  seoTitle: "référencement",
  seoDescription: "référencement",
};

/** The names of what changed between two states of a formation, in the editor's order, each once. */
export function changedFieldNames(before: Formation, after: Formation): string[] {
  const names: string[] = [];
  for (const [field, name] of Object.entries(NAMES) as Array<[keyof Formation, string]>) {
    if (names.includes(name)) continue;
    if (JSON.stringify(comparable(field, before[field]) ?? null) !== JSON.stringify(comparable(field, after[field]) ?? null))
      names.push(name);
  }
  return names;
}

/** Sessions compared by what they say (dates, place, seats), not by their row's bookkeeping. */
function comparable(field: keyof Formation, value: unknown): unknown {
  if (field !== "sessions" || !Array.isArray(value)) return value;
  return (value as Formation["sessions"]).map((s) => [s.startDate, s.endDate, s.cityId, s.seatsLeft]);
}

/** « Formation « Excel » modifiée : prix, durée. » (« modifiée. » when nothing readable changed). */
export function formationUpdatedSummary(title: string, changed: string[]): string {
  const head = `Formation «\u00a0${title}\u00a0» modifiée`;
  return changed.length > 0 ? `${head}\u00a0: ${changed.join(", ")}.` : `${head}.`;
}
