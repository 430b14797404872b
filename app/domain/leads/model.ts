import { z } from "zod";
import { fieldErrorsOf, type FieldErrors } from "~/platform/validation/errors";
import { OPCO_NAMES, OPCO_SLUGS, isOpcoSlug } from "~/domain/funding/opco-list";
import { siretSchema } from "~/domain/settings/model";

/**
 * Leads (issue 6): the quote request (/devis) and the contact message (/contact).
 * The zod schemas below are shared by the browser (validation on blur and before sending)
 * and the server (the only validation that counts). Pure code: runs anywhere.
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

// ---------------------------------------------------------------------------------------------
// Choices
// ---------------------------------------------------------------------------------------------

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
  { value: "autre", label: "Autre demande" },
] as const;

export function subjectLabel(value: string): string {
  return CONTACT_SUBJECTS.find((s) => s.value === value)?.label ?? value;
}

// ---------------------------------------------------------------------------------------------
// Form fields
// ---------------------------------------------------------------------------------------------

/** Anti-spam fields, present in both forms and never kept in a draft. */
export const HONEYPOT_FIELD = "website";
export const TOKEN_FIELD = "jeton";

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

const MESSAGES = {
  tooLong: (label: string, max: number) => `${label} ne doit pas dépasser ${max} caractères.`,
};

function requiredText(missing: string, label: string, max: number) {
  return z.string().trim().min(1, missing).max(max, MESSAGES.tooLong(label, max));
}

function optionalText(label: string, max: number) {
  return z.string().trim().max(max, MESSAGES.tooLong(label, max));
}

const emailField = z
  .string()
  .trim()
  .min(1, "Indiquez votre adresse e-mail.")
  .max(254, MESSAGES.tooLong("L'adresse e-mail", 254))
  .pipe(z.email("L'adresse e-mail n'est pas valide (exemple : prenom.nom@entreprise.fr)."));

/** French numbers (10 digits starting with 0) or international ones (+ or 00, 8 to 15 digits). */
export function isValidPhone(value: string): boolean {
  const digits = value.replace(/[\s.\-()]/g, "");
  return /^(?:0[1-9]\d{8}|(?:\+|00)[1-9]\d{7,14})$/.test(digits);
}

const PHONE_INVALID = "Le numéro de téléphone n'est pas valide (exemple : 06 12 34 56 78 ou +33 6 12 34 56 78).";

const requiredPhone = z
  .string()
  .trim()
  .min(1, "Indiquez votre numéro de téléphone.")
  .max(40, PHONE_INVALID)
  .refine(isValidPhone, PHONE_INVALID);

const optionalPhone = z
  .string()
  .trim()
  .max(40, PHONE_INVALID)
  .refine((v) => v === "" || isValidPhone(v), PHONE_INVALID);

const optionalSiret = z
  .string()
  .transform((s) => s.replace(/\s+/g, ""))
  .superRefine((s, ctx) => {
    if (s === "") return;
    const result = siretSchema.safeParse(s);
    if (!result.success) ctx.addIssue({ code: "custom", message: result.error.issues[0]?.message ?? "Ce numéro SIRET n'est pas valide." });
  });

const consentField = z.literal("on", {
  error: "Cochez cette case : sans votre accord, nous ne pouvons pas traiter votre demande.",
});

export const MAX_TRAINEES = 500;

const traineesField = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (v === "") ctx.addIssue({ code: "custom", message: "Indiquez le nombre de stagiaires." });
    else if (!/^\d+$/.test(v)) ctx.addIssue({ code: "custom", message: "Indiquez un nombre entier de stagiaires (par exemple 4)." });
    else if (Number(v) < 1 || Number(v) > MAX_TRAINEES) {
      ctx.addIssue({ code: "custom", message: `Le nombre de stagiaires est compris entre 1 et ${MAX_TRAINEES}.` });
    }
  })
  .transform(Number);

export const quoteSchema = z
  .object({
    entreprise: requiredText("Indiquez le nom de votre entreprise ou de votre structure.", "Le nom de l'entreprise", 200),
    siret: optionalSiret,
    nom: requiredText("Indiquez votre nom.", "Le nom", 120),
    email: emailField,
    telephone: requiredPhone,
    formation: z.array(z.string().trim().max(200)).max(20, "Choisissez au plus 20 formations."),
    autreFormation: optionalText("La description du besoin", 500),
    stagiaires: traineesField,
    format: z.enum(FORMATS, { error: "Choisissez un format : inter-entreprises, intra-entreprise ou à distance." }),
    periode: optionalText("La période souhaitée", 200),
    ville: optionalText("La ville", 120),
    financement: z.enum(FUNDING_VALUES as [string, ...string[]], { error: "Choisissez un mode de financement." }),
    message: optionalText("Le message", 5000),
    consentement: consentField,
  })
  .refine((v) => (Array.isArray(v.formation) && v.formation.length > 0) || String(v.autreFormation ?? "").trim() !== "", {
    path: ["formation"],
    message: "Choisissez au moins une formation ou décrivez votre besoin dans le champ « Autre besoin ».",
    // Checked even when other fields are invalid, so that every error shows at once.
    when: () => true,
  });

