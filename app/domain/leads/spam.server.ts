import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { authSecret } from "~/platform/config.server";
import { db, type Db } from "~/platform/db/db.server";
import type { LeadKind } from "./model";

/**
 * Anti-spam for the public forms: a signed timestamp (minimum fill time, and the idempotency key
 * of the submission), a honeypot, and a per-address rate limit kept in the database so that every
 * instance counts the same submissions.
 */

/** A form older than this is refused (a new token comes with the re-rendered form). */
export const FORM_TOKEN_MAX_AGE_MS = 2 * 24 * 60 * 60 * 1000;

function sign(payload: string): string {
  return createHmac("sha256", authSecret()).update(`lead-form:${payload}`).digest("base64url");
}

/** A token for one display of a form: "<issued ms base36>.<nonce>.<signature>". */
export function issueFormToken(kind: LeadKind, now = Date.now()): string {
  const payload = `${now.toString(36)}.${randomBytes(9).toString("base64url")}`;
  return `${payload}.${sign(`${kind}.${payload}`)}`;
}

export type TokenCheck =
  { ok: true; issuedAt: number } | { ok: false; reason: "invalid" | "expired" } | { ok: false; reason: "too-fast"; waitSeconds: number };

export function checkFormToken(kind: LeadKind, token: string, minFillSeconds: number, now = Date.now()): TokenCheck {
  const parts = token.split(".");
  if (parts.length !== 3 || token.length > 200) return { ok: false, reason: "invalid" };
  const [stamp, nonce, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(`${kind}.${stamp}.${nonce}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "invalid" };
  const issuedAt = parseInt(stamp, 36);
  if (!Number.isFinite(issuedAt) || issuedAt > now + 60_000) return { ok: false, reason: "invalid" };
  if (now - issuedAt > FORM_TOKEN_MAX_AGE_MS) return { ok: false, reason: "expired" };
  const elapsed = now - issuedAt;
  if (elapsed < minFillSeconds * 1000) {
    return { ok: false, reason: "too-fast", waitSeconds: Math.max(1, Math.ceil((minFillSeconds * 1000 - elapsed) / 1000)) };
  }
  return { ok: true, issuedAt };
}

/** Per client address: at most RATE_LIMIT_MAX accepted submissions (both forms) per window. */
export const RATE_LIMIT_MAX = 10;
export const RATE_LIMIT_WINDOW_MS = 60 * 60 * 1000;

/** The address is kept only as a keyed hash (no IP address is stored in clear). */
function rateKey(ip: string): string {
  return "ip:" + createHmac("sha256", authSecret()).update(`lead-rate:${ip}`).digest("base64url").slice(0, 43);
}

/**
 * Counts one submission from this address, atomically (one upsert, same on SQLite and
 * PostgreSQL). Returns whether it is allowed and, when not, how long to wait.
 */
export async function consumeRateLimit(
  ip: string,
  { target = db(), now = Date.now(), max = RATE_LIMIT_MAX, windowMs = RATE_LIMIT_WINDOW_MS } = {},
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const key = rateKey(ip || "inconnue");
  const iso = new Date(now).toISOString();
  const windowLimit = new Date(now - windowMs).toISOString();
  const row = await target
    .insertInto("lead_rate_limits")
    .values({ key, window_start: iso, count: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => ({
        count: eb
          .case()
          .when("lead_rate_limits.window_start", "<=", windowLimit)
          .then(1)
          .else(eb("lead_rate_limits.count", "+", 1))
          .end(),
        window_start: eb
          .case()
          .when("lead_rate_limits.window_start", "<=", windowLimit)
          .then(iso)
          .else(eb.ref("lead_rate_limits.window_start"))
          .end(),
      })),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  if (Number(row.count) <= max) return { allowed: true };
  const retryAt = Date.parse(row.window_start) + windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now) / 1000)) };
}

/** Housekeeping: forget counters whose window has passed. */
export async function pruneRateLimits(target: Db = db(), now = Date.now(), windowMs = RATE_LIMIT_WINDOW_MS): Promise<number> {
  const result = await target
    .deleteFrom("lead_rate_limits")
    .where("window_start", "<", new Date(now - windowMs).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
