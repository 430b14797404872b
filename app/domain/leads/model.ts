import { z } from "zod";
import { typed } from "~/platform/validation/text-fields";
import { fieldErrorsOf, type FieldErrors } from "~/platform/validation/errors";
import { siretSchema } from "~/domain/settings/model";
import { PHONE_INVALID, isValidPhone } from "~/platform/validation/phone";
import {
  CONTACT_FIELDS,
  CONTACT_SUBJECTS,
  FORMATS,
  FUNDING_VALUES,
  LEAD_STATUSES,
  MAX_TRAINEES,
  QUOTE_FIELDS,
  type FormValues,
  type LeadFormationRef,
  type LeadKind,
  type LeadStatus,
} from "./labels";

export * from "./labels";

/**
 * Leads: the quote request (/devis) and the contact message (/contact).
 * The zod schemas below are shared by the browser (validation on blur and before sending)
 * and the server (the only validation that counts). Pure code: runs anywhere.
 */

// ---------------------------------------------------------------------------------------------
// Choices
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Form fields
// ---------------------------------------------------------------------------------------------

const MESSAGES = {
  tooLong: (label: string, max: number) => `${label} ne doit pas dépasser ${max} caractères.`,
};

function requiredText(missing: string, label: string, max: number) {
  return typed(z.string().trim().min(1, missing).max(max, MESSAGES.tooLong(label, max)));
}

function optionalText(label: string, max: number) {
  return typed(z.string().trim().max(max, MESSAGES.tooLong(label, max)));
}

const emailField = z
  .string()
  .trim()
  .min(1, "Indiquez votre adresse e-mail.")
  .max(254, MESSAGES.tooLong("L'adresse e-mail", 254))
  .pipe(z.email("L'adresse e-mail n'est pas valide (exemple : prenom.nom@entreprise.fr)."));

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
  body: typed(z.string().trim().min(1, "Écrivez la note avant de l'ajouter.").max(5000, MESSAGES.tooLong("La note", 5000))),
});

/** Send state of a queued e-mail, as staff read it (the mail room's labels). */
export { MAIL_STATE_LABELS, mailStateLabel } from "~/platform/email/states";

export const MAIL_PURPOSE_LABELS: Record<string, string> = {
  staff: "Notification à l'équipe",
  ack: "Accusé de réception au demandeur",
};

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
  /** The send state of the lead's e-mails as a whole (`leadMailState`). */
  mailState: LeadMailState;
}

export type LeadMailState = "sent" | "outbox" | "pending" | "failed" | "none";

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
  /** The complaint of the register a « Réclamation » message came with. */
  complaint: { id: string; reference: string } | null;
}

/**
 * The send state of a lead's e-mails as a whole, worst first: failed > pending/sending > outbox >
 * sent. `outbox`: every mail went out, at least one only into the local outbox (no SMTP server,
 * recorded in `via` on send). The one source of this state for the list, the detail page and the
 * CSV export.
 */
export function leadMailState(mails: ReadonlyArray<{ state: string; via: string }>): LeadMailState {
  if (mails.length === 0) return "none";
  if (mails.some((m) => m.state === "failed")) return "failed";
  if (mails.some((m) => m.state === "pending" || m.state === "sending")) return "pending";
  if (mails.some((m) => m.via === "outbox")) return "outbox";
  return "sent";
}

/** How staff read a lead's mail state (list, detail page, CSV export). */
export const LEAD_MAIL_STATE_LABELS: Record<LeadMailState, string> = {
  sent: "Envoyés au serveur SMTP",
  outbox: "Écrits dans la boîte locale",
  pending: "En attente d'envoi",
  failed: "Échec d'envoi",
  none: "Aucun",
};

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
