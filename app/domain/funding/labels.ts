import type { OpcoSlug } from "./opco-list";
import { formatEuros } from "~/platform/format";

/**
 * Funding labels, lists and formatters without zod, for read-only pages (/financement, the OPCO
 * and audience pages); the simulator's schema and rules engine are in `./model`.
 */

/** The four audiences that share one screen under /financement/{slug}. */
export const AUDIENCE_SLUGS = ["cpf", "pole-emploi", "entreprise", "particulier"] as const;
export type AudienceSlug = (typeof AUDIENCE_SLUGS)[number];

export function isAudienceSlug(value: string): value is AudienceSlug {
  return (AUDIENCE_SLUGS as readonly string[]).includes(value);
}

/**
 * The page of a funding slug. France Travail replaced Pôle emploi: its page lives at
 * /financement/france-travail; /financement/pole-emploi (the spec's address) still answers, with
 * its canonical pointing to the new path. Slugs stored in formations keep "pole-emploi".
 */
export const FRANCE_TRAVAIL_PATH = "/financement/france-travail";

export function fundingPath(slug: string): string {
  return slug === "pole-emploi" ? FRANCE_TRAVAIL_PATH : `/financement/${slug}`;
}

/** The slug a /financement/{segment} address stands for ("france-travail" is the "pole-emploi" audience). */
export function fundingSlugOf(segment: string): string {
  return segment === "france-travail" ? "pole-emploi" : segment;
}

/** Company headcount bands used by the rules (the legal threshold of 50 employees splits them). */
export const HEADCOUNT_BANDS = ["1-10", "11-49", "50-299", "300+"] as const;
export type HeadcountBand = (typeof HEADCOUNT_BANDS)[number];

export const BAND_LABELS: Record<HeadcountBand, string> = {
  "1-10": "1 à 10 salariés",
  "11-49": "11 à 49 salariés",
  "50-299": "50 à 299 salariés",
  "300+": "300 salariés et plus",
};

/** Bands whose training plan is not financed by the OPCO's pooled funds (50 employees and more). */
export function isLargeCompany(band: HeadcountBand): boolean {
  return band === "50-299" || band === "300+";
}

/** The catalogue's course categories (one-word slugs, see ARCHITECTURE.md). */
export const CATEGORY_SLUGS = ["bureautique", "management", "langues", "numerique", "securite", "commercial", "rh"] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

/** A formation of the catalogue an OPCO page suggests for a category (the route reads them from the catalogue). */
export interface FittingFormation {
  slug: string;
  title: string;
  hours: number;
}

export const CATEGORY_LABELS: Record<CategorySlug, string> = {
  bureautique: "Bureautique",
  management: "Management",
  langues: "Langues",
  numerique: "Numérique",
  securite: "Sécurité",
  commercial: "Commercial et vente",
  rh: "Ressources humaines",
};

/** Funding schemes an OPCO may apply to. */
export const SCHEME_IDS = ["plan", "alternance", "pro-a", "abondement-cpf", "versements-volontaires"] as const;
export type SchemeId = (typeof SCHEME_IDS)[number];

export const SCHEMES: Record<SchemeId, { label: string; description: string }> = {
  plan: {
    label: "Plan de développement des compétences",
    description:
      "Les fonds mutualisés de l'OPCO financent les formations décidées par l'employeur, pour les entreprises de moins de 50 salariés, selon les barèmes de la branche.",
  },
  alternance: {
    label: "Alternance (apprentissage, professionnalisation)",
    description:
      "Quelle que soit la taille de l'entreprise, l'OPCO prend en charge les contrats d'apprentissage et de professionnalisation selon les niveaux fixés par les branches.",
  },
  "pro-a": {
    label: "Pro-A (reconversion ou promotion par alternance)",
    description:
      "Pour un salarié en CDI dont la qualification est inférieure à la licence : une formation certifiante en alternance, financée par l'OPCO selon un forfait horaire.",
  },
  "abondement-cpf": {
    label: "CPF co-construit",
    description:
      "Le salarié mobilise son compte personnel de formation ; l'employeur ou l'OPCO complète le financement (abondement), ce qui dispense le salarié de la participation forfaitaire.",
  },
  "versements-volontaires": {
    label: "Versements volontaires",
    description:
      "L'entreprise confie à son OPCO un budget au-delà des contributions légales ; l'OPCO le gère et l'affecte aux formations de son choix.",
  },
};

