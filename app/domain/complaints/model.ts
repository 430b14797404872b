import { z } from "zod";
import { optionalText, requiredText } from "~/platform/validation/text-fields";
import { COMPLAINT_STATUSES, DEFAULT_ANSWER_DELAY_DAYS } from "./labels";

/**
 * The complaints register's shared schemas (docs/decisions/0035-complaints-register.md): checked in
 * the browser and again by the domain.
 */

export * from "./labels";

/** The written answer staff send from the admin (it goes to the sender by e-mail, as typed). */
export const answerSchema = z.object({
  answer: requiredText("La réponse écrite", 20, 10_000),
});

/** The corrective action decided (kept in the register; « Aucune », with its reason, is an answer too). */
export const correctiveActionSchema = z.object({
  correctiveAction: optionalText("L'action corrective", 5000),
});

/** Closing a complaint: the corrective action decided is required then. */
export const closeSchema = z.object({
  correctiveAction: requiredText("L'action corrective décidée", 3, 5000),
});

/** The space's form: what the complaint is about (one of the person's registrations, or none) and the complaint. */
export const spaceComplaintSchema = z.object({
  inscription: z.preprocess((v) => v ?? "", z.string().trim().max(36)),
  message: requiredText("Votre réclamation", 10, 5000),
});
export type SpaceComplaintInput = z.output<typeof spaceComplaintSchema>;

/** The organisation's setting (/admin/reclamations, admins): the answer delay, in working days. */
export const complaintSettingsSchema = z.object({
  answerDelayDays: z.coerce
    .number({ error: "Indiquez un nombre de jours ouvrés." })
    .int("Indiquez un nombre entier de jours ouvrés.")
    .min(1, "Un jour ouvré au moins.")
    .max(60, "60 jours ouvrés au plus."),
});
export type ComplaintSettings = z.output<typeof complaintSettingsSchema>;

export const DEFAULT_COMPLAINT_SETTINGS: ComplaintSettings = { answerDelayDays: DEFAULT_ANSWER_DELAY_DAYS };

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)))
  .optional()
  .catch(undefined);

/** Filters of /admin/reclamations, from the query string: status, received from… to… (days in Paris). */
export const registerFilterSchema = z.object({
  statut: z
    .enum(["tous", "sans-reponse", ...COMPLAINT_STATUSES])
    .catch("tous")
    .default("tous"),
  du: day,
  au: day,
});
export type RegisterFilter = z.output<typeof registerFilterSchema>;

export function parseRegisterFilter(params: URLSearchParams): RegisterFilter {
  return registerFilterSchema.parse(Object.fromEntries([...params.entries()].filter(([, v]) => v !== "")));
}
