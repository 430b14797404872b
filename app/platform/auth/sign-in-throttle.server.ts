import type { Selectable } from "kysely";
import { db, type Db } from "../db/db.server";
import type { SignInThrottlesTable } from "../db/schema";

/**
 * Per-address limits on the authentication endpoints (Better Auth's rate limiter, stored in the
 * database so that every instance shares them). Keys are the client address and the path;
 * windows in seconds.
 */
export const AUTH_RATE_LIMITS = {
  "/sign-in/email": { window: 60, max: 60 },
  "/sign-up/email": { window: 600, max: 30 },
  "/request-password-reset": { window: 600, max: 10 },
  "/reset-password": { window: 600, max: 20 },
  "/delete-user": { window: 600, max: 10 },
} as const;

/**
 * Wrong passwords (the lockout policy, README « Sécurité »). Two counters, never one per account
 * alone, so that nobody can lock someone else out from elsewhere:
 * - per (account, client address) pair: 5 wrong passwords are free, then each one locks the pair
 *   for 1, 3, 9, then 15 minutes at most;
 * - per client address, whatever the accounts tried: 20 free, then the same delays.
 * A locked pair leaves the account open from any other address, and a password reset (the link
 * received by e-mail) lifts every lock of the account. A counter is forgotten an hour after its
 * last failure once its lock has passed; a successful sign-in clears its pair.
 */
export const PAIR_FREE_FAILURES = 5;
export const ADDRESS_FREE_FAILURES = 20;
export const FIRST_LOCK_MS = 60 * 1000;
export const MAX_LOCK_MS = 15 * 60 * 1000;
export const FORGET_AFTER_MS = 60 * 60 * 1000;

export type ThrottleKind = "pair" | "address";

/** How long a counter with `failures` wrong passwords stays locked (0: not locked). */
export function lockDelayMs(failures: number, free: number): number {
  const beyond = failures - free;
  if (beyond < 0) return 0;
  return Math.min(FIRST_LOCK_MS * 3 ** beyond, MAX_LOCK_MS);
}

/** The address of a request with none (a script): one shared bucket. */
export const UNKNOWN_ADDRESS = "inconnue";

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase().slice(0, 320);
}

function normalizeAddress(address: string | null | undefined): string {
  return address?.trim().slice(0, 100) || UNKNOWN_ADDRESS;
}

function keys(email: string, address: string | null | undefined) {
  const e = normalizeEmail(email);
  const a = normalizeAddress(address);
  return {
    email: e,
    address: a,
    pair: `pair:${e} ${a}`,
    addressKey: `address:${a}`,
  };
}

/** Seconds the (account, address) attempt must still wait, 0 when sign-in may be tried. */
export async function signInLockedFor(
  email: string,
  address: string | null | undefined,
  target: Db = db(),
  now = Date.now(),
): Promise<number> {
  const k = keys(email, address);
  const rows = await target.selectFrom("sign_in_throttles").select("locked_until").where("key", "in", [k.pair, k.addressKey]).execute();
  let until = 0;
  for (const row of rows) if (row.locked_until) until = Math.max(until, Date.parse(row.locked_until));
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

async function countFailure(target: Db, row: { key: string; kind: ThrottleKind; email: string | null; address: string }, now: number) {
  const iso = new Date(now).toISOString();
  const forgetBefore = new Date(now - FORGET_AFTER_MS).toISOString();
  // One more failure; a counter idle for an hour, whose lock has passed, starts again at 1.
  await target
    .insertInto("sign_in_throttles")
    .values({ ...row, failures: 1, last_failure_at: iso, locked_until: null })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when(
            eb.and([
              eb("sign_in_throttles.last_failure_at", "<", forgetBefore),
              eb.or([eb("sign_in_throttles.locked_until", "is", null), eb("sign_in_throttles.locked_until", "<=", iso)]),
            ]),
          )
          .then(1)
          .else(eb("sign_in_throttles.failures", "+", 1))
          .end(),
        last_failure_at: iso,
      })),
    )
    .execute();
  const counted = await target.selectFrom("sign_in_throttles").select("failures").where("key", "=", row.key).executeTakeFirst();
  const delay = lockDelayMs(counted?.failures ?? 1, row.kind === "pair" ? PAIR_FREE_FAILURES : ADDRESS_FREE_FAILURES);
  if (delay > 0) {
    await target
      .updateTable("sign_in_throttles")
      .set({ locked_until: new Date(now + delay).toISOString() })
      .where("key", "=", row.key)
      .execute();
  }
}

