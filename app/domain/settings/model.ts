import { z } from "zod";
import { typed } from "~/platform/validation/text-fields";
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from "~/platform/storage/stored-image";
import { fileField } from "~/platform/validation/file-field";
import { isValidPhone } from "~/platform/validation/phone";

/** Luhn check used by SIRET/SIREN numbers. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const required = (label: string) => z.string().trim().min(1, `${label} est obligatoire.`);

export const siretSchema = z
  .string()
  .transform((s) => s.replace(/\s+/g, ""))
  .refine((s) => /^\d{14}$/.test(s), "Le SIRET comporte 14 chiffres.")
  .refine((s) => isLuhnValid(s), "Ce numéro SIRET n'est pas valide (clé de contrôle incorrecte).");

/** The organisation's identity, shown in the footer and the legal pages. */
export const organisationSchema = z.object({
  name: required("Le nom"),
  legalForm: required("La forme juridique"),
  shareCapital: z.string().trim().default(""),
  street: required("L'adresse"),
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, "Le code postal comporte 5 chiffres."),
  city: required("La ville"),
  phone: required("Le téléphone"),
  email: z.string().trim().email("L'adresse e-mail n'est pas valide."),
  siret: siretSchema,
  rcs: z.string().trim().default(""),
  vatNumber: z.string().trim().default(""),
  nda: z
    .string()
    .trim()
    .regex(/^\d{2}\s?\d{2}\s?\d{5}\s?\d{2}$/, "Le numéro de déclaration d'activité comporte 11 chiffres."),
  ndaRegion: required("La région de la déclaration d'activité"),
  publicationDirector: required("Le directeur de la publication"),
  hostName: required("Le nom de l'hébergeur"),
  hostAddress: required("L'adresse de l'hébergeur"),
  hostPhone: z.string().trim().default(""),
  dpoEmail: z.string().trim().email("L'adresse e-mail n'est pas valide."),
  accessibilityContact: z.string().trim().email("L'adresse e-mail n'est pas valide."),
  qualiopiCertificateNumber: z.string().trim().default(""),
  qualiopiCertifier: z.string().trim().default(""),
  qualiopiValidUntil: z.string().trim().default(""),
  /** The name in the From of every e-mail; the organisation's name when empty. */
  /** The header's logo (an upload, /uploads/logo/…); empty: the site's mark. */
  logoUrl: z
    .string()
    .trim()
    .regex(/^(\/uploads\/logo\/[0-9a-f-]{36}(-\d{2,4}\.webp|\.svg))?$/, "Ce logo n'est pas un fichier envoyé depuis cet écran.")
    .default(""),
  mailSenderName: z.string().trim().max(100, "Le nom de l'expéditeur ne dépasse pas 100 caractères.").default(""),
});

export type Organisation = z.infer<typeof organisationSchema>;

/** The longest organisation name: the header holds it on a 320 px phone (tests/e2e/organisation-settings.spec.ts). */
export const ORGANISATION_NAME_MAX = 50;

const tooLong = (label: string, max: number) => `${label} ne dépasse pas ${max} caractères.`;
const requiredMax = (label: string, max: number) => typed(required(label).max(max, tooLong(label, max)));
const optionalMax = (label: string, max: number) => typed(z.string().trim().max(max, tooLong(label, max))).default("");
const phoneInvalid = (label: string) => `${label} n'est pas valide (exemple\u00a0: 04 72 00 00 00 ou +33 4 72 00 00 00).`;

/**
 * What the form of /admin/parametres sends: the identity without the logo (it has its own form),
 * checked as every other form is: lengths, a French or international phone number, the SIRET's
 * checksum. (What is already stored is read with `organisationSchema`, so that a value saved before
 * these rules is still shown, not replaced by the demo identity.)
 */
export const organisationFormSchema = organisationSchema.omit({ logoUrl: true }).extend({
  name: requiredMax("Le nom", ORGANISATION_NAME_MAX),
  legalForm: requiredMax("La forme juridique", 60),
  shareCapital: optionalMax("Le capital social", 40),
  street: requiredMax("L'adresse", 150),
  city: requiredMax("La ville", 80),
  phone: required("Le téléphone").max(30, phoneInvalid("Le téléphone")).refine(isValidPhone, phoneInvalid("Le téléphone")),
  email: z.string().trim().max(254, tooLong("L'adresse e-mail", 254)).pipe(z.email("L'adresse e-mail n'est pas valide.")),
  rcs: optionalMax("L'immatriculation RCS", 80),
  vatNumber: optionalMax("Le numéro de TVA", 20),
  ndaRegion: requiredMax("La région de la déclaration d'activité", 60),
  publicationDirector: requiredMax("Le directeur de la publication", 120),
  hostName: requiredMax("Le nom de l'hébergeur", 120),
  hostAddress: requiredMax("L'adresse de l'hébergeur", 200),
  hostPhone: z
    .string()
    .trim()
    .max(30, phoneInvalid("Le téléphone de l'hébergeur"))
    .refine((v) => v === "" || isValidPhone(v), phoneInvalid("Le téléphone de l'hébergeur"))
    .default(""),
  dpoEmail: z.string().trim().max(254, tooLong("L'adresse e-mail", 254)).pipe(z.email("L'adresse e-mail n'est pas valide.")),
  accessibilityContact: z.string().trim().max(254, tooLong("L'adresse e-mail", 254)).pipe(z.email("L'adresse e-mail n'est pas valide.")),
  qualiopiCertificateNumber: optionalMax("Le numéro du certificat", 60),
  qualiopiCertifier: optionalMax("L'organisme certificateur", 120),
  qualiopiValidUntil: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, "La date n'est pas valide.")
    .default(""),
});

/** An SVG logo is kept as sent, at most this size; a PNG (or JPEG, WebP) is re-encoded like every upload. */
export const LOGO_SVG_MAX_BYTES = 200 * 1024;
export const LOGO_MISSING = "Choisissez un fichier image (SVG ou PNG).";
export const LOGO_SVG_TOO_LARGE = "Le logo SVG ne dépasse pas 200 Ko.";

/** A file the browser announces as SVG (the server looks at the content too). */
export const isSvgFile = (file: { name: string; type: string }) => file.type === "image/svg+xml" || /\.svg$/i.test(file.name);

/**
 * The logo form of /admin/parametres: a file, not empty, within its size (200 Ko for an SVG, 10 Mo
 * for an image). The action checks it with `parseSubmission(…, { files: true })`, the browser with
 * `useForm`; the server then checks the content (`storeLogo`).
 */
export const logoFormSchema = z.object({
  logo: fileField(LOGO_MISSING).superRefine((file, ctx) => {
    if (isSvgFile(file) ? file.size > LOGO_SVG_MAX_BYTES : file.size > IMAGE_MAX_BYTES) {
      ctx.addIssue({ code: "custom", message: isSvgFile(file) ? LOGO_SVG_TOO_LARGE : IMAGE_TOO_LARGE });
    }
  }),
});
