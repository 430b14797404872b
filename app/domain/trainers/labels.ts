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

/** The pieces of a trainer's record: their CV and their diplomas (PDF or images). */
export const TRAINER_FILE_KINDS = { cv: "CV", diplome: "Diplôme ou certificat" } as const;
export type TrainerFileKind = keyof typeof TRAINER_FILE_KINDS;

/** The largest CV or diploma staff may send: 10 Mo, as an image (app/platform/storage/stored-image.ts). */
export const TRAINER_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const TRAINER_FILE_TOO_LARGE =
  "Le fichier dépasse 10\u00a0Mo\u00a0: réduisez-le (ou numérisez-le en moins haute résolution) avant de l'envoyer.";
export const TRAINER_FILE_WRONG_TYPE = "Envoyez un PDF ou une image (JPEG, PNG ou WebP).";
