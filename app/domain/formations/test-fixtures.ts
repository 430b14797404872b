import { EXAMPLE_FORMATION } from "./example";
import type { FormationInput } from "./model";

/** A complete, valid formation input for tests; override what the test is about. */
export function formationInput(overrides: Partial<Record<keyof FormationInput, unknown>> = {}): Record<string, unknown> {
  return {
    ...EXAMPLE_FORMATION,
    slug: "",
    categoryId: "cat-1",
    modality: "distanciel",
    resultsMeasuredAt: "2025-01-31",
    cityIds: [],
    sessions: [],
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

/** Paris, a second city. */
export function parisInput(): Record<string, unknown> {
  return cityInput({
    slug: "paris",
    name: "Paris",
    region: "Île-de-France",
    intro: "La capitale, premier bassin d'emploi du pays, desservie par tous les transports.",
    latitude: 48.8566,
    longitude: 2.3522,
  });
}

/** A city that a test deletes while an import runs. */
export function ephemeralCityInput(): Record<string, unknown> {
  return cityInput({
    slug: "ephemere",
    name: "Éphémère",
    region: "Bretagne",
    intro: "Une ville supprimée pendant l'import, pour ce test.",
    latitude: 48,
    longitude: -3,
  });
}

/** A certifying formation's certification (RNCP), without its indicator 3. */
export const CERTIFYING = {
  certificationType: "rncp",
  certificationCode: "RNCP35399",
  certificationTitle: "Manager d'unité opérationnelle",
  certifier: "Ministère du Travail",
  certificationRegisteredAt: "2024-03-01",
};

/** Qualiopi indicator 3 of a certifying formation, complete (spread it into a certifying formation's input). */
export const INDICATOR_3 = {
  certificationPassRate: 87.5,
  certificationCandidates: 48,
  certificationResultsPeriod: "sessions de 2025",
  competenceBlocks: "- Bloc 1\u00a0: piloter l'activité\n- Bloc 2\u00a0: animer l'équipe",
  partialValidation: true,
  equivalences: "Aucune équivalence ni passerelle.",
  nextSteps: "- Manager de proximité, niveau 6",
  careerOutcomes: "Chef d'équipe, responsable de service.",
  franceCompetencesUrl: "https://www.francecompetences.fr/recherche/rncp/35399/",
};
