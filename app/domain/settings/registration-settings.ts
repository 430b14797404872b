import { z } from "zod";

/**
 * The organisation's rules for online registrations (README, « Inscriptions en ligne »):
 * - `cancellationDeadlineDays`: a registrant may cancel or change trainees online until this many
 *   days before the first day of the session;
 * - `offerHours`: how long a seat offered to the waiting list stays held for the person offered.
 */
export const registrationSettingsSchema = z.object({
  cancellationDeadlineDays: z.coerce
    .number({ error: "Indiquez un nombre de jours." })
    .int("Indiquez un nombre entier de jours.")
    .min(0, "Le délai ne peut pas être négatif.")
    .max(90, "90 jours au plus."),
  offerHours: z.coerce
    .number({ error: "Indiquez un nombre d'heures." })
    .int("Indiquez un nombre entier d'heures.")
    .min(1, "Une heure au moins.")
    .max(336, "336 heures (14 jours) au plus."),
});
export type RegistrationSettings = z.output<typeof registrationSettingsSchema>;

export const DEFAULT_REGISTRATION_SETTINGS: RegistrationSettings = { cancellationDeadlineDays: 7, offerHours: 48 };
