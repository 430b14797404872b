import { z } from "zod";

/**
 * Documents signed online (docs/decisions/0036-documents-signed-online.md, docs/legal/signature.md):
 * the shapes and words the screens and the server share.
 */

/** The documents that are signed: the devis, the convention (a company), the contract (an individual). */
export const SIGNABLE_KINDS = ["devis", "convention", "contrat"] as const;
export type SignableKind = (typeof SIGNABLE_KINDS)[number];
export const isSignableKind = (kind: string): kind is SignableKind => (SIGNABLE_KINDS as readonly string[]).includes(kind);

export const SIGNATURE_STATES = ["a_envoyer", "envoye", "signe_client", "signe", "refuse", "expire", "hors_plateforme"] as const;
export type SignatureState = (typeof SIGNATURE_STATES)[number];

export const STATE_LABELS: Record<SignatureState, string> = {
  a_envoyer: "À envoyer",
  envoye: "Envoyé",
  signe_client: "Signé par le client",
  signe: "Signé",
  refuse: "Refusé",
  expire: "Expiré",
  hors_plateforme: "Signé hors plateforme",
};

/** The states in which the request is still under way (one at a time for a document). */
export const OPEN_STATES = ["a_envoyer", "envoye", "signe_client"] as const satisfies readonly SignatureState[];
/** The states of a signed document: never signed again, never generated again. */
export const SIGNED_STATES = ["signe", "hors_plateforme"] as const satisfies readonly SignatureState[];

export type SignerRole = "client" | "organisme";

/** Wrong codes a request accepts before it is locked (staff send it again to unlock it). */
export const MAX_CODE_TRIES = 5;
/** Codes sent for one signer within an hour, at most. */
export const MAX_CODES_PER_HOUR = 5;

/** How a signature was given, as the signature page and the proof say it. */
export const METHOD_LABEL = "Code à usage unique envoyé par e-mail";

const checkbox = z.preprocess((v) => v === "on" || v === "1" || v === true, z.boolean());

/** The signer (or the organisation's signatory) signs: the code, « J'ai lu et j'accepte », the drawing (optional). */
export const signSchema = z.object({
  code: z.preprocess(
    (v) => String(v ?? "").replace(/\s+/g, ""),
    z
      .string()
      .min(1, "Indiquez le code reçu par e-mail.")
      .regex(/^\d{6}$/, "Le code compte six chiffres."),
  ),
  accepte: checkbox.refine((v) => v, "Cochez «\u00a0J'ai lu et j'accepte\u00a0» pour signer."),
  dessin: z.preprocess((v) => v ?? "", z.string().max(400_000, "Le dessin de la signature est trop lourd.")),
});
export type SignInput = z.output<typeof signSchema>;

/** The signer refuses: the reason is required. */
export const refuseSchema = z.object({
  motif: z.preprocess(
    (v) => v ?? "",
    z.string().trim().min(3, "Indiquez la raison du refus.").max(1000, "La raison ne dépasse pas 1\u00a0000\u00a0caractères."),
  ),
});

/** Staff prepare the signature of a stored document. */
export const createSchema = z.object({
  document: z.preprocess((v) => v ?? "", z.string().trim().min(1, "Choisissez le document à faire signer.").max(64)),
});

/** Staff record a copy signed on paper: the day it was signed (the scan is the form's file). */
export const outsideSchema = z.object({
  signe_le: z.preprocess((v) => v ?? "", z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Indiquez la date de signature (jj/mm/aaaa).")),
});

/**
 * The signature settings (admins): the reminder and the validity of a request. The organisation's
 * signatory (name, quality) is the one printed on its documents (/admin/parametres/documents).
 */
export const signatureSettingsSchema = z.object({
  reminderDays: z.coerce
    .number({ error: "Indiquez un nombre de jours." })
    .int("Indiquez un nombre entier de jours.")
    .min(1, "Une relance part au plus tôt après 1\u00a0jour.")
    .max(60, "Une relance part au plus tard après 60\u00a0jours."),
  validityDays: z.coerce
    .number({ error: "Indiquez un nombre de jours." })
    .int("Indiquez un nombre entier de jours.")
    .min(2, "Une demande reste ouverte au moins 2\u00a0jours.")
    .max(180, "Une demande reste ouverte au plus 180\u00a0jours."),
});
export type SignatureSettings = z.output<typeof signatureSettingsSchema>;

/** An admin uploads the organisation's PKCS#12 (the file is the form's `fichier`). */
export const certificateSchema = z.object({
  motdepasse: z.preprocess((v) => v ?? "", z.string().max(200, "Le mot de passe ne dépasse pas 200\u00a0caractères.")),
});

/** The signer's page of a request in the space. */
export const signerPath = (requestId: string) => `/espace/signatures/${encodeURIComponent(requestId)}`;
