import { config } from "../config.server";
import { escapeHtml, sendMail } from "../email/mailer.server";

/** The link of a password-reset e-mail: back to /login, where the new password is chosen. */
export function passwordResetUrl(token: string): string {
  return `${config().siteUrl}/login?token=${encodeURIComponent(token)}`;
}

export async function sendPasswordResetMail({ email, displayName, token }: { email: string; displayName: string; token: string }) {
  const url = passwordResetUrl(token);
  const name = displayName.trim() || email;
  const text = [
    `Bonjour ${name},`,
    "",
    "Vous avez demandé à réinitialiser le mot de passe de votre compte.",
    "Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure, utilisable une seule fois) :",
    "",
    url,
    "",
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
  ].join("\n");
  const html = `<p>Bonjour ${escapeHtml(name)},</p>
<p>Vous avez demandé à réinitialiser le mot de passe de votre compte.</p>
<p><a href="${escapeHtml(url)}">Choisir un nouveau mot de passe</a><br>(lien valable une heure, utilisable une seule fois)</p>
<p>Si vous n'êtes pas à l'origine de cette demande, ignorez ce message&nbsp;: votre mot de passe reste inchangé.</p>`;
  return sendMail({ to: email, subject: "Réinitialisation de votre mot de passe", text, html });
}
