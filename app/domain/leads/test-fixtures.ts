import { issueFormToken } from "~/platform/intake/guard.server";

/** Test data for leads: the quote and contact forms as a browser sends them, with a token old enough to pass. */

function form(values: Record<string, string | string[]>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) {
    for (const item of Array.isArray(v) ? v : [v]) f.append(k, item);
  }
  return f;
}

/** The quote form (/devis), filled in by a company. */
export function quoteForm(overrides: Record<string, string | string[]> = {}, now = Date.now()) {
  return form({
    jeton: issueFormToken("devis", now - 10_000),
    website: "",
    entreprise: "Boulangeries Martin",
    siret: "732 829 320 00074",
    nom: "Léa Martin",
    email: "lea.martin@boulangeries-martin.test",
    telephone: "06 12 34 56 78",
    autreFormation: "Excel intermédiaire pour l'équipe comptable",
    stagiaires: "4",
    format: "intra",
    periode: "mars 2027",
    ville: "Lyon",
    financement: "opco-opcommerce",
    message: "Nous avons besoin de tableaux croisés dynamiques.",
    consentement: "on",
    ...overrides,
  });
}

/** The contact form (/contact). */
export function contactForm(overrides: Record<string, string> = {}, now = Date.now()) {
  return form({
    jeton: issueFormToken("contact", now - 10_000),
    website: "",
    nom: "Karim Benali",
    email: "karim.benali@exemple.test",
    telephone: "",
    sujet: "financement",
    message: "Bonjour, mon CPF peut-il financer une formation de management ?",
    consentement: "on",
    ...overrides,
  });
}
