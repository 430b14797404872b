import { createHash, randomBytes, randomUUID } from "node:crypto";
import { config } from "~/platform/config.server";
import { db, type Db } from "~/platform/db/db.server";

/**
 * Sign-in by link, for the people who are not staff (docs/decisions/0029-space-sign-in-by-link.md):
 * a link sent by e-mail opens a session of one space (a `realm`: "espace" for clients and trainees).
 * Nothing here knows who may sign in: the domain of each space decides, then calls these functions.
 * - A link carries 32 random bytes; only their SHA-256 is stored. It is valid LINK_MINUTES minutes
 *   and usable once (one atomic UPDATE … WHERE used_at IS NULL: two clicks never both pass).
 * - A session is a cookie carrying 32 other random bytes (stored hashed too), HttpOnly,
 *   SameSite=Lax, Secure (and `__Host-`) when the site runs on https. It lasts SESSION_DAYS days
 *   after its last use (sliding), and ends at « Se déconnecter » or when revoked.
 * Staff accounts (Better Auth) never read these cookies, and these sessions never open the admin.
 */

export const LINK_MINUTES = 15;
export const SESSION_DAYS = 30;
/** A session's expiry is moved forward at most this often (one write per hour of use, not per request). */
const RENEW_AFTER_MS = 60 * 60 * 1000;

const hash = (secret: string) => createHash("sha256").update(secret).digest("hex");
const newSecret = () => randomBytes(32).toString("base64url");
/** What a secret looks like: 43 base64url characters (anything else is refused before the database). */
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The subject of a realm: an e-mail address, compared in lower case. */
export const subjectOf = (email: string) => email.trim().toLowerCase();

/**
 * Issues a sign-in link's secret for `subject` in `realm` (call it in the transaction that queues
 * the e-mail). `next`: the path of the space the link opens (a path of the site only).
 */
