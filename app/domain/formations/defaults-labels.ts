import { VAT_LABELS, VAT_MODES } from "./labels";
import type { FormationDefaultField } from "./defaults";

/**
 * The labels of the formation defaults' form, without zod: the settings screen shows them, the
 * schema (`./defaults.ts`) is loaded with the form (docs/decisions/0005-zod-out-of-public-bundles.md).
 */

/** The fields in the order of the form, with their labels. */
export const FORMATION_DEFAULT_LABELS: Record<FormationDefaultField, string> = {
  contactName: "Contact (nom)",
  contactEmail: "Contact (e-mail)",
  contactPhone: "Contact (téléphone)",
  disabilityContactName: "Référent handicap (nom)",
  disabilityContactEmail: "Référent handicap (e-mail)",
  vatMode: "TVA",
  accessLeadTime: "Délai d'accès",
  accessModalities: "Modalités d'accès",
  teachingMethods: "Méthodes pédagogiques",
  evaluationMethods: "Modalités d'évaluation",
  accessibility: "Accessibilité (handicap)",
};

export const VAT_DEFAULT_OPTIONS = VAT_MODES.map((mode) => ({
  value: mode,
  label: mode === "exonere" ? "Exonéré de TVA (net de taxe)" : mode === "ht" ? "Prix hors taxes (HT)" : "Prix toutes taxes comprises (TTC)",
  note: VAT_LABELS[mode].note,
}));