/** A wrong password for `email` from `address` (counted whether the account exists or not). */
export async function recordSignInFailure(
  email: string,
  address: string | null | undefined,
  target: Db = db(),
  now = Date.now(),
): Promise<void> {
  const k = keys(email, address);
  await countFailure(target, { key: k.pair, kind: "pair", email: k.email, address: k.address }, now);
  await countFailure(target, { key: k.addressKey, kind: "address", email: null, address: k.address }, now);
  await pruneSignInThrottles(target, now);
}

/** A successful sign-in: the pair starts afresh (the address counter does not: one good account must not whitewash an address). */
export async function clearSignInPair(email: string, address: string | null | undefined, target: Db = db()): Promise<void> {
  await target.deleteFrom("sign_in_throttles").where("key", "=", keys(email, address).pair).execute();
}

/** A password reset: every pair of the account is lifted, from every address. */
export async function clearAccountLocks(email: string, target: Db = db()): Promise<number> {
  const result = await target
    .deleteFrom("sign_in_throttles")
    .where("kind", "=", "pair")
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Housekeeping: forget counters idle for an hour whose lock has passed. */
export async function pruneSignInThrottles(target: Db = db(), now = Date.now()): Promise<void> {
  const iso = new Date(now).toISOString();
  await target
    .deleteFrom("sign_in_throttles")
    .where("last_failure_at", "<", new Date(now - FORGET_AFTER_MS).toISOString())
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", iso)]))
    .execute();
}

/** A lock in force, as the users screen lists it. */
export interface Lockout {
  key: string;
  kind: ThrottleKind;
  email: string | null;
  address: string;
  failures: number;
  lastFailureAt: string;
  lockedUntil: string;
}

/** The locks in force now, the longest first. */
export async function listLockouts(target: Db = db(), now = Date.now()): Promise<Lockout[]> {
  const rows = await target
    .selectFrom("sign_in_throttles")
    .selectAll()
    .where("locked_until", ">", new Date(now).toISOString())
    .orderBy("locked_until", "desc")
    .orderBy("key")
    .limit(200)
    .execute();
  return rows.map(toLockout);
}

function toLockout(r: Selectable<SignInThrottlesTable>): Lockout {
  return {
    key: r.key,
    kind: r.kind === "address" ? "address" : "pair",
    email: r.email,
    address: r.address,
    failures: r.failures,
    lastFailureAt: r.last_failure_at,
    lockedUntil: r.locked_until ?? r.last_failure_at,
  };
}

/** Lifts one lock (its counter starts afresh); the lifted lock, or null when it had already ended. */
export async function liftLockout(key: string, target: Db = db()): Promise<Lockout | null> {
  const row = await target.selectFrom("sign_in_throttles").selectAll().where("key", "=", key).executeTakeFirst();
  if (!row) return null;
  await target.deleteFrom("sign_in_throttles").where("key", "=", key).execute();
  return toLockout(row);
}

/** "3 minutes", "45 secondes", "1 minute": the wait, in French. */
export function frenchWait(seconds: number): string {
  if (seconds < 60) return `${seconds} seconde${seconds > 1 ? "s" : ""}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes > 1 ? "s" : ""}`;
}

/** The 429 answer's message. */
export function lockedMessage(seconds: number): string {
  return (
    `Trop de tentatives de connexion. Réessayez dans ${frenchWait(seconds)}, ` +
    "ou choisissez un nouveau mot de passe avec «\u00a0Mot de passe oublié\u00a0?\u00a0»\u00a0: le lien reçu par e-mail débloque le compte."
  );
}
