/** Trainers' French labels, without zod: the screens import them (docs/decisions/0005-zod-out-of-public-bundles.md). */

export const TRAINER_STATUSES = {
  interne: "Salarié (interne)",
  independant: "Indépendant (externe)",
  societe: "Société sous-traitante (externe)",
} as const;
export type TrainerStatus = keyof typeof TRAINER_STATUSES;

/** Independent or subcontracting company: an external trainer. */
export const isExternal = (status: string) => status === "independant" || status === "societe";

/** The fields of a trainer's record in French (the form, the history's comparison). */
export const TRAINER_FIELD_LABELS = {
  name: "Nom et prénom",
  email: "Adresse e-mail",
  phone: "Téléphone",
  status: "Statut",
  companyName: "Raison sociale (société sous-traitante)",
  siret: "SIRET",
  nda: "Numéro de déclaration d'activité",
  qualifications: "Qualifications",
  areas: "Domaines",
  trainings: "Formations suivies",
  certifications: "Certifications obtenues",
  competences: "Mises à jour des compétences",
  archived: "Archivé",
};
