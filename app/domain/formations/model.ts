import { z } from "zod";
import { capitalize, deLabel } from "~/ui/french";
import { imageSchema } from "~/platform/storage/image-schema";
import type { StoredImage } from "~/platform/storage/stored-image";
import { parseFrenchNumber } from "~/platform/validation/numbers";
import { OPCO_SLUGS, type OpcoSlug } from "~/domain/funding/opco-list";
import {
  CERTIFICATION_TYPES,
  FUNDING_OPTIONS,
  MARKDOWN_MAX,
  MODALITIES,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  VAT_MODES,
  type CertificationType,
  type FormationStatus,
  type Modality,
  type VatMode,
} from "./labels";
import { CATEGORY_SLUG_PATTERN, slugProblem } from "./slug";
import { readPrice } from "./price";
import { parseJsonSafely } from "~/platform/validation/form-data";
import { emptyToNull, optionalMarkdown, optionalText, requiredMarkdown, requiredText, toArray } from "~/platform/validation/text-fields";
import { fieldErrorsOf, type FieldErrors } from "~/platform/validation/errors";

/**
 * The formation model: what the Qualiopi framework (indicators 1 and 2) requires a training
 * organisation to publish for each course, plus catalogue fields. Schemas accept both typed
 * objects (seed, tests) and strings from an HTML form (French decimal comma, checkboxes).
 */

/** OPCOs come from the funding area (one list): each has its page `/financement/{slug}`. */
const OPCO_ENUM = OPCO_SLUGS as unknown as [OpcoSlug, ...OpcoSlug[]];

function checkbox(value: unknown): boolean {
  if (Array.isArray(value)) value = value.at(-1);
  return value === true || value === 1 || value === "on" || value === "1" || value === "true";
}

// ---------------------------------------------------------------------------------------------
// Field builders with French messages.

const markdown = (label: string, required = true) =>
  required ? requiredMarkdown(label, 1, MARKDOWN_MAX) : optionalMarkdown(label, MARKDOWN_MAX);

function numberSchema(label: string, { min, max, integer = false }: { min: number; max: number; integer?: boolean }) {
  let n = z.number({
    error: (issue) => (issue.input === null || issue.input === undefined ? `${label} est obligatoire.` : `${label} doit être un nombre.`),
  });
  if (integer) n = n.int(`${label} doit être un nombre entier.`);
  return n
    .min(min, `${label} doit être au moins ${String(min).replace(".", ",")}.`)
    .max(max, `${label} ne dépasse pas ${String(max).replace(".", ",")}.`);
}

/** A required number; form strings use the French decimal comma. */
const number = (label: string, limits: { min: number; max: number; integer?: boolean }) =>
  z.preprocess(parseFrenchNumber, numberSchema(label, limits));

/** An optional number: empty means null. */
const optionalNumber = (label: string, limits: { min: number; max: number; integer?: boolean }) =>
  z.preprocess(parseFrenchNumber, numberSchema(label, limits).nullable().default(null));

/** A price in euros as offices write it (« 1 200 € », « 1.200,50 »); empty or « sur devis » means null. */
const price = (label: string) =>
  z.preprocess(
    (value, ctx) => {
      const reading = readPrice(value);
      if (reading.ok) return reading.price;
      ctx.addIssue({ code: "custom", message: reading.message, input: value });
      return value;
    },
    numberSchema(label, { min: 0, max: 100_000 }).nullable().default(null),
  );

const isoDate = (label: string) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .min(1, `${label} est obligatoire.`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} n'est pas une date valide (format AAAA-MM-JJ).`)
    .refine(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      `${label} n'est pas une date valide.`,
    );

const optionalIsoDate = (label: string) => z.preprocess(emptyToNull, isoDate(label).nullable().default(null));

const email = (label: string) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .min(1, `${label} est obligatoire.`)
    .pipe(z.email(`${label} n'est pas une adresse e-mail valide.`));

