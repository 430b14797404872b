import { z } from "zod";
import { DISPLAY_NAME_MAX, DISPLAY_NAME_MIN } from "./display-name";
import { checkPassword, type PasswordPolicy } from "./password-policy";
import type { Role } from "./roles";

/**
 * The schemas of the sign-in screen's four forms (and of every other place that takes an e-mail
 * address or a display name). The route action parses with them; the browser loads the same
 * module when the visitor starts typing.
 */
export const emailSchema = z
  .string({ error: "Saisissez votre adresse e-mail." })
  .trim()
  .toLowerCase()
  .min(1, "Saisissez votre adresse e-mail.")
  .max(254, "L'adresse e-mail comporte au plus 254 caractères.")
  .email("Saisissez une adresse e-mail valide (exemple : prenom.nom@entreprise.fr).");

/** Control and format characters (line breaks, tabs, zero-width and direction marks): never part of a name. */
const NAME_CONTROL_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu;

/** A display name as shown: control characters become spaces, runs of spaces one, none around. */
export function cleanDisplayName(value: string): string {
  return value.replace(NAME_CONTROL_CHARACTERS, " ").replace(/\s+/g, " ").trim();
}

/**
 * The display name: the same rule on sign-up, on invitation, from the account menu and from the
 * API. One line of visible text: line breaks and other control characters are removed (a name is
 * printed in e-mails, the journal and the admin lists).
 */
export const displayNameSchema = z
  .string({ error: "Saisissez le nom affiché." })
  .transform(cleanDisplayName)
  .pipe(
    z
      .string()
      .min(DISPLAY_NAME_MIN, `Le nom affiché comporte au moins ${DISPLAY_NAME_MIN} caractères.`)
      .max(DISPLAY_NAME_MAX, `Le nom affiché comporte au plus ${DISPLAY_NAME_MAX} caractères.`),
  );

function newPassword(policy: PasswordPolicy) {
  return z.string({ error: "Choisissez un mot de passe." }).superRefine((value, ctx) => {
    const problem = value ? checkPassword(value, policy) : "Choisissez un mot de passe.";
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Saisissez votre mot de passe." }).min(1, "Saisissez votre mot de passe.").max(4096),
});

export const forgotSchema = z.object({ email: emailSchema });

export function signUpSchema(policy: PasswordPolicy) {
  return z.object({ displayName: displayNameSchema, email: emailSchema, password: newPassword(policy) });
}

/** A new password typed twice: the reset link's form and the invitation's. */
function newPasswordPair(policy: PasswordPolicy) {
  return { newPassword: newPassword(policy), confirmPassword: z.string({ error: "Confirmez le mot de passe." }) };
}

const samePasswords: [(v: { newPassword: string; confirmPassword: string }) => boolean, { path: string[]; message: string }] = [
  (v) => v.newPassword === v.confirmPassword,
  { path: ["confirmPassword"], message: "Les deux mots de passe ne sont pas identiques." },
];

const linkToken = (max: number) => z.string().min(1, "Ce lien n'est pas complet\u00a0: ouvrez à nouveau le lien reçu par e-mail.").max(max);

export function resetSchema(policy: PasswordPolicy) {
  return z.object({ token: linkToken(500), ...newPasswordPair(policy) }).refine(...samePasswords);
}

/**
 * The address-confirmation link's screen: the person holding the link types the password chosen at
 * sign-up, or chooses a new one (the sign-up's is then discarded: it may be someone else's).
 */
export const confirmWithPasswordSchema = z.object({
  token: linkToken(2000),
  password: z.string({ error: "Saisissez votre mot de passe." }).min(1, "Saisissez votre mot de passe.").max(4096),
});

export function confirmWithNewPasswordSchema(policy: PasswordPolicy) {
  return z.object({ token: linkToken(2000), ...newPasswordPair(policy) }).refine(...samePasswords);
}

/** The invitation screen: the invited person confirms the name shown and chooses a password. */
export function acceptInvitationSchema(policy: PasswordPolicy) {
  return z.object({ token: linkToken(200), displayName: displayNameSchema, ...newPasswordPair(policy) }).refine(...samePasswords);
}

/** The roles an admin may give by invitation (staff only: viewers sign up themselves, when sign-up is open). */
export const INVITABLE_ROLES = ["editor", "admin"] as const satisfies readonly Role[];

/** An admin invites a staff member (/admin/utilisateurs). */
export const inviteSchema = z.object({
  email: emailSchema,
  displayName: displayNameSchema,
  role: z.enum(INVITABLE_ROLES, { error: "Choisissez le rôle\u00a0: éditeur ou administrateur." }),
});

/** « Supprimer mon compte »: the current password, and the box that confirms it. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: "Saisissez votre mot de passe." }).min(1, "Saisissez votre mot de passe.").max(4096),
  confirm: z.literal("on", { error: "Cochez la case pour confirmer la suppression." }),
});
