import { z } from "zod";
import { typed } from "~/platform/validation/text-fields";
import { isValidPhone } from "~/platform/validation/phone";
import { siretSchema } from "~/domain/settings/model";
import { OPCO_SLUGS } from "~/domain/funding/opco-list";
import { MAX_TRAINEES } from "./labels";

/**
 * The registration form's schema, shared by the browser (loaded when the visitor starts filling
 * the form in) and the server (`parseSubmission`). Field names are those of the form.
 */

const tooLong = (label: string, max: number) => `${label} ne doit pas dépasser ${max} caractères.`;

function requiredText(missing: string, label: string, max: number) {
  return z.preprocess((v) => v ?? "", typed(z.string().trim().min(1, missing).max(max, tooLong(label, max))));
}

function optionalText(label: string, max: number) {
  return z.preprocess((v) => v ?? "", typed(z.string().trim().max(max, tooLong(label, max))));
}

const EMAIL_INVALID = "L'adresse e-mail n'est pas valide (exemple\u00a0: prenom.nom@entreprise.fr).";

function email(missing: string) {
  return z.preprocess(
    (v) => v ?? "",
    z.string().trim().min(1, missing).max(254, tooLong("L'adresse e-mail", 254)).pipe(z.email(EMAIL_INVALID)),
  );
}

const PHONE_INVALID = "Le numéro de téléphone n'est pas valide (exemple\u00a0: 06 12 34 56 78 ou +33 6 12 34 56 78).";

const checked = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

export const traineeSchema = z.object({
  prenom: requiredText("Indiquez le prénom du stagiaire.", "Le prénom", 80),
  nom: requiredText("Indiquez le nom du stagiaire.", "Le nom", 80),
  email: email("Indiquez l'adresse e-mail du stagiaire (pour sa convocation)."),
  fonction: optionalText("La fonction", 120),
});
export type TraineeInput = z.output<typeof traineeSchema>;

/** The trainees as posted (`stagiaires.0.nom`…): an object of rows or an array, in order. */
const traineeRows = z.preprocess(
  (v) => (Array.isArray(v) ? v.filter((row) => row !== undefined) : v && typeof v === "object" ? Object.values(v) : []),
  z
    .array(traineeSchema)
    .min(1, "Indiquez au moins un stagiaire.")
    .max(
      MAX_TRAINEES,
      `${MAX_TRAINEES} stagiaires au plus par inscription\u00a0: pour un groupe plus grand, demandez-nous une session intra-entreprise.`,
    ),
);

