import { z } from "zod";
import { VAT_MODES } from "~/domain/formations/labels";

/**
 * The devis that staff draw up from a quote request (README « Signature en ligne »): the form the
 * lead's page and the server share.
 */
export const quoteSchema = z
  .object({
    formation: z.preprocess((v) => v ?? "", z.string().trim().max(200)),
    session: z.preprocess((v) => v ?? "", z.string().trim().max(64)),
    dates: z.preprocess((v) => v ?? "", z.string().trim().max(200, "Les dates tiennent en 200\u00a0caractères.")),
    stagiaires: z.coerce
      .number({ error: "Indiquez le nombre de stagiaires." })
      .int("Indiquez un nombre entier de stagiaires.")
      .min(1, "Au moins 1\u00a0stagiaire.")
      .max(500, "500\u00a0stagiaires au plus."),
    prix: z.preprocess(
      (v) =>
        String(v ?? "")
          .replace(/\s|\u00a0|\u202f|€/g, "")
          .replace(",", "."),
      z
        .string()
        .min(1, "Indiquez le prix par stagiaire.")
        .regex(/^\d{1,7}(\.\d{1,2})?$/, "Indiquez un prix en euros (exemple\u00a0: 1\u00a0250,00).")
        .transform(Number),
    ),
    tva: z.enum(VAT_MODES, { error: "Choisissez le régime de TVA." }),
    validite: z.preprocess((v) => v ?? "", z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Indiquez la date de fin de validité.")),
    conditions: z.preprocess((v) => v ?? "", z.string().trim().max(2000, "Les conditions tiennent en 2\u00a0000\u00a0caractères.")),
  })
  .superRefine((v, ctx) => {
    if (!v.session && !v.formation)
      ctx.addIssue({ code: "custom", path: ["formation"], message: "Choisissez la formation ou une session." });
    if (!v.session && !v.dates) ctx.addIssue({ code: "custom", path: ["dates"], message: "Choisissez une session ou indiquez les dates." });
  });
export type QuoteInput = z.output<typeof quoteSchema>;

export const VAT_CHOICES = [
  { value: "ht", label: "Prix hors taxes, TVA de 20\u00a0% en sus" },
  { value: "ttc", label: "Prix toutes taxes comprises" },
  { value: "exonere", label: "Exonéré de TVA (article 261-4-4° a du CGI)" },
] as const;