/**
 * Sectors a visitor recognises, each with the OPCO that usually covers it. The real link goes
 * through the company's collective agreement (IDCC): the lookup is a starting point, not a ruling.
 */
export const SECTORS: ReadonlyArray<{ slug: string; label: string; opco: OpcoSlug }> = [
  { slug: "spectacle-audiovisuel", label: "Spectacle, cinéma et audiovisuel", opco: "afdas" },
  { slug: "presse-edition-publicite", label: "Presse, édition, publicité et communication", opco: "afdas" },
  { slug: "sport-loisirs-tourisme", label: "Sport, loisirs et organismes de tourisme", opco: "afdas" },
  { slug: "banque-assurance", label: "Banque, assurance et finance", opco: "atlas" },
  { slug: "conseil-ingenierie-numerique", label: "Conseil, ingénierie, bureaux d'études et numérique", opco: "atlas" },
  { slug: "expertise-comptable", label: "Expertise comptable et commissariat aux comptes", opco: "atlas" },
  { slug: "batiment-travaux-publics", label: "Bâtiment et travaux publics", opco: "constructys" },
  { slug: "negoce-materiaux", label: "Négoce de matériaux de construction", opco: "constructys" },
  { slug: "agriculture-paysage", label: "Agriculture, paysage et travaux agricoles", opco: "ocapiat" },
  { slug: "agroalimentaire", label: "Industries alimentaires et coopération agricole", opco: "ocapiat" },
  { slug: "peche-cultures-marines", label: "Pêche et cultures marines", opco: "ocapiat" },
  {
    slug: "artisanat-services-proximite",
    label: "Artisanat et services de proximité (coiffure, boulangerie, fleuristes…)",
    opco: "opco-ep",
  },
  { slug: "professions-liberales", label: "Professions libérales (cabinets médicaux, pharmacies, architectes…)", opco: "opco-ep" },
  { slug: "commerce-distribution", label: "Commerce de détail, grande distribution et vente à distance", opco: "opcommerce" },
  { slug: "transport-logistique", label: "Transport routier et logistique", opco: "opco-mobilites" },
  { slug: "services-automobile", label: "Services de l'automobile (garages, concessions, contrôle technique)", opco: "opco-mobilites" },
  { slug: "sante-medico-social", label: "Cliniques et établissements sanitaires, sociaux et médico-sociaux privés", opco: "opco-sante" },
  { slug: "economie-sociale", label: "Aide à domicile associative, animation, habitat social, insertion", opco: "uniformation" },
  { slug: "hotellerie-restauration", label: "Hôtellerie, cafés et restauration", opco: "akto" },
  { slug: "proprete-securite", label: "Propreté et sécurité privée", opco: "akto" },
  { slug: "travail-temporaire", label: "Travail temporaire (intérim)", opco: "akto" },
  { slug: "industrie", label: "Industrie (métallurgie, chimie, plasturgie, pharmacie, textile…)", opco: "opco2i" },
];

export function opcoForSector(sectorSlug: string): OpcoSlug | undefined {
  return SECTORS.find((s) => s.slug === sectorSlug)?.opco;
}

/** A range of euros: "560 €", or "de 560 € à 1 400 €". */
export function formatEuroRange(min: number, max: number): string {
  return min === max ? formatEuros(min) : `de ${formatEuros(min)} à ${formatEuros(max)}`;
}

/** The OPCO select's answer « Je ne connais pas mon OPCO ». */
export const UNKNOWN_OPCO = "inconnu";

/** The simulator's fields (query string names). */
export const SIMULATION_FIELDS = ["opco", "secteur", "effectif", "formation", "cout", "heures", "stagiaires"] as const;
export type SimulationField = (typeof SIMULATION_FIELDS)[number];
/** The raw values, as typed in the form or read from the query string. */
export type SimulationValues = Partial<Record<SimulationField, string>>;
export type SimulationErrors = Partial<Record<SimulationField, string>>;
