import { z } from "zod";
import { MARKDOWN_MAX, VAT_MODES } from "./labels";
import { formatNumber } from "~/platform/format";

/**
 * What most formations of an organisation share (contacts, disability referent, VAT, access,
 * methods): kept once in the settings table (`./defaults.server.ts`), they fill the empty cells of an imported formation. An
 * empty value is no default: the imported formation lists the field as « à compléter ».
 */

const text = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    z
      .string()
      .trim()
      .max(max, `${label} ne dépasse pas ${formatNumber(max)} caractères.`),
  );

const email = (label: string) =>
  text(label, 254).refine((s) => s === "" || z.email().safeParse(s).success, `${label} n'est pas une adresse e-mail valide.`);

export const formationDefaultsSchema = z.object({
  contactName: text("Le nom du contact", 120),
  contactEmail: email("L'e-mail du contact"),
  contactPhone: text("Le téléphone du contact", 40),
  disabilityContactName: text("Le nom du référent handicap", 120),
  disabilityContactEmail: email("L'e-mail du référent handicap"),
  vatMode: z.enum(["", ...VAT_MODES], { error: "Choisissez un régime de TVA dans la liste." }).catch(""),
  accessLeadTime: text("Le délai d'accès", 300),
  accessModalities: text("Les modalités d'accès", MARKDOWN_MAX),
  teachingMethods: text("Les méthodes pédagogiques", MARKDOWN_MAX),
  evaluationMethods: text("Les modalités d'évaluation", MARKDOWN_MAX),
  accessibility: text("L'accessibilité aux personnes handicapées", MARKDOWN_MAX),
});

export type FormationDefaults = z.output<typeof formationDefaultsSchema>;
export type FormationDefaultField = keyof FormationDefaults;

/** Until an admin saves them: the organisation's own e-mail and phone as contact, nothing else. */
export function defaultsFromOrganisation(organisation: { email: string; phone: string; accessibilityContact: string }): FormationDefaults {
  return formationDefaultsSchema.parse({
    contactEmail: organisation.email,
    contactPhone: organisation.phone,
    disabilityContactEmail: organisation.accessibilityContact,
  });
}