export async function issueSignInLink(
  target: Db,
  { realm, subject, next = "", now = Date.now() }: { realm: string; subject: string; next?: string; now?: number },
): Promise<string> {
  const secret = newSecret();
  await target
    .insertInto("link_sign_in_tokens")
    .values({
      id: randomUUID(),
      realm,
      subject: subjectOf(subject),
      token_hash: hash(secret),
      next_path: safeNextPath(next),
      expires_at: new Date(now + LINK_MINUTES * 60_000).toISOString(),
      used_at: null,
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return secret;
}

/** A path of this site (`/espace/…`), never another site's address: else "". */
export function safeNextPath(next: string | null | undefined): string {
  const path = String(next ?? "");
  return /^\/(?![/\\])[^\s]*$/.test(path) && path.length <= 500 ? path : "";
}

export type LinkCheck = { ok: true; subject: string; next: string } | { ok: false; reason: "invalide" | "expire" | "utilise" };

/**
 * Uses a sign-in link: its subject and the path it opens, or why it is refused. Succeeds once: the
 * row is marked used by an UPDATE that only matches an unused, unexpired link of this realm.
 */
export async function redeemSignInLink(target: Db, realm: string, secret: string, now = Date.now()): Promise<LinkCheck> {
  if (!SECRET_SHAPE.test(secret)) return { ok: false, reason: "invalide" };
  const iso = new Date(now).toISOString();
  const tokenHash = hash(secret);
  const used = await target
    .updateTable("link_sign_in_tokens")
    .set({ used_at: iso })
    .where("token_hash", "=", tokenHash)
    .where("realm", "=", realm)
    .where("used_at", "is", null)
    .where("expires_at", ">", iso)
    .executeTakeFirst();
  const row = await target
    .selectFrom("link_sign_in_tokens")
    .select(["subject", "next_path", "used_at", "expires_at"])
    .where("token_hash", "=", tokenHash)
    .where("realm", "=", realm)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: "invalide" };
  if (Number(used.numUpdatedRows ?? 0) !== 1) return { ok: false, reason: row.used_at ? "utilise" : "expire" };
  return { ok: true, subject: row.subject, next: row.next_path };
}

/** The cookie of a realm's sessions: `__Host-` on https (Secure, whole site, no Domain). */
export function sessionCookieName(realm: string): string {
  return `${config().siteUrl.startsWith("https://") ? "__Host-" : ""}lien_${realm}`;
}

function cookieHeader(realm: string, value: string, maxAgeSeconds: number): string {
  const secure = config().siteUrl.startsWith("https://");
  return [
    `${sessionCookieName(realm)}=${value}`,
    "Path=/",
    `Max-Age=${maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** Opens a session for `subject`: the Set-Cookie value to send with the answer. */
export async function openLinkSession(target: Db, realm: string, subject: string, now = Date.now()): Promise<string> {
  const secret = newSecret();
  const iso = new Date(now).toISOString();
  await target
    .insertInto("link_sign_in_sessions")
    .values({
      id: randomUUID(),
      realm,
      subject: subjectOf(subject),
      secret_hash: hash(secret),
      expires_at: new Date(now + SESSION_DAYS * 86_400_000).toISOString(),
      revoked_at: null,
      created_at: iso,
      last_seen_at: iso,
    })
    .execute();
  return cookieHeader(realm, secret, SESSION_DAYS * 86_400);
}

function cookieSecret(request: Request, realm: string): string | null {
  const name = sessionCookieName(realm);
  for (const part of (request.headers.get("Cookie") ?? "").split(/;\s*/)) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at) === name) {
      const value = part.slice(at + 1);
      return SECRET_SHAPE.test(value) ? value : null;
    }
  }
  return null;
}

export interface LinkSession {
  id: string;
  subject: string;
  /** A renewed cookie to send with the answer (the expiry moved forward), or null. */
  setCookie: string | null;
}

/**
 * The session of `realm` the request's cookie opens: null when there is none, or it expired or was
 * revoked. Each use moves its expiry SESSION_DAYS days forward (at most once an hour).
 */
export async function readLinkSession(request: Request, realm: string, target: Db = db(), now = Date.now()): Promise<LinkSession | null> {
  const secret = cookieSecret(request, realm);
  if (!secret) return null;
  const iso = new Date(now).toISOString();
  const row = await target
    .selectFrom("link_sign_in_sessions")
    .select(["id", "subject", "last_seen_at"])
    .where("secret_hash", "=", hash(secret))
    .where("realm", "=", realm)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", iso)
    .executeTakeFirst();
  if (!row) return null;
  if (now - Date.parse(row.last_seen_at) < RENEW_AFTER_MS) return { id: row.id, subject: row.subject, setCookie: null };
  await target
    .updateTable("link_sign_in_sessions")
    .set({ last_seen_at: iso, expires_at: new Date(now + SESSION_DAYS * 86_400_000).toISOString() })
    .where("id", "=", row.id)
    .execute();
  return { id: row.id, subject: row.subject, setCookie: cookieHeader(realm, secret, SESSION_DAYS * 86_400) };
}

/** « Se déconnecter »: ends the request's session; the Set-Cookie value that removes the cookie. */
export async function closeLinkSession(request: Request, realm: string, target: Db = db(), now = Date.now()): Promise<string> {
  const secret = cookieSecret(request, realm);
  if (secret)
    await target
      .updateTable("link_sign_in_sessions")
      .set({ revoked_at: new Date(now).toISOString() })
      .where("secret_hash", "=", hash(secret))
      .where("realm", "=", realm)
      .execute();
  return cookieHeader(realm, "", 0);
}

/**
 * Revokes every session of these subjects in `realm`, and their links not used yet (staff cancelled
 * what they were about, the address changed, it is erased). Call it in the transaction of that change.
 */
export async function revokeLinkSessions(target: Db, realm: string, subjects: readonly string[], now = Date.now()): Promise<void> {
  const list = [...new Set(subjects.map(subjectOf).filter(Boolean))];
  if (list.length === 0) return;
  const iso = new Date(now).toISOString();
  await target
    .updateTable("link_sign_in_sessions")
    .set({ revoked_at: iso })
    .where("realm", "=", realm)
    .where("subject", "in", list)
    .where("revoked_at", "is", null)
    .execute();
  await target
    .deleteFrom("link_sign_in_tokens")
    .where("realm", "=", realm)
    .where("subject", "in", list)
    .where("used_at", "is", null)
    .execute();
}

/** Housekeeping: links past their expiry and sessions ended (expired or revoked) go, with the addresses they hold. */
export async function pruneLinkSignIn(target: Db = db(), now = Date.now()): Promise<number> {
  const iso = new Date(now).toISOString();
  const tokens = await target.deleteFrom("link_sign_in_tokens").where("expires_at", "<", iso).executeTakeFirst();
  const sessions = await target
    .deleteFrom("link_sign_in_sessions")
    .where((eb) => eb.or([eb("expires_at", "<", iso), eb("revoked_at", "is not", null)]))
    .executeTakeFirst();
  return Number(tokens.numDeletedRows ?? 0) + Number(sessions.numDeletedRows ?? 0);
}

/** Right to erasure: every link and session of these addresses goes, in every realm. */
export async function forgetLinkSignIn(target: Db, addresses: readonly string[]): Promise<void> {
  const list = [...new Set(addresses.map(subjectOf).filter(Boolean))];
  if (list.length === 0) return;
  await target.deleteFrom("link_sign_in_tokens").where("subject", "in", list).execute();
  await target.deleteFrom("link_sign_in_sessions").where("subject", "in", list).execute();
}
