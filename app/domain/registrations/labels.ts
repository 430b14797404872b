import { OPCO_NAMES, OPCO_SLUGS } from "~/domain/funding/opco-list";

/**
 * Registrations without zod: statuses, choices, labels and limits. The public form imports this
 * module; the schema (`./model`) loads when a visitor starts filling the form in, or on the server.
 */

export const REGISTRATION_STATUSES = ["recue", "confirmee", "en_attente", "annulee"] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const STATUS_LABELS: Record<RegistrationStatus, string> = {
  recue: "Reçue",
  confirmee: "Confirmée",
  en_attente: "En attente",
  annulee: "Annulée",
};

/** Statuses that hold seats of the session. */
export const SEAT_HOLDING_STATUSES: readonly RegistrationStatus[] = ["recue", "confirmee"];

export const BUYER_KINDS = [
  { value: "entreprise", label: "Une entreprise ou un organisme", hint: "l'employeur ou un financeur paie la formation" },
  { value: "particulier", label: "Moi-même, à titre personnel", hint: "vous payez la formation vous-même" },
] as const;
export type BuyerKind = (typeof BUYER_KINDS)[number]["value"];

export const FUNDINGS = [
  { value: "opco", label: "Prise en charge par un OPCO" },
  { value: "cpf", label: "Compte personnel de formation (CPF)" },
  { value: "france_travail", label: "France Travail" },
  { value: "fonds_propres", label: "Fonds propres (l'entreprise ou vous-même)" },
] as const;
export type Funding = (typeof FUNDINGS)[number]["value"];

export const OPCO_OPTIONS = OPCO_SLUGS.map((slug) => ({ value: slug, label: OPCO_NAMES[slug] }));

export function fundingText(funding: string, opco: string): string {
  const label = FUNDINGS.find((f) => f.value === funding)?.label ?? funding;
  if (funding !== "opco") return label;
  const name = OPCO_OPTIONS.find((o) => o.value === opco)?.label;
  return name ? `${label} (${name})` : label;
}

/** A registration names 50 trainees at most. */
export const MAX_TRAINEES = 50;

/** The anti-spam token's form name (the same token mechanism as the quote form). */
export const REGISTRATION_FORM = "inscription";

/** Names of the submit buttons: the form re-renders with one row more or less, without JavaScript too. */
export const INTENT_FIELD = "intention";
export const INTENT_SUBMIT = "inscrire";
export const INTENT_ADD = "ajouter";
export const INTENT_REMOVE_PREFIX = "retirer-";

/** Field labels, in the order of the form (the error summary follows it). */
export function fieldLabels(traineeCount: number): Record<string, string> {
  const labels: Record<string, string> = {
    acheteur: "Qui paie la formation",
    entreprise: "Raison sociale",
    siret: "SIRET",
    adresse: "Adresse",
    codePostal: "Code postal",
    ville: "Ville",
    contactNom: "Nom du contact",
    contactEmail: "E-mail du contact",
    contactTelephone: "Téléphone du contact",
    stagiaires: "Stagiaires",
  };
  for (let i = 0; i < traineeCount; i++) {
    const n = i + 1;
    labels[`stagiaires.${i}.prenom`] = `Prénom du stagiaire ${n}`;
    labels[`stagiaires.${i}.nom`] = `Nom du stagiaire ${n}`;
    labels[`stagiaires.${i}.email`] = `E-mail du stagiaire ${n}`;
    labels[`stagiaires.${i}.fonction`] = `Fonction du stagiaire ${n}`;
  }
  labels.financement = "Financement envisagé";
  labels.opco = "OPCO";
  labels.accessibilite = "Besoins d'adaptation";
  labels.cgv = "Conditions générales de vente";
  labels.reglement = "Règlement intérieur";
  return labels;
}

export type SessionState = "ouverte" | "complete" | "passee" | "intra";

export const SESSION_STATE_LABELS: Record<SessionState, string> = {
  ouverte: "Ouverte",
  complete: "Complète",
  passee: "Passée",
  intra: "Intra (sur devis)",
};
