import { z } from "zod";

/**
 * What LHÉO needs that the catalogue does not hold (docs/decisions/0014-lheo-and-api.md): the
 * FORMACODE of each category (the formations' domain) and the "public visé" codes of the actions,
 * both from the FORMACODE thesaurus, with its version. Saved on /admin/lheo.
 */
export const FORMACODE = /^\d{5}$/;

export { LHEO_LABELS } from "./lheo-labels";

const codes = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .split(/[\s,;]+/)
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z
    .array(z.string().regex(FORMACODE, "Chaque code comporte 5 chiffres (exemple\u00a0: 15041)."))
    .min(1, "Indiquez au moins un code «\u00a0public visé\u00a0».")
    .max(10, "10 codes au plus."),
);

export const lheoSettingsSchema = z.object({
  formacodeVersion: z
    .string()
    .trim()
    .regex(/^V\d{1,2}$/, "La version s'écrit V suivi de son numéro (exemple\u00a0: V14)."),
  publicCodes: codes,
  /** FORMACODE by category id ("" for none yet); the form's fields are `formacodes.<id>`. */
  formacodes: z.record(z.string(), z.union([z.literal(""), z.string().regex(FORMACODE, "Un code FORMACODE comporte 5 chiffres.")])),
});
export type LheoSettings = z.output<typeof lheoSettingsSchema>;

export const DEFAULT_LHEO_SETTINGS: LheoSettings = { formacodeVersion: "V14", publicCodes: [], formacodes: {} };
