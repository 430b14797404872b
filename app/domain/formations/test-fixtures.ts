import type { FormationInput } from "./model";

/** A complete, valid formation input for tests; override what the test is about. */
export function formationInput(overrides: Partial<Record<keyof FormationInput, unknown>> = {}): Record<string, unknown> {
  return {
    title: "Excel : tableaux croisés dynamiques",
    slug: "",
    summary: "Analyser rapidement de grands volumes de données avec les tableaux croisés dynamiques d'Excel.",
    categoryId: "cat-1",
    description: "Une journée pour **maîtriser** les tableaux croisés dynamiques.",
    program: [
      { title: "Préparer ses données", content: "- Nettoyer une base\n- Mettre sous forme de tableau", durationHours: 3.5 },
      { title: "Construire un tableau croisé", content: "Champs, filtres, segments.", durationHours: 3.5 },
    ],
    objectives: ["Construire un tableau croisé dynamique", "Mettre en forme et filtrer les résultats"],
    prerequisites: "Connaître les bases d'Excel (saisie, formules simples).",
    audience: "Toute personne qui analyse des données dans Excel.",
    durationHours: 7,
    durationDays: 1,
    modality: "distanciel",
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
    accessibility: "Locaux accessibles aux personnes à mobilité réduite.",
    disabilityContactName: "Karim Benali",
    disabilityContactEmail: "handicap@example.fr",
    satisfactionRate: 96,
    successRate: null,
    traineesCount: 142,
    resultsMeasuredAt: "2025-01-31",
    certificationType: "none",
    certificationCode: "",
    certificationTitle: "",
    certifier: "",
    certificationRegisteredAt: null,
    cpfEligible: false,
    fundingOptions: ["entreprise"],
    opcos: ["atlas"],
    cityIds: [],
    sessions: [],
    image: null,
    imageAlt: "",
    featured: false,
    seoTitle: "",
    seoDescription: "",
    ...overrides,
  };
}

/** A valid category input for tests (Bureautique unless told otherwise). */
export function categoryInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { slug: "bureautique", name: "Bureautique", description: "Excel, Word et PowerPoint au quotidien.", position: 1, ...overrides };
}

/** A valid city input for tests (Lyon unless told otherwise). */
export function cityInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    slug: "lyon",
    name: "Lyon",
    region: "Auvergne-Rhône-Alpes",
    intro: "Deuxième pôle économique de France, au confluent du Rhône et de la Saône.",
    latitude: 45.764,
    longitude: 4.8357,
    ...overrides,
  };
}
