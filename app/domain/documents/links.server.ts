import { config } from "~/platform/config.server";
import { signedToken, verifySignedToken, type SignedTokenCheck } from "~/platform/http/signed-link.server";
import { LINK_DAYS } from "./model";

/**
 * The client's link to one document: the site's signed link (app/platform/http/signed-link.server.ts),
 * purpose « document ». Nothing is stored; a link cannot be turned into another document's, nor extended.
 */

export function documentToken(id: string, now = Date.now(), days = LINK_DAYS): string {
  return signedToken("document", id, days, now);
}

export function documentLink(id: string, now = Date.now()): string {
  return `${config().siteUrl}/documents/${documentToken(id, now)}`;
}

export type TokenCheck = SignedTokenCheck;

/** The document of a link, or why the link is refused (a wrong signature is "invalide", an old one "expire"). */
export function verifyDocumentToken(token: string, now = Date.now()): TokenCheck {
  return verifySignedToken("document", token, now);
}
