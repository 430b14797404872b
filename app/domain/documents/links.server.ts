import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret, config } from "~/platform/config.server";
import { LINK_DAYS } from "./model";

/**
 * The client's link to one document: its id, an expiry and an HMAC of both with the site's secret
 * (AUTH_SECRET). Nothing is stored; a link cannot be turned into another document's, nor extended.
 */

function signature(id: string, expires: number): string {
  return createHmac("sha256", authSecret()).update(`document:${id}:${expires}`).digest("base64url").slice(0, 32);
}

export function documentToken(id: string, now = Date.now(), days = LINK_DAYS): string {
  const expires = Math.floor(now / 1000) + days * 86_400;
  return `${id}.${expires}.${signature(id, expires)}`;
}

export function documentLink(id: string, now = Date.now()): string {
  return `${config().siteUrl}/documents/${documentToken(id, now)}`;
}

export type TokenCheck = { ok: true; id: string } | { ok: false; reason: "invalide" | "expire" };

/** The document of a link, or why the link is refused (a wrong signature is "invalide", an old one "expire"). */
export function verifyDocumentToken(token: string, now = Date.now()): TokenCheck {
  const parts = token.split(".");
  if (parts.length !== 3 || token.length > 140) return { ok: false, reason: "invalide" };
  const [id = "", expiresText = "", given = ""] = parts;
  const expires = Number(expiresText);
  if (!/^[0-9a-f-]{36}$/.test(id) || !Number.isInteger(expires)) return { ok: false, reason: "invalide" };
  const expected = Buffer.from(signature(id, expires));
  const got = Buffer.from(given);
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) return { ok: false, reason: "invalide" };
  if (expires * 1000 < now) return { ok: false, reason: "expire" };
  return { ok: true, id };
}