const bool = z.preprocess(checkbox, z.boolean());

const slugField = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() : v === null || v === undefined ? "" : v),
  z.string().superRefine((slug, ctx) => {
    if (slug === "") return; // derived from the title
    const problem = slugProblem(slug);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
);

// ---------------------------------------------------------------------------------------------
// Formation.

export const programModuleSchema = z.object({
  title: requiredText("Le titre du module", 1, 160),
  content: markdown("Le contenu du module", false),
  durationHours: optionalNumber("La durée du module", { min: 0.5, max: 500 }),
});
export type ProgramModule = z.output<typeof programModuleSchema>;

export const sessionInputSchema = z
  .object({
    id: z.preprocess(emptyToNull, z.string().max(64).nullable().default(null)),
    startDate: isoDate("La date de début"),
    endDate: isoDate("La date de fin"),
    /** null: the session takes place remotely. */
    cityId: z.preprocess(emptyToNull, z.string().max(64).nullable().default(null)),
    seatsLeft: number("Le nombre de places restantes", { min: 0, max: 500, integer: true }),
    /**
     * The free seats the editor showed when it was opened: a save applies the difference
     * (seatsLeft − seatsShown) to the counter, so that registrations taken meanwhile are kept
     * (docs/decisions/0011-registrations-seats.md). Absent (import, new session): seatsLeft is set as is.
     */
    seatsShown: optionalNumber("Les places affichées", { min: 0, max: 500, integer: true }),
  })
  .superRefine((s, ctx) => {
    if (s.endDate < s.startDate)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "La date de fin ne peut pas précéder la date de début." });
  });
export type SessionInput = z.output<typeof sessionInputSchema>;

const lines = (label: string, maxItems: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.split(/\r?\n/) : toArray(v)),
    z
      .array(z.string().trim())
      .transform((items) => items.map((s) => s.replace(/^[-*•]\s*/, "")).filter(Boolean))
      .pipe(
        z
          .array(z.string().max(300, `Chaque ligne ${deLabel(label)} ne dépasse pas 300 caractères.`))
          .min(1, `Indiquez au moins une ligne pour ${label}.`)
          .max(maxItems, `${capitalize(label)}\u00a0: ${maxItems} lignes au plus.`),
      ),
  );

const CERTIFICATION_CODE: Record<Exclude<CertificationType, "none">, RegExp> = { rncp: /^RNCP\d{3,6}$/, rs: /^RS\d{3,6}$/ };

