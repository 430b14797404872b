/**
 * Formation labels, constants and display rules without zod: imported by public pages and
 * components, so that they do not download the schemas (`./model`).
 */

import { OPCO_NAMES, OPCO_SLUGS, type OpcoSlug } from "~/domain/funding/opco-list";
import { formatEuros } from "~/platform/format";
import { lazily, parisCalendarDay } from "~/platform/intl";
import { LruMap } from "~/platform/lru-map";

export const MODALITIES = ["presentiel", "distanciel", "mixte"] as const;
export type Modality = (typeof MODALITIES)[number];
export const MODALITY_LABELS: Record<Modality, string> = {
  presentiel: "Présentiel",
  distanciel: "Distanciel",
  mixte: "Mixte (présentiel et distanciel)",
};

export const VAT_MODES = ["ht", "ttc", "exonere"] as const;
export type VatMode = (typeof VAT_MODES)[number];
export const VAT_LABELS: Record<VatMode, { short: string; note: string }> = {
  ht: { short: "HT", note: "Prix hors taxes, TVA de 20 % en sus." },
  ttc: { short: "TTC", note: "Prix toutes taxes comprises." },
  exonere: { short: "net de taxe", note: "Exonération de TVA, article 261-4-4° a du Code général des impôts." },
};

export const CERTIFICATION_TYPES = ["none", "rncp", "rs"] as const;
export type CertificationType = (typeof CERTIFICATION_TYPES)[number];
export const CERTIFICATION_LABELS: Record<CertificationType, string> = {
  none: "Formation non certifiante",
  rncp: "Certification inscrite au RNCP",
  rs: "Certification inscrite au Répertoire spécifique",
};

/** Funding routes besides the CPF (which follows `cpfEligible`); each has its page `/financement/{slug}`. */
export const FUNDING_OPTIONS = ["entreprise", "pole-emploi", "particulier"] as const;
export type FundingOption = (typeof FUNDING_OPTIONS)[number];
export const FUNDING_LABELS: Record<FundingOption | "cpf", string> = {
  cpf: "Compte personnel de formation (CPF)",
  entreprise: "Plan de développement des compétences de l'entreprise",
  "pole-emploi": "France Travail (demandeurs d'emploi)",
  particulier: "Financement personnel",
};

export const FORMATION_STATUSES = ["draft", "published"] as const;
export type FormationStatus = (typeof FORMATION_STATUSES)[number];
export const STATUS_LABELS: Record<FormationStatus, string> = { draft: "Brouillon", published: "Publiée" };

export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 160;
export const MARKDOWN_MAX = 20_000;

// ---------------------------------------------------------------------------------------------
// Display rules.

/**
 * The fields of a formation that the display rules read (a `Formation` of `./model` has them): named
 * here so that this module does not import the model, which imports its constants.
 */
export interface DisplayedFields {
  title: string;
  summary: string;
  seoTitle: string;
  seoDescription: string;
  priceInter: number | null;
  vatMode: VatMode;
  durationHours: number;
  durationDays: number;
  cpfEligible: boolean;
  fundingOptions: readonly FundingOption[];
  opcos: readonly OpcoSlug[];
  certificationType: CertificationType;
  certificationCode: string;
}

/** "1 290 € HT par personne" or "Sur devis". */
export function priceLabel(f: Pick<DisplayedFields, "priceInter" | "vatMode">): string {
  if (f.priceInter === null) return "Sur devis";
  // A draft may not say its VAT yet: the price alone.
  const vat = VAT_LABELS[f.vatMode]?.short;
  return `${formatEuros(f.priceInter)}${vat ? ` ${vat}` : ""} par personne`;
}

const oneDecimal = lazily(() => new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 }));

/** 14 → "14 h", 3.5 → "3,5 h"; 2 → "2 jours", 0.5 → "0,5 jour". */
export function durationLabel(f: Pick<DisplayedFields, "durationHours" | "durationDays">): string {
  const fmt = (n: number) => oneDecimal().format(n);
  return `${fmt(f.durationHours)}\u00a0h (${fmt(f.durationDays)}\u00a0${f.durationDays >= 2 ? "jours" : "jour"})`;
}

export function percentLabel(value: number): string {
  return `${oneDecimal().format(value)}\u00a0%`;
}

/** Every funding route of a formation, CPF first, each with the page that explains it. */
export function fundingRoutes(
  f: Pick<DisplayedFields, "cpfEligible" | "fundingOptions" | "opcos">,
): Array<{ label: string; href: string }> {
  const routes: Array<{ label: string; href: string }> = [];
  if (f.cpfEligible) routes.push({ label: FUNDING_LABELS.cpf, href: "/financement/cpf" });
  for (const option of FUNDING_OPTIONS)
    if (f.fundingOptions.includes(option))
      routes.push({
        label: FUNDING_LABELS[option],
        href: option === "pole-emploi" ? "/financement/france-travail" : `/financement/${option}`,
      });
  for (const slug of OPCO_SLUGS)
    if (f.opcos.includes(slug)) routes.push({ label: `OPCO : ${OPCO_NAMES[slug]}`, href: `/financement/${slug}` });
  return routes;
}

