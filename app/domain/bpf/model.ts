import { z } from "zod";
import { readPrice } from "~/domain/formations/price";
import { ENTERED_KEYS, SHARE_KEY, figureName } from "./form";
import { NSF_CODE, RNCP_LEVELS, TRAINEE_TYPES } from "./rules";

/**
 * The shapes the BPF screens share with the server (docs/legal/bpf.md): the year asked for, what
 * staff type (frame D, F-2 b, G, the share of the turnover), the NSF codes per category and the
 * RNCP levels per formation (/admin/bpf/parametres).
 */

export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

export const yearSchema = z.coerce
  .number({ error: "Indiquez une année." })
  .int("Indiquez une année sur quatre chiffres.")
  .min(FIRST_YEAR, `Indiquez une année à partir de ${FIRST_YEAR}.`)
  .max(LAST_YEAR, `Indiquez une année jusqu'à ${LAST_YEAR}.`);

/** The year a BPF is filed for by default: the one before the current year in Paris (filed before 30 April). */
export function defaultYear(today: string): number {
  return Number(today.slice(0, 4)) - 1;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** An amount typed as offices write it (« 12 500,00 € »): integer cents, or null when left blank. */
const amountField = (label: string) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (blank(v)) return null;
      const reading = readPrice(v);
      if (!reading.ok) {
        ctx.addIssue({ code: "custom", message: reading.message });
        return z.NEVER;
      }
      if (reading.price === null || reading.price < 0) {
        ctx.addIssue({
          code: "custom",
          message: `Le montant «\u00a0${label}\u00a0» est un nombre positif d'euros, par exemple 12\u00a0500,00.`,
        });
        return z.NEVER;
      }
      return Math.round(reading.price * 100);
    });

/** A whole number typed (trainees, hours, percent), or null when left blank. */
const wholeField = (label: string, max: number) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (blank(v)) return null;
      const text = String(v).replace(/[\s\u00a0\u202f]/g, "");
      if (!/^\d+$/.test(text) || Number(text) > max) {
        ctx.addIssue({ code: "custom", message: `«\u00a0${label}\u00a0» est un nombre entier de 0 à ${max.toLocaleString("fr-FR")}.` });
        return z.NEVER;
      }
      return Number(text);
    });

/** The typed figures: each one of ENTERED_KEYS, blank allowed (it then shows as « à saisir »). */
export const entriesSchema = z
  .object(
    Object.fromEntries(
      ENTERED_KEYS.map((key) => {
        const name = key === SHARE_KEY ? "Part du chiffre d'affaires" : figureName(key);
        if (key.endsWith(":montant")) return [key, amountField(name)];
        if (key.endsWith(":pourcentage")) return [key, wholeField(name, 100)];
        return [key, wholeField(name, 10_000_000)];
      }),
    ) as Record<string, z.ZodType<number | null>>,
  )
  .superRefine((v, ctx) => {
    const total = v["D-1:montant"];
    const parts = (v["D-2:montant"] ?? 0) + (v["D-3:montant"] ?? 0);
    if (total !== null && total !== undefined && parts > total)
      ctx.addIssue({
        code: "custom",
        path: ["D-1:montant"],
        message: "Le total des charges ne peut pas être inférieur à la somme des salaires des formateurs et des achats de prestation.",
      });
  });
export type Entries = Record<string, number | null>;

/** What /admin/bpf/parametres saves: the NSF code and label of each category, the RNCP level of each formation. */
export const bpfSettingsSchema = z.object({
  nsfCodes: z
    .record(
      z.string(),
      z.preprocess(
        (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
        z.union([
          z.literal(""),
          z
            .string()
            .regex(NSF_CODE, "Un code NSF comporte 3 chiffres, suivis d'une lettre pour une fonction (exemple\u00a0: 326 ou 326t)."),
        ]),
      ),
    )
    .default({}),
  nsfLabels: z.record(z.string(), z.string().trim().max(200, "Le libellé NSF ne dépasse pas 200 caractères.")).default({}),
  /** F-1 line chosen by staff for a registration whose buyer or funding the site does not know. */
  types: z
    .record(z.string(), z.union([z.literal(""), z.enum(TRAINEE_TYPES, { error: "Choisissez un type de stagiaire de la liste." })]))
    .default({}),
  levels: z.record(z.string(), z.union([z.literal(""), z.enum(RNCP_LEVELS, { error: "Choisissez un niveau de la liste." })])).default({}),
});
export type BpfSettings = z.output<typeof bpfSettingsSchema>;
export const DEFAULT_BPF_SETTINGS: BpfSettings = { nsfCodes: {}, nsfLabels: {}, types: {}, levels: {} };

/** The form of /admin/bpf: save the typed figures, or lock the year as filed. */
export const lockSchema = z.object({
  confirm: z.literal("on", { error: "Cochez la case pour confirmer que ce BPF a été déposé." }),
});