export const formationInputSchema = z
  .object({
    title: requiredText("Le titre", 5, 120),
    slug: slugField,
    summary: requiredText("Le résumé", 20, 300),
    categoryId: requiredText("La catégorie", 1, 64),
    description: markdown("La présentation"),
    program: z.preprocess(
      toArray,
      z.array(programModuleSchema).min(1, "Ajoutez au moins un module au programme.").max(40, "Le programme compte 40 modules au plus."),
    ),
    objectives: lines("les objectifs", 20),
    prerequisites: requiredText("Les prérequis", 1, 2000),
    audience: requiredText("Le public visé", 1, 2000),
    durationHours: number("La durée en heures", { min: 0.5, max: 2000 }),
    durationDays: number("La durée en jours", { min: 0.5, max: 365 }),
    modality: z.enum(MODALITIES, { error: "Choisissez une modalité : présentiel, distanciel ou mixte." }),
    teachingMethods: markdown("Les méthodes pédagogiques"),
    evaluationMethods: markdown("Les modalités d'évaluation"),
    accessModalities: markdown("Les modalités d'accès"),
    accessLeadTime: requiredText("Le délai d'accès", 1, 300),
    /** Inter-company price per person, in euros; null means "on quote". */
    priceInter: price("Le prix inter-entreprises"),
    intraOnQuote: bool,
    vatMode: z.enum(VAT_MODES, { error: "Indiquez le régime de TVA : HT, TTC ou exonération." }),
    contactName: requiredText("Le nom du contact", 1, 120),
    contactEmail: email("L'e-mail du contact"),
    contactPhone: requiredText("Le téléphone du contact", 1, 40),
    accessibility: markdown("L'accessibilité aux personnes handicapées"),
    disabilityContactName: requiredText("Le nom du référent handicap", 1, 120),
    disabilityContactEmail: email("L'e-mail du référent handicap"),
    satisfactionRate: optionalNumber("Le taux de satisfaction", { min: 0, max: 100 }),
    successRate: optionalNumber("Le taux de réussite", { min: 0, max: 100 }),
    traineesCount: optionalNumber("Le nombre de stagiaires", { min: 0, max: 1_000_000, integer: true }),
    resultsMeasuredAt: optionalIsoDate("La date de mesure des indicateurs"),
    certificationType: z.enum(CERTIFICATION_TYPES, { error: "Choisissez le type de certification." }),
    certificationCode: optionalText("Le code de la certification", 20).transform((s) => s.toUpperCase().replace(/\s+/g, "")),
    certificationTitle: optionalText("L'intitulé de la certification", 300),
    certifier: optionalText("Le certificateur", 200),
    certificationRegisteredAt: optionalIsoDate("La date d'enregistrement de la certification"),
    // Qualiopi indicator 3: required at publication for a certifying formation only (below).
    certificationPassRate: optionalNumber("Le taux d'obtention de la certification", { min: 0, max: 100 }),
    certificationCandidates: optionalNumber("Le nombre de candidats présentés", { min: 0, max: 1_000_000, integer: true }),
    certificationResultsPeriod: optionalText("La période des résultats de certification", 120),
    competenceBlocks: markdown("Les blocs de compétences", false),
    partialValidation: bool,
    equivalences: markdown("Les équivalences et passerelles", false),
    nextSteps: markdown("Les suites de parcours", false),
    careerOutcomes: markdown("Les débouchés", false),
    franceCompetencesUrl: optionalText("Le lien vers la fiche France Compétences", 300),
    cpfEligible: bool,
    fundingOptions: z
      .preprocess(toArray, z.array(z.enum(FUNDING_OPTIONS, { error: "Mode de financement inconnu." })))
      .transform((a) => [...new Set(a)]),
    opcos: z.preprocess(toArray, z.array(z.enum(OPCO_ENUM, { error: "OPCO inconnu." }))).transform((a) => [...new Set(a)]),
    cityIds: z.preprocess(toArray, z.array(z.string().min(1).max(64))).transform((a) => [...new Set(a)]),
    sessions: z.preprocess(toArray, z.array(sessionInputSchema).max(100, "100 sessions au plus.")),
    image: z.preprocess(
      (v) => (v === "" || v === undefined ? null : typeof v === "string" ? parseJsonSafely(v) : v),
      imageSchema.nullable(),
    ),
    imageAlt: optionalText("Le texte alternatif de l'image", 200),
    featured: bool,
    seoTitle: optionalText("Le titre pour les moteurs de recherche", SEO_TITLE_MAX),
    seoDescription: optionalText("La description pour les moteurs de recherche", SEO_DESCRIPTION_MAX),
  })
  .superRefine((f, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: path.split("."), message });
    if (f.certificationType !== "none") {
      const label = f.certificationType === "rncp" ? "RNCP" : "RS";
      if (!f.certificationCode) issue("certificationCode", `Le code ${label} est obligatoire pour une formation certifiante.`);
      else if (!CERTIFICATION_CODE[f.certificationType].test(f.certificationCode)) {
        issue(
          "certificationCode",
          `Le code s'écrit ${label} suivi de chiffres, par exemple ${label}${f.certificationType === "rncp" ? "35399" : "5252"}.`,
        );
      }
      if (!f.certificationTitle) issue("certificationTitle", "L'intitulé exact de la certification est obligatoire.");
      if (!f.certifier) issue("certifier", "Le certificateur est obligatoire.");
      if (!f.certificationRegisteredAt) issue("certificationRegisteredAt", "La date d'enregistrement de la certification est obligatoire.");
      // Qualiopi indicator 3: the results and the paths of a certification, published with it.
      if (f.certificationCandidates === null)
        issue("certificationCandidates", "Indiquez le nombre de candidats présentés à la certification (0 pour une première session).");
      else if (f.certificationCandidates > 0 && f.certificationPassRate === null)
        issue("certificationPassRate", "Le taux d'obtention de la certification est obligatoire dès qu'un candidat s'est présenté.");
      if (!f.certificationResultsPeriod)
        issue("certificationResultsPeriod", "Indiquez la période des résultats (par exemple « sessions de 2025 »).");
      if (!f.competenceBlocks) issue("competenceBlocks", "Décrivez les blocs de compétences de la certification.");
      if (!f.equivalences) issue("equivalences", "Indiquez les équivalences et passerelles (ou qu'il n'y en a pas).");
      if (!f.nextSteps) issue("nextSteps", "Indiquez les suites de parcours possibles.");
      if (!f.careerOutcomes) issue("careerOutcomes", "Indiquez les débouchés de la certification.");
      if (!f.franceCompetencesUrl) issue("franceCompetencesUrl", "Le lien vers la fiche France Compétences est obligatoire.");
    }
    if (f.franceCompetencesUrl && !/^https:\/\/www\.francecompetences\.fr\//.test(f.franceCompetencesUrl))
      issue(
        "franceCompetencesUrl",
        "Le lien commence par https://www.francecompetences.fr/\u00a0: copiez l'adresse de la fiche RNCP ou RS.",
      );
    if (f.cpfEligible && f.certificationType === "none") {
      issue("cpfEligible", "Seule une formation certifiante (RNCP ou Répertoire spécifique) peut être éligible au CPF.");
    }
    const hasIndicator = f.satisfactionRate !== null || f.successRate !== null || f.traineesCount !== null;
    if (hasIndicator && !f.resultsMeasuredAt) issue("resultsMeasuredAt", "Indiquez la date à laquelle les indicateurs ont été mesurés.");
    if (f.modality !== "distanciel" && f.cityIds.length === 0)
      issue("cityIds", "Choisissez au moins une ville pour une formation en présentiel ou mixte.");
    if (f.image && !f.imageAlt) issue("imageAlt", "Décrivez l'image pour les personnes qui ne la voient pas (texte alternatif).");
    f.sessions.forEach((s, i) => {
      if (s.cityId === null && f.modality === "presentiel")
        issue(`sessions.${i}.cityId`, "Une formation en présentiel a lieu dans une ville : choisissez-la.");
      if (s.cityId !== null && f.modality === "distanciel")
        issue(`sessions.${i}.cityId`, "Une formation à distance n'a pas de ville : choisissez « À distance ».");
      if (s.cityId !== null && !f.cityIds.includes(s.cityId))
        issue(`sessions.${i}.cityId`, "Cette ville doit aussi être cochée parmi les villes de la formation.");
    });
  });

