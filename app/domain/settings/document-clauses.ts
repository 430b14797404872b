import { z } from "zod";

/**
 * The organisation's own clauses printed on its training documents (README, « Documents de
 * formation »): the fixed legal skeleton is code (app/domain/documents), these are edited by staff.
 */
export const documentClausesSchema = z.object({
  paymentTerms: z
    .string()
    .trim()
    .min(10, "Décrivez les modalités de paiement (10 caractères au moins).")
    .max(1500, "1 500 caractères au plus."),
  cancellationPolicy: z
    .string()
    .trim()
    .min(10, "Décrivez les conditions d'annulation (10 caractères au moins).")
    .max(2000, "2 000 caractères au plus."),
  signatoryName: z.string().trim().min(2, "Indiquez le nom du signataire.").max(120, "120 caractères au plus."),
  signatoryRole: z.string().trim().min(2, "Indiquez la fonction du signataire.").max(120, "120 caractères au plus."),
});
export type DocumentClauses = z.output<typeof documentClausesSchema>;

export const DEFAULT_DOCUMENT_CLAUSES: DocumentClauses = {
  paymentTerms:
    "Le prix est payable à réception de la facture, émise à l'issue de la formation, par virement, dans un délai de 30 jours. Tout retard de paiement entraîne des pénalités au taux légal et l'indemnité forfaitaire de 40 € pour frais de recouvrement.",
  cancellationPolicy:
    "Toute annulation par le client doit être notifiée par écrit. Jusqu'à 15 jours avant le début de la formation, aucun frais n'est dû ; au-delà, 50 % du prix reste dû au titre du dédommagement ; en cas d'absence non justifiée le premier jour, le prix est dû en totalité. Ces sommes ne peuvent pas être imputées sur la participation au développement de la formation professionnelle.",
  signatoryName: "Claire Martin",
  signatoryRole: "Présidente",
};
