import { OPCO_NAMES, OPCO_SLUGS, isOpcoSlug } from "~/domain/funding/opco-list";

/**
 * Leads without zod: kinds, choices, labels, field names and the query-string prefill of /devis.
 * The public forms import this module; the schemas (`./model`) load only when a visitor starts
 * filling a form in, or on the server.
 */

export const LEAD_KINDS = ["devis", "contact"] as const;

export type LeadKind = (typeof LEAD_KINDS)[number];

export const LEAD_KIND_LABELS: Record<LeadKind, string> = { devis: "Demande de devis", contact: "Message" };

export const LEAD_STATUSES = ["nouveau", "en_cours", "traite", "archive"] as const;

export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  nouveau: "Nouveau",
  en_cours: "En cours",
  traite: "Traité",
  archive: "Archivé",
};

export function isLeadStatus(value: string): value is LeadStatus {
  return (LEAD_STATUSES as readonly string[]).includes(value);
}

export const FORMATS = ["inter", "intra", "distanciel"] as const;

export type LeadFormat = (typeof FORMATS)[number];

export const FORMAT_LABELS: Record<LeadFormat, { label: string; hint: string }> = {
  inter: { label: "Inter-entreprises", hint: "en session ouverte, avec des participants d'autres entreprises" },
  intra: { label: "Intra-entreprise", hint: "une session pour votre équipe seule, dans vos locaux ou les nôtres" },
  distanciel: { label: "À distance", hint: "en classe virtuelle, avec un formateur en direct" },
};

/**
 * Funding choices: the 11 OPCO (names from the funding area), then the other ways to pay.
 * The value of an OPCO is "opco-<slug>", the form the funding simulator links with.
 */
export const OTHER_FUNDINGS = [
  { value: "cpf", label: "Compte personnel de formation (CPF)" },
  { value: "france-travail", label: "France Travail (ex-Pôle emploi)" },
  { value: "entreprise", label: "L'entreprise, sur ses fonds propres" },
  { value: "personnel", label: "Financement personnel" },
  { value: "a-definir", label: "Je ne sais pas encore : conseillez-moi" },
] as const;

export const OPCO_FUNDINGS = OPCO_SLUGS.map((slug) => ({ value: `opco-${slug}`, label: `${OPCO_NAMES[slug]} (OPCO)` }));

export const FUNDING_VALUES = [...OPCO_FUNDINGS.map((f) => f.value), ...OTHER_FUNDINGS.map((f) => f.value)];

export function fundingLabel(value: string): string {
  return [...OPCO_FUNDINGS, ...OTHER_FUNDINGS].find((f) => f.value === value)?.label ?? value;
}

export const CONTACT_SUBJECTS = [
  { value: "formation", label: "Renseignement sur une formation" },
  { value: "financement", label: "Financement d'une formation" },
  { value: "inscription", label: "Inscription ou session en cours" },
  { value: "handicap", label: "Accessibilité et situation de handicap" },
  { value: "partenariat", label: "Partenariat ou proposition d'intervention" },
  // A complaint (Qualiopi indicator 31): the message is also registered in the complaints register.
  { value: "reclamation", label: "Réclamation" },
  { value: "autre", label: "Autre demande" },
] as const;

export function subjectLabel(value: string): string {
  return CONTACT_SUBJECTS.find((s) => s.value === value)?.label ?? value;
}

export const QUOTE_FIELDS = [
  "entreprise",
  "siret",
  "nom",
  "email",
  "telephone",
  "formation",
  "autreFormation",
  "stagiaires",
  "format",
  "periode",
  "ville",
  "financement",
  "message",
  "consentement",
] as const;

export type QuoteField = (typeof QUOTE_FIELDS)[number];

export const CONTACT_FIELDS = ["nom", "email", "telephone", "sujet", "message", "consentement"] as const;

export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Fields that hold several values (checkboxes). */
const MULTI_FIELDS = new Set<string>(["formation"]);

export type FormValues = Record<string, string | string[]>;

/** Field values of a submitted form, every expected field present (empty string when absent). */
export function readFormValues(form: FormData | URLSearchParams, fields: readonly string[]): FormValues {
  const values: FormValues = {};
  for (const name of fields) {
    if (MULTI_FIELDS.has(name)) {
      values[name] = form
        .getAll(name)
        .filter((v): v is string => typeof v === "string")
        .map((v) => v.slice(0, 200))
        .filter((v) => v.trim() !== "")
        .slice(0, 50);
    } else {
      const v = form.get(name);
      values[name] = typeof v === "string" ? v.slice(0, 10_000) : "";
    }
  }
  return values;
}

export const MAX_TRAINEES = 500;

const FUNDING_ALIASES: Record<string, string> = { "pole-emploi": "france-travail", particulier: "personnel" };

/**
 * /devis?formation=<slug>&opco=<slug>&stagiaires=<n>&financement=opco-<slug>&format=intra:
 * the values to put in the form. Unknown values are ignored (the visitor chooses).
 */
export function quotePrefill(params: URLSearchParams): FormValues {
  const values: FormValues = {};
  const formations = params
    .getAll("formation")
    .map((s) => s.trim().slice(0, 200))
    .filter(Boolean)
    .slice(0, 20);
  if (formations.length) values.formation = formations;

  const trainees = params.get("stagiaires")?.trim();
  if (trainees && /^\d{1,3}$/.test(trainees) && Number(trainees) >= 1 && Number(trainees) <= MAX_TRAINEES) {
    values.stagiaires = String(Number(trainees));
  }

  let funding = params.get("financement")?.trim().toLowerCase() ?? "";
  funding = FUNDING_ALIASES[funding] ?? funding;
  if (!FUNDING_VALUES.includes(funding)) {
    const opco = params.get("opco")?.trim().toLowerCase() ?? "";
    funding = isOpcoSlug(opco) ? `opco-${opco}` : "";
  }
  if (funding) values.financement = funding;

  const format = params.get("format")?.trim();
  if (format && (FORMATS as readonly string[]).includes(format)) values.format = format;
  return values;
}

export interface LeadFormationRef {
  slug: string;
  title: string;
}

/** Field names as the visitor reads them (error summary, admin detail). */
export const QUOTE_LABELS: Record<QuoteField, string> = {
  entreprise: "Entreprise ou structure",
  siret: "SIRET",
  nom: "Nom et prénom",
  email: "Adresse e-mail",
  telephone: "Téléphone",
  formation: "Formation souhaitée",
  autreFormation: "Autre besoin",
  stagiaires: "Nombre de stagiaires",
  periode: "Période souhaitée",
  format: "Format",
  ville: "Ville",
  financement: "Financement envisagé",
  message: "Message",
  consentement: "Consentement",
};

export const CONTACT_LABELS: Record<ContactField, string> = {
  nom: "Nom et prénom",
  email: "Adresse e-mail",
  telephone: "Téléphone",
  sujet: "Sujet",
  message: "Message",
  consentement: "Consentement",
};