export type FormationInput = z.input<typeof formationInputSchema>;
export type FormationData = z.output<typeof formationInputSchema>;

/** What a formation lacks, or has wrong, to be published (field messages keyed by field name). */
export function publicationProblems(f: Formation): FieldErrors {
  const result = formationInputSchema.safeParse(formationToFormValues(f));
  return result.success ? {} : fieldErrorsOf(result.error);
}

export interface FormationSession {
  id: string;
  formationId: string;
  startDate: string;
  endDate: string;
  cityId: string | null;
  seatsLeft: number;
  /** Inter-company (registration online) or intra-company (one company, on quote); read from the database, never written by the editor or the import. */
  kind?: SessionKind;
}

export type SessionKind = "inter" | "intra";

export interface Formation extends Omit<FormationData, "sessions" | "slug"> {
  id: string;
  slug: string;
  status: FormationStatus;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  sessions: FormationSession[];
}

/** One row of a list (catalogue, admin), with its next session. */
export interface FormationListItem {
  id: string;
  slug: string;
  title: string;
  summary: string;
  category: { id: string; slug: string; name: string };
  modality: Modality;
  durationHours: number;
  durationDays: number;
  priceInter: number | null;
  vatMode: VatMode;
  cpfEligible: boolean;
  certificationType: CertificationType;
  image: StoredImage | null;
  imageAlt: string;
  featured: boolean;
  status: FormationStatus;
  updatedAt: string;
  cityNames: string[];
  nextSession: { startDate: string; endDate: string; cityName: string | null } | null;
}

