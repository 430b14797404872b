import { config } from "~/platform/config.server";
import { signedToken, verifySignedToken, type SignedTokenCheck } from "~/platform/http/signed-link.server";

/**
 * The link of a questionnaire sent to one person: the site's signed link (purpose « questionnaire »,
 * app/platform/http/signed-link.server.ts), to the answer page of that invitation only. Each e-mail
 * (invitation, reminder) carries a fresh one; the person's space gives one too.
 */
export const QUESTIONNAIRE_LINK_DAYS = 60;

export const invitationPath = (id: string, now = Date.now()) =>
  `/questionnaires/${signedToken("questionnaire", id, QUESTIONNAIRE_LINK_DAYS, now)}`;

export const invitationLink = (id: string, now = Date.now()) => `${config().siteUrl}${invitationPath(id, now)}`;

export function verifyInvitationToken(token: string, now = Date.now()): SignedTokenCheck {
  return verifySignedToken("questionnaire", token, now);
}
