import { z } from "zod";
import { parseFrenchNumber } from "~/platform/validation/numbers";
import { optionalText } from "~/platform/validation/text-fields";
import { PAYER_KINDS, PAYMENT_METHODS } from "./labels";

/**
 * Invoices' shared schemas (docs/decisions/0037-invoices.md): checked in the browser and again by
 * the domain. Amounts are typed in euros (« 1 290,50 ») and kept in integer cents.
 */

export * from "./labels";

/** Euros as typed → integer cents; refused when not a positive amount with at most two decimals. */
export const euroAmount = (label: string) =>
  z.preprocess(
    parseFrenchNumber,
    z
      .number({ error: `${label}\u00a0: indiquez un montant en euros.` })
      .positive(`${label}\u00a0: indiquez un montant positif.`)
      .max(10_000_000, `${label}\u00a0: 10\u00a0000\u00a0000\u00a0€ au plus.`)
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label}\u00a0: deux décimales au plus.`)
      .transform((n) => Math.round(n * 100)),
  );

const day = (label: string) =>
  z
    .string({ error: `${label}\u00a0: indiquez une date.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}\u00a0: indiquez une date.`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), `${label}\u00a0: cette date n'existe pas.`);

/** The organisation's invoicing settings (/admin/factures/reglages, admins). */
export const invoiceSettingsSchema = z.object({
  /** The organisation holds the attestation of exemption (CGI 261-4-4° a): every invoice is exempt. */
  vatExempt: z.preprocess((v) => v === true || v === "on" || v === "1", z.boolean()),
  /** The option for VAT on debits (« option pour le paiement de la taxe d'après les débits »). */
  vatOnDebits: z.preprocess((v) => v === true || v === "on" || v === "1", z.boolean()),
  paymentDays: z.coerce
    .number({ error: "Indiquez un nombre de jours." })
    .int("Indiquez un nombre entier de jours.")
    .min(0, "Le délai ne peut pas être négatif.")
    .max(60, "60 jours au plus (article L441-10 du Code de commerce)."),
  reminderDays: z.coerce
    .number({ error: "Indiquez un nombre de jours." })
    .int("Indiquez un nombre entier de jours.")
    .min(1, "Un jour au moins.")
    .max(90, "90 jours au plus."),
  latePenalty: optionalText("Le taux des pénalités de retard", 300).refine(
    (s) => s.length > 0,
    "Indiquez le taux des pénalités de retard.",
  ),
  earlyPayment: optionalText("Les conditions d'escompte", 300).refine((s) => s.length > 0, "Indiquez les conditions d'escompte."),
  iban: optionalText("L'IBAN", 40),
  bic: optionalText("Le BIC", 15),
});
export type InvoiceSettings = z.output<typeof invoiceSettingsSchema>;

export const DEFAULT_INVOICE_SETTINGS: InvoiceSettings = {
  vatExempt: false,
  vatOnDebits: false,
  paymentDays: 30,
  reminderDays: 15,
  latePenalty: "trois fois le taux d'intérêt légal",
  earlyPayment: "Pas d'escompte pour paiement anticipé.",
  iban: "",
  bic: "",
};

/** The OPCO's subrogation on a registration: its « numéro de prise en charge » and the amount HT it covers. */
export const opcoCoverageSchema = z.object({
  numeroPriseEnCharge: optionalText("Le numéro de prise en charge", 60),
  montantPrisEnCharge: z.preprocess((v) => (v === "" || v === undefined ? null : v), euroAmount("Le montant pris en charge").nullable()),
});
export type OpcoCoverageInput = z.output<typeof opcoCoverageSchema>;

/** Invoicing a registration: to whom (the split follows the OPCO's coverage), with the client's references. */
export const prepareSchema = z.object({
  payeur: z.enum(["auto", ...PAYER_KINDS], { error: "Choisissez qui paie." }).default("auto"),
  siren: z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/\s/g, "") : v),
    z.string().regex(/^(\d{9}|\d{14})?$/, "Le SIREN a 9 chiffres (ou le SIRET 14)."),
  ),
  tva: optionalText("Le numéro de TVA du client", 40),
  commande: optionalText("La référence de commande", 60),
  livraison: optionalText("L'adresse de livraison", 400),
});
export type PrepareInput = z.output<typeof prepareSchema>;

export const depositSchema = z.object({ montant: euroAmount("Le montant de l'acompte (TTC)") });

export const creditNoteSchema = z.object({
  total: z.preprocess((v) => v === "on" || v === true, z.boolean()),
  montant: z.preprocess((v) => (v === "" || v === undefined ? null : v), euroAmount("Le montant HT de l'avoir").nullable()),
  motif: optionalText("Le motif", 300).refine((s) => s.length >= 3, "Indiquez le motif de l'avoir."),
});
export type CreditNoteInput = z.output<typeof creditNoteSchema>;

export const paymentSchema = z.object({
  date: day("La date du paiement"),
  montant: euroAmount("Le montant payé"),
  moyen: z.enum(PAYMENT_METHODS, { error: "Choisissez le moyen de paiement." }),
  reference: optionalText("La référence", 120),
});
export type PaymentInput = z.output<typeof paymentSchema>;

/** A period of the exports (accountant's CSV, FEC journal, Factur-X ZIP). */
export const periodSchema = z.object({ du: day("Du"), au: day("Au") }).refine((p) => p.du <= p.au, {
  path: ["au"],
  message: "La fin de la période suit son début.",
});
