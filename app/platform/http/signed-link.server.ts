import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "~/platform/config.server";

/**
 * The site's one signed link (first written for the documents, docs/legal/documents.md): a record's
 * id, an expiry and an HMAC of the purpose, id and expiry with the site's secret (AUTH_SECRET).
 * Nothing is stored; a link cannot be turned into another record's, into another purpose's, nor
 * extended. Each purpose (« document », « questionnaire ») checks only its own links.
 */

function signature(purpose: string, id: string, expires: number): string {
  return createHmac("sha256", authSecret()).update(`${purpose}:${id}:${expires}`).digest("base64url").slice(0, 32);
}

/** `id.expires.signature`, valid `days` days from `now`. */
export function signedToken(purpose: string, id: string, days: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + days * 86_400;
  return `${id}.${expires}.${signature(purpose, id, expires)}`;
}

export type SignedTokenCheck = { ok: true; id: string } | { ok: false; reason: "invalide" | "expire" };

/** The record of a link, or why the link is refused (a wrong signature is "invalide", an old one "expire"). */
export function verifySignedToken(purpose: string, token: string, now = Date.now()): SignedTokenCheck {
  const parts = token.split(".");
  if (parts.length !== 3 || token.length > 140) return { ok: false, reason: "invalide" };
  const [id = "", expiresText = "", given = ""] = parts;
  const expires = Number(expiresText);
  if (!/^[0-9a-f-]{36}$/.test(id) || !Number.isInteger(expires)) return { ok: false, reason: "invalide" };
  const expected = Buffer.from(signature(purpose, id, expires));
  const got = Buffer.from(given);
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) return { ok: false, reason: "invalide" };
  if (expires * 1000 < now) return { ok: false, reason: "expire" };
  return { ok: true, id };
}
