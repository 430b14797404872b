import { config } from "../config.server";
import type { Db } from "../db/db.server";
import { escapeHtml, sendMail, type SentMail } from "../email/mailer.server";
import { log } from "../log.server";
import { reserveAccountMail } from "./account-mail-caps.server";

/** Days after which an account that never confirmed its address is deleted (app/domain/accounts/unconfirmed.server.ts). */
export const UNCONFIRMED_ACCOUNT_TTL_DAYS = 3;

/** One account e-mail: a greeting, paragraphs, at most one link (with its note), then closing paragraphs. */
export interface AccountMail {
  to: string;
  name: string;
  subject: string;
  paragraphs: string[];
  link?: { url: string; label: string; note: string };
  closing?: string[];
  /** What it is, for the per-recipient caps' log ("reset", "confirmation"…). */
  purpose?: string;
}

/** The text and HTML bodies of every account e-mail (same layout for all). */
export function composeAccountMail(mail: AccountMail) {
  const name = mail.name.trim() || mail.to;
  const closing = mail.closing ?? [];
  const text = [
    `Bonjour ${name},`,
    "",
    ...mail.paragraphs.flatMap((p) => [p, ""]),
    ...(mail.link ? [`${mail.link.label} (${mail.link.note})\u00a0:`, "", mail.link.url, ""] : []),
    ...closing.flatMap((p) => [p, ""]),
  ]
    .join("\n")
    .trimEnd();
  const html = [
    `<p>Bonjour ${escapeHtml(name)},</p>`,
    ...mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(mail.link
      ? [`<p><a href="${escapeHtml(mail.link.url)}">${escapeHtml(mail.link.label)}</a><br>(${escapeHtml(mail.link.note)})</p>`]
      : []),
    ...closing.map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join("\n");
  return { to: mail.to, subject: mail.subject, text, html };
}

/**
 * Sends an account e-mail, within the per-recipient caps (`account-mail-caps.server.ts`): beyond
 * them, nothing is sent and undefined is returned; the caller answers the same either way.
 */
export async function sendAccountMail(mail: AccountMail, target?: Db): Promise<SentMail | undefined> {
  if (!(await reserveAccountMail(mail.to, mail.purpose ?? "invitation", { target }))) return undefined;
  return sendMail(composeAccountMail(mail));
}

/**
 * Sends without making the caller wait: the answer of sign-up and of a reset request must take
 * the same time whether the address has an account or not.
 */
export function sendInBackground(mail: AccountMail, what: string, target?: Db): void {
  void sendAccountMail(mail, target).catch((error: unknown) => log.error(`Envoi impossible : ${what}`, { error }));
}

/** The link of a password-reset e-mail: back to /login, where the new password is chosen. */
export function passwordResetUrl(token: string): string {
  return `${config().siteUrl}/login?token=${encodeURIComponent(token)}`;
}

/** The link of an address-confirmation e-mail: it activates the account and signs in. */
export function emailConfirmationUrl(token: string): string {
  return `${config().siteUrl}/login/confirmation?token=${encodeURIComponent(token)}`;
}

export function passwordResetMail({ email, displayName, token }: { email: string; displayName: string; token: string }): AccountMail {
  return {
    to: email,
    name: displayName,
    subject: "Réinitialisation de votre mot de passe",
    purpose: "reset",
    paragraphs: ["Vous avez demandé à réinitialiser le mot de passe de votre compte."],
    link: {
      url: passwordResetUrl(token),
      label: "Choisir un nouveau mot de passe",
      note: "lien valable une heure, utilisable une seule fois",
    },
    closing: ["Si vous n'êtes pas à l'origine de cette demande, ignorez ce message\u00a0: votre mot de passe reste inchangé."],
  };
}

/** A new account (or one not yet confirmed that signs up or signs in again): confirm the address. */
export function emailConfirmationMail({ email, displayName, token }: { email: string; displayName: string; token: string }): AccountMail {
  return {
    to: email,
    name: displayName,
    subject: "Confirmez votre adresse e-mail",
    purpose: "confirmation",
    paragraphs: [
      `Un compte vient d'être demandé avec cette adresse sur ${config().siteUrl}.`,
      "Pour l'activer, ouvrez ce lien et saisissez votre mot de passe\u00a0: vous serez connecté aussitôt.",
    ],
    link: { url: emailConfirmationUrl(token), label: "Confirmer mon adresse e-mail", note: "lien valable 24 heures" },
    closing: [
      `Si vous n'êtes pas à l'origine de cette demande, ignorez ce message\u00a0: sans confirmation, le compte reste inactif et il est supprimé au bout de ${UNCONFIRMED_ACCOUNT_TTL_DAYS}\u00a0jours.`,
    ],
  };
}

/** Sign-up with an address that already has an account: the owner learns what happened, and nothing changes. */
export function existingAccountMail({ email, displayName }: { email: string; displayName: string }): AccountMail {
  const site = config().siteUrl;
  return {
    to: email,
    name: displayName,
    subject: "Une inscription a été tentée avec votre adresse",
    purpose: "existing-account",
    paragraphs: [
      `Quelqu'un, peut-être vous, vient de demander la création d'un compte sur ${site} avec cette adresse e-mail.`,
      "Vous avez déjà un compte\u00a0: aucun nouveau compte n'a été créé et votre mot de passe reste inchangé.",
      `Pour vous connecter\u00a0: ${site}/login`,
    ],
    link: {
      url: `${site}/login?mode=oubli`,
      label: "Mot de passe oublié\u00a0? En choisir un nouveau",
      note: "vous recevrez un lien par e-mail",
    },
    closing: ["Si vous n'êtes pas à l'origine de cette demande, ignorez ce message."],
  };
}
