import { RESULT_MEASURES } from "./claims";
import { z } from "zod";

/**
 * The schemas of /admin/temoignages' three forms (the route action parses with them; the browser
 * loads this module when the admin starts typing). Messages are written per field.
 */
const text = (max: number, required: string, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => v ?? "");

const isoDate = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Saisissez une date au format jj/mm/aaaa.")
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Cette date n'existe pas.");

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === "1" || v === true, z.boolean());

export const testimonialSchema = z
  .object({
    quote: text(1200, "Saisissez le témoignage.", "Le témoignage comporte au plus 1 200 caractères."),
    firstName: text(60, "Saisissez le prénom.", "Le prénom comporte au plus 60 caractères."),
    lastInitial: z
      .string({ error: "Saisissez l'initiale du nom." })
      .trim()
      .min(1, "Saisissez l'initiale du nom.")
      .max(4, "Saisissez seulement l'initiale du nom (exemple\u00a0: M.).")
      .transform((v) => (v.endsWith(".") ? v : `${v}.`).toUpperCase()),
    context: text(200, "Saisissez l'entreprise ou la fonction.", "L'entreprise ou la fonction comporte au plus 200 caractères."),
    formationId: z
      .string()
      .trim()
      .max(36)
      .optional()
      .transform((v) => v || null),
    formationTitle: optionalText(200, "Le nom de la formation comporte au plus 200 caractères."),
    givenOn: isoDate("Saisissez la date du témoignage."),
    rating: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? Number(v) : null))
      .refine((v) => v === null || (Number.isInteger(v) && v >= 1 && v <= 5), "Choisissez une note de 1 à 5."),
    consent: checkbox,
    consentOn: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || null),
    published: checkbox,
  })
  .superRefine((v, ctx) => {
    if (v.consent && !v.consentOn)
      ctx.addIssue({ code: "custom", path: ["consentOn"], message: "Saisissez la date à laquelle l'accord a été donné." });
    if (v.consentOn && !/^\d{4}-\d{2}-\d{2}$/.test(v.consentOn))
      ctx.addIssue({ code: "custom", path: ["consentOn"], message: "Saisissez une date au format jj/mm/aaaa." });
    if (v.published && !v.consent)
      ctx.addIssue({
        code: "custom",
        path: ["consent"],
        message: "Un témoignage ne peut être publié qu'avec l'accord écrit de son auteur.",
      });
  })
  .transform((v) => ({ ...v, consentOn: v.consent ? v.consentOn : null }));

export type TestimonialInput = z.output<typeof testimonialSchema>;

export const resultSchema = z.object({
  label: text(200, "Saisissez ce que mesure le chiffre.", "Le libellé comporte au plus 200 caractères."),
  figure: text(30, "Saisissez le chiffre publié.", "Le chiffre comporte au plus 30 caractères."),
  period: text(200, "Saisissez la période mesurée.", "La période comporte au plus 200 caractères."),
  sampleSize: z
    .string({ error: "Saisissez le nombre de réponses." })
    .trim()
    .min(1, "Saisissez le nombre de réponses.")
    .transform((v) => Number(v.replace(/[\s\u00a0\u202f]/g, "")))
    .refine((v) => Number.isInteger(v) && v >= 1 && v <= 10_000_000, "Le nombre de réponses est un nombre entier positif."),
  measuredOn: isoDate("Saisissez la date de la mesure."),
  /** What the questionnaires now compute, when the figure measures it: shown only for periods before them. */
  measure: z.preprocess((v) => v ?? "", z.enum(RESULT_MEASURES, { error: "Choisissez ce que mesure le chiffre." })),
});

export type ResultInput = z.output<typeof resultSchema>;

export const argumentSchema = z.object({
  title: text(160, "Saisissez le titre.", "Le titre comporte au plus 160 caractères."),
  body: text(3000, "Saisissez le texte.", "Le texte comporte au plus 3 000 caractères."),
});

export type ArgumentInput = z.output<typeof argumentSchema>;

export const CLAIM_SCHEMAS = { testimonial: testimonialSchema, result: resultSchema, argument: argumentSchema } as const;
