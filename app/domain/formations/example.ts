import type { FormationData } from "./model";

/** What the example leaves to its user: where it lives, when its results were measured. */
type Placed = "slug" | "categoryId" | "cityIds" | "sessions" | "resultsMeasuredAt";

/**
 * The example formation: the import template's example row (mapped to the import's columns in
 * `import/export.server.ts`) and the tests' valid formation input. Zod-free on purpose.
 */
export const EXAMPLE_FORMATION: Omit<FormationData, Placed> = {
  title: "Excel : tableaux croisés dynamiques",
  summary: "Analyser rapidement de grands volumes de données avec les tableaux croisés dynamiques d'Excel.",
  description: "Une journée pour **maîtriser** les tableaux croisés dynamiques et gagner du temps sur vos analyses.",
  program: [
    { title: "Préparer ses données", content: "Nettoyer une base, la mettre sous forme de tableau.", durationHours: 3.5 },
    { title: "Construire un tableau croisé", content: "Champs, filtres, segments et graphiques.", durationHours: 3.5 },
  ],
  objectives: ["Construire un tableau croisé dynamique", "Filtrer et mettre en forme les résultats"],
  prerequisites: "Connaître les bases d'Excel (saisie, formules simples).",
  audience: "Toute personne qui analyse des données dans Excel.",
  durationHours: 7,
  durationDays: 1,
  modality: "presentiel",
  teachingMethods: "Exercices sur des cas réels, un poste par stagiaire.",
  evaluationMethods: "Quiz de positionnement, exercices corrigés, évaluation finale.",
  accessModalities: "Inscription par le formulaire de devis ou par téléphone.",
  accessLeadTime: "Jusqu'à 10 jours ouvrés avant le début de la session.",
  priceInter: 450,
  intraOnQuote: true,
  vatMode: "exonere",
  contactName: "Sophie Lambert",
  contactEmail: "formations@example.fr",
  contactPhone: "04 65 71 00 12",
  accessibility: "Locaux accessibles aux personnes à mobilité réduite ; adaptations possibles sur demande.",
  disabilityContactName: "Karim Benali",
  disabilityContactEmail: "handicap@example.fr",
  satisfactionRate: 96,
  successRate: null,
  traineesCount: 142,
  certificationType: "none",
  certificationCode: "",
  certificationTitle: "",
  certifier: "",
  certificationRegisteredAt: null,
  certificationPassRate: null,
  certificationCandidates: null,
  certificationResultsPeriod: "",
  competenceBlocks: "",
  partialValidation: false,
  equivalences: "",
  nextSteps: "",
  careerOutcomes: "",
  franceCompetencesUrl: "",
  cpfEligible: false,
  fundingOptions: ["entreprise", "particulier"],
  opcos: ["atlas", "akto"],
  image: null,
  imageAlt: "",
  featured: false,
  seoTitle: "",
  seoDescription: "",
};