/** The SEO title and description, falling back to the title and the summary. */
export function seoOf(f: Pick<DisplayedFields, "title" | "summary" | "seoTitle" | "seoDescription">): {
  title: string;
  description: string;
} {
  const description =
    f.seoDescription ||
    (f.summary.length > SEO_DESCRIPTION_MAX ? `${f.summary.slice(0, SEO_DESCRIPTION_MAX - 1).replace(/\s+\S*$/, "")}…` : f.summary);
  return { title: f.seoTitle || f.title, description };
}

/** The "today" used to tell upcoming sessions from past ones, as YYYY-MM-DD in Paris time. */
export function todayInParis(now = new Date()): string {
  return parisCalendarDay(now);
}

const dayMonthYear = lazily(() => new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }));
const dayMonth = lazily(() => new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", timeZone: "UTC" }));
const dayOnly = lazily(() => new Intl.DateTimeFormat("fr-FR", { day: "numeric", timeZone: "UTC" }));

function utc(iso: string): Date {
  return new Date(`${iso.slice(0, 10)}T00:00:00Z`);
}

function first(text: string, date: Date): string {
  return date.getUTCDate() === 1 ? text.replace(/^1(?=\s|$)/, "1er") : text;
}

/** "le 12 mars 2026", "du 12 au 13 mars 2026", "du 30 mars au 2 avril 2026", "du 29 décembre 2026 au 2 janvier 2027". */
export function sessionDatesLabel(startDate: string, endDate: string): string {
  const key = `${startDate}/${endDate}`;
  let label = datesLabels.get(key);
  if (label === undefined) {
    label = formatSessionDates(startDate, endDate);
    datesLabels.set(key, label);
  }
  return label;
}

/** Labels already written: a catalogue's sessions share a few hundred date pairs, each formatted once. */
const datesLabels = new LruMap<string, string>(2000);

function formatSessionDates(startDate: string, endDate: string): string {
  const a = utc(startDate);
  const b = utc(endDate);
  if (startDate === endDate) return `le ${first(dayMonthYear().format(a), a)}`;
  const sameYear = a.getUTCFullYear() === b.getUTCFullYear();
  const sameMonth = sameYear && a.getUTCMonth() === b.getUTCMonth();
  const from = sameMonth ? first(dayOnly().format(a), a) : sameYear ? first(dayMonth().format(a), a) : first(dayMonthYear().format(a), a);
  return `du ${from} au ${first(dayMonthYear().format(b), b)}`;
}

/** Link to the certification's record on France Compétences. */
export function certificationUrl(f: Pick<DisplayedFields, "certificationType" | "certificationCode">): string | undefined {
  if (f.certificationType === "none" || !f.certificationCode) return undefined;
  const digits = f.certificationCode.replace(/^\D+/, "");
  return `https://www.francecompetences.fr/recherche/${f.certificationType}/${digits}/`;
}

// ---------------------------------------------------------------------------------------------
// The public catalogue's query string (French parameter names; the home page links ?categorie=…).

export const CATALOGUE_SORTS = {
  pertinence: { label: "Pertinence", sort: "relevance" },
  "prochaine-session": { label: "Prochaine session", sort: "next-session" },
  "prix-croissant": { label: "Prix croissant", sort: "price" },
  "prix-decroissant": { label: "Prix décroissant", sort: "-price" },
  titre: { label: "Titre (A à Z)", sort: "title" },
} as const;
export type CatalogueSortKey = keyof typeof CATALOGUE_SORTS;

export const CATALOGUE_PRICE_STEPS = [300, 500, 1000, 1500] as const;
export const CATALOGUE_PAGE_SIZE = 12;

export interface CatalogueQuery {
  q: string;
  categorie: string;
  modalite: Modality | "";
  ville: string;
  cpf: boolean;
  prix: number | null;
  tri: CatalogueSortKey;
  page: number;
}

/** Reads the catalogue's filters; anything malformed is ignored rather than refused. */
export function parseCatalogueQuery(params: URLSearchParams): CatalogueQuery {
  const get = (name: string) => (params.get(name) ?? "").trim();
  const modalite = get("modalite");
  const tri = get("tri");
  const prix = Number(get("prix"));
  const page = Number(get("page"));
  return {
    q: get("q").slice(0, 100),
    categorie: /^[a-z0-9]{1,30}$/.test(get("categorie")) ? get("categorie") : "",
    modalite: (MODALITIES as readonly string[]).includes(modalite) ? (modalite as Modality) : "",
    ville: /^[a-z0-9-]{1,60}$/.test(get("ville")) ? get("ville") : "",
    cpf: ["1", "oui", "on", "true"].includes(get("cpf")),
    prix: Number.isFinite(prix) && prix > 0 ? prix : null,
    tri: tri in CATALOGUE_SORTS ? (tri as CatalogueSortKey) : "pertinence",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** A price per trainee excluding VAT: prices are stored as entered, and a price including VAT (20 %) is brought back to HT. */
export function priceExcludingVat(priceInter: number | null, vatMode: VatMode): number | null {
  if (priceInter === null) return null;
  return vatMode === "ttc" ? Math.round((priceInter / 1.2) * 100) / 100 : priceInter;
}