export const registrationSchema = z
  .object({
    acheteur: z.enum(["entreprise", "particulier"], { error: "Indiquez qui paie la formation." }),
    entreprise: optionalText("La raison sociale", 200),
    siret: z.preprocess(
      (v) => (typeof v === "string" ? v.replace(/\s+/g, "") : ""),
      z.string().refine((s) => s === "" || siretSchema.safeParse(s).success, {
        error: (issue) => siretSchema.safeParse(issue.input).error?.issues[0]?.message ?? "Ce numéro SIRET n'est pas valide.",
      }),
    ),
    adresse: requiredText("Indiquez l'adresse (elle figurera sur la convention ou le contrat).", "L'adresse", 300),
    codePostal: z.preprocess(
      (v) => v ?? "",
      z
        .string()
        .trim()
        .regex(/^\d{5}$/, "Le code postal comporte 5 chiffres."),
    ),
    ville: requiredText("Indiquez la ville.", "La ville", 120),
    contactNom: requiredText("Indiquez le nom de la personne à contacter.", "Le nom", 160),
    contactEmail: email("Indiquez l'adresse e-mail de la personne à contacter."),
    contactTelephone: z.preprocess(
      (v) => v ?? "",
      z
        .string()
        .trim()
        .max(40, PHONE_INVALID)
        .refine((v) => v === "" || isValidPhone(v), PHONE_INVALID),
    ),
    stagiaires: traineeRows,
    financement: z.enum(["opco", "cpf", "france_travail", "fonds_propres"], { error: "Indiquez le financement envisagé." }),
    opco: z.preprocess((v) => v ?? "", z.string()),
    accessibilite: optionalText("La description des besoins", 2000),
    cgv: checked.refine((v) => v, "Acceptez les conditions générales de vente pour vous inscrire."),
    reglement: checked.refine((v) => v, "Acceptez le règlement intérieur pour vous inscrire."),
    cgvVersion: optionalText("La version des CGV", 36),
    reglementVersion: optionalText("La version du règlement intérieur", 36),
  })
  // Runs even when other fields are wrong, so that a person sees every error at once (zod skips a
  // refinement after an issue otherwise): the values may then be partly unparsed, hence the checks.
  .superRefine(
    (r, ctx) => {
      const trainees = Array.isArray(r.stagiaires) ? r.stagiaires : [];
      if (r.acheteur === "entreprise" && (typeof r.entreprise !== "string" || r.entreprise.trim() === "")) {
        ctx.addIssue({
          code: "custom",
          path: ["entreprise"],
          message: "Indiquez la raison sociale de l'entreprise qui paie la formation.",
        });
      }
      if (r.financement === "opco" && !(OPCO_SLUGS as readonly string[]).includes(r.opco)) {
        ctx.addIssue({ code: "custom", path: ["opco"], message: "Choisissez l'OPCO de l'entreprise." });
      }
      if (r.financement === "cpf" && r.acheteur === "entreprise" && trainees.length > 1) {
        ctx.addIssue({
          code: "custom",
          path: ["financement"],
          message:
            "Le CPF finance la formation d'une personne\u00a0: faites une inscription par stagiaire, ou choisissez un autre financement.",
        });
      }
      const seen = new Map<string, number>();
      trainees.forEach((t, i) => {
        if (typeof t?.email !== "string" || t.email.trim() === "") return;
        const key = t.email.trim().toLowerCase();
        if (seen.has(key)) {
          ctx.addIssue({
            code: "custom",
            path: ["stagiaires", i, "email"],
            message: `Cette adresse est déjà celle du stagiaire ${seen.get(key)! + 1}\u00a0: chaque stagiaire a la sienne.`,
          });
        } else seen.set(key, i);
      });
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );
export type RegistrationInput = z.output<typeof registrationSchema>;

/** The trainees edited from the registrant's page (same rows as the form). */
export const traineesUpdateSchema = z.object({ stagiaires: traineeRows });

/** A staff cancellation: the reason is required (it goes to the history and to the registrant). */
export const cancelSchema = z.object({
  motif: requiredText("Indiquez le motif de l'annulation.", "Le motif", 1000),
});

const day = (missing: string) =>
  z.preprocess(
    (v) => v ?? "",
    z
      .string()
      .min(1, missing)
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Indiquez une date au format JJ/MM/AAAA.")
      .refine((d) => !Number.isNaN(new Date(`${d}T00:00:00Z`).getTime()), "Cette date n'existe pas."),
  );

/**
 * What staff set on a session's page: kind, dates, daily hours and address (the formation editor
 * keeps its seats and city). `confirmation` is « oui » once staff confirmed moving a session that
 * has registrants (the form asks first).
 */
export const sessionDetailsSchema = z
  .object({
    kind: z.enum(["inter", "intra"], { error: "Choisissez le type de session." }),
    startDate: day("Indiquez le premier jour."),
    endDate: day("Indiquez le dernier jour."),
    confirmation: z.preprocess((v) => v === "oui", z.boolean()),
    dayStart: z.preprocess((v) => v ?? "", z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Indiquez une heure au format 09:00.")),
    dayEnd: z.preprocess((v) => v ?? "", z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Indiquez une heure au format 17:00.")),
    address: optionalText("L'adresse", 300),
  })
  .refine((d) => d.dayEnd > d.dayStart, { path: ["dayEnd"], message: "La fin de journée doit suivre son début." })
  .refine((d) => d.endDate >= d.startDate, { path: ["endDate"], message: "Le dernier jour ne peut pas précéder le premier." });
export type SessionDetailsInput = z.output<typeof sessionDetailsSchema>;

/** Moving a registration: the session it goes to. */
export const moveSchema = z.object({
  session: z.preprocess((v) => v ?? "", z.string().min(1, "Choisissez la session.").max(64)),
});

/** Who buys a registration (a company, or the person who signs up) and whom to write to. */
export interface RegistrationBuyer {
  buyerKind: string;
  companyName: string;
  siret: string;
  street: string;
  postalCode: string;
  city: string;
  contactName: string;
  contactEmail: string;
}

/** The buyer of a registration's row (table `registrations`). */
export function buyerOfRow(r: {
  buyer_kind: string;
  company_name: string;
  siret: string;
  street: string;
  postal_code: string;
  city: string;
  contact_name: string;
  contact_email: string;
}): RegistrationBuyer {
  return {
    buyerKind: r.buyer_kind,
    companyName: r.company_name,
    siret: r.siret,
    street: r.street,
    postalCode: r.postal_code,
    city: r.city,
    contactName: r.contact_name,
    contactEmail: r.contact_email,
  };
}