export type QuoteInput = z.infer<typeof quoteSchema>;

export const contactSchema = z.object({
  nom: requiredText("Indiquez votre nom.", "Le nom", 120),
  email: emailField,
  telephone: optionalPhone,
  sujet: z.enum(
    CONTACT_SUBJECTS.map((s) => s.value),
    { error: "Choisissez le sujet de votre message." },
  ),
  message: z
    .string()
    .trim()
    .min(1, "Écrivez votre message.")
    .min(10, "Votre message est un peu court : 10 caractères au moins.")
    .max(5000, MESSAGES.tooLong("Le message", 5000)),
  consentement: consentField,
});

export type ContactInput = z.infer<typeof contactSchema>;

export function schemaFor(kind: LeadKind) {
  return kind === "devis" ? quoteSchema : contactSchema;
}

export function fieldsFor(kind: LeadKind): readonly string[] {
  return kind === "devis" ? QUOTE_FIELDS : CONTACT_FIELDS;
}

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export function validateQuote(values: FormValues): Validation<QuoteInput> {
  const r = quoteSchema.safeParse(values);
  return r.success ? { ok: true, data: r.data } : { ok: false, errors: fieldErrorsOf(r.error) };
}

export function validateContact(values: FormValues): Validation<ContactInput> {
  const r = contactSchema.safeParse(values);
  return r.success ? { ok: true, data: r.data } : { ok: false, errors: fieldErrorsOf(r.error) };
}

/** Errors of the whole form (used in the browser on blur: pick the field's own message). */
export function validateValues(kind: LeadKind, values: FormValues): FieldErrors {
  const r = schemaFor(kind).safeParse(values);
  return r.success ? {} : fieldErrorsOf(r.error);
}

// ---------------------------------------------------------------------------------------------
// Prefill of /devis from the query string
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------------------------

export const LEADS_PAGE_SIZE = 25;

/** Filters of /admin/devis and /admin/messages, from the query string. */
export const leadFilterSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  statut: z
    .enum(["actifs", "tous", ...LEAD_STATUSES])
    .catch("actifs")
    .default("actifs"),
  financement: z.string().trim().max(40).optional().catch(undefined),
  format: z.enum(FORMATS).optional().catch(undefined),
  sujet: z.string().trim().max(40).optional().catch(undefined),
  du: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  au: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export type LeadFilter = z.infer<typeof leadFilterSchema>;

export function parseLeadFilter(params: URLSearchParams): LeadFilter {
  return leadFilterSchema.parse(Object.fromEntries([...params.entries()].filter(([, v]) => v !== "")));
}

export const noteSchema = z.object({
  body: z.string().trim().min(1, "Écrivez la note avant de l'ajouter.").max(5000, MESSAGES.tooLong("La note", 5000)),
});

/** Send state of a queued e-mail, as staff read it. */
export const MAIL_STATE_LABELS: Record<string, string> = {
  pending: "En attente d'envoi",
  sending: "Envoi en cours",
  sent: "Envoyé",
  failed: "Échec définitif",
};

export const MAIL_PURPOSE_LABELS: Record<string, string> = {
  staff: "Notification à l'équipe",
  ack: "Accusé de réception au demandeur",
};

export interface LeadFormationRef {
  slug: string;
  title: string;
}

export interface LeadMailSummary {
  id: string;
  purpose: string;
  to: string;
  state: string;
  attempts: number;
  nextAttemptAt: string;
  lastError: string;
  sentAt: string | null;
  via: string;
}

export interface LeadListItem {
  id: string;
  reference: string;
  kind: LeadKind;
  status: LeadStatus;
  name: string;
  email: string;
  company: string;
  subject: string;
  formations: LeadFormationRef[];
  formationOther: string;
  trainees: number | null;
  funding: string;
  createdAt: string;
  /** Worst send state of the lead's e-mails: failed > pending/sending > sent. */
  mailState: "sent" | "pending" | "failed" | "none";
}

export interface LeadDetail extends LeadListItem {
  phone: string;
  siret: string;
  format: string;
  period: string;
  city: string;
  message: string;
  consentAt: string;
  updatedAt: string;
  notes: Array<{ id: string; authorEmail: string; body: string; createdAt: string }>;
  mails: LeadMailSummary[];
}

/** Worst state first: what the list shows for a lead's mails. */
export function summarizeMailStates(states: string[]): LeadListItem["mailState"] {
  if (states.length === 0) return "none";
  if (states.includes("failed")) return "failed";
  if (states.some((s) => s === "pending" || s === "sending")) return "pending";
  return "sent";
}

/** Lower-case, accent-free words, for a LIKE search that ignores accents. */
export function searchText(...parts: Array<string | null | undefined>): string {
  return parts
    .filter(Boolean)
    .join(" ")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
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