/** A session with its formation and city, for lists of upcoming sessions. */
export interface UpcomingSession {
  id: string;
  startDate: string;
  endDate: string;
  seatsLeft: number;
  /** An intra-company session takes no registration: the public table offers a quote instead. */
  kind: SessionKind;
  city: { slug: string; name: string } | null;
  formation: { id: string; slug: string; title: string; modality: Modality };
}

// ---------------------------------------------------------------------------------------------
// Categories.

export const categoryInputSchema = z.object({
  slug: z
    .string({ error: "L'identifiant est obligatoire." })
    .trim()
    .toLowerCase()
    .min(1, "L'identifiant est obligatoire.")
    .max(30, "L'identifiant ne dépasse pas 30 caractères.")
    .regex(
      CATEGORY_SLUG_PATTERN,
      "L'identifiant est un seul mot en minuscules sans accent ni tiret (par exemple « bureautique »), car l'adresse des pages est /formation-{identifiant}/{ville}.",
    ),
  name: requiredText("Le nom", 2, 60),
  description: requiredText("La présentation", 20, 600),
  position: optionalNumber("L'ordre d'affichage", { min: 0, max: 1000, integer: true }).transform((n) => n ?? 0),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;
export type CategoryData = z.output<typeof categoryInputSchema>;
export interface Category extends CategoryData {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** A formation as the editor's form values (same names as the form fields). */
export function formationToFormValues(f: Formation): Record<string, unknown> {
  return {
    ...f,
    // A draft's unknown duration is stored as 0: shown empty, still to fill in.
    durationHours: f.durationHours || "",
    durationDays: f.durationDays || "",
    objectives: f.objectives.join("\n"),
    image: f.image ? JSON.stringify(f.image) : "",
    sessions: f.sessions.map((s) => ({
      id: s.id,
      startDate: s.startDate,
      endDate: s.endDate,
      cityId: s.cityId ?? "",
      seatsLeft: s.seatsLeft,
      seatsShown: s.seatsLeft,
    })),
    cpfEligible: f.cpfEligible ? "1" : "",
    partialValidation: f.partialValidation ? "1" : "",
    intraOnQuote: f.intraOnQuote ? "1" : "",
    featured: f.featured ? "1" : "",
  };
}

/**
 * A new formation in the editor: the organisation's defaults (/admin/parametres/formations: contacts,
 * disability referent, VAT, access, methods), then the usual wording to adapt. `defaulted` names the
 * fields that come from those defaults, marked as such in the editor.
 */
export function newFormationFormValues(defaults: Record<string, string>): { values: Record<string, unknown>; defaulted: string[] } {
  const given = Object.fromEntries(Object.entries(defaults).filter(([, v]) => v.trim() !== ""));
  return {
    values: {
      modality: "presentiel",
      vatMode: "exonere",
      intraOnQuote: "1",
      certificationType: "none",
      prerequisites: "Aucun.",
      fundingOptions: ["entreprise"],
      program: [{ title: "", content: "", durationHours: "" }],
      sessions: [],
      ...given,
    },
    defaulted: Object.keys(given),
  };
}
