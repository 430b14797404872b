import { db, type Db } from "../db/db.server";

/**
 * Per-address limits (Better Auth's rate limiter, stored in the database so that every instance
 * shares them). Keys are the client address and the path; windows in seconds.
 */
export const AUTH_RATE_LIMITS = {
  "/sign-in/email": { window: 60, max: 60 },
  "/sign-up/email": { window: 600, max: 30 },
  "/request-password-reset": { window: 600, max: 10 },
  "/reset-password": { window: 600, max: 20 },
  "/delete-user": { window: 600, max: 10 },
} as const;

/**
 * Per-account limit on wrong passwords: after MAX_FAILURES failed sign-ins within WINDOW_MS,
 * the address answers 429 until the window has passed, whatever the client address.
 */
export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

function key(email: string): string {
  return email.trim().toLowerCase();
}

/** Seconds the address must still wait, 0 when sign-in is allowed. */
export async function signInLockedFor(email: string, target: Db = db(), now = Date.now()): Promise<number> {
  const row = await target.selectFrom("sign_in_failures").selectAll().where("email", "=", key(email)).executeTakeFirst();
  if (!row) return 0;
  const start = Date.parse(row.window_start);
  if (now - start >= SIGN_IN_FAILURE_WINDOW_MS || row.failures < SIGN_IN_MAX_FAILURES) return 0;
  return Math.max(1, Math.ceil((start + SIGN_IN_FAILURE_WINDOW_MS - now) / 1000));
}

export async function recordSignInFailure(email: string, target: Db = db(), now = Date.now()): Promise<void> {
  const k = key(email);
  const iso = new Date(now).toISOString();
  const windowStartLimit = new Date(now - SIGN_IN_FAILURE_WINDOW_MS).toISOString();
  // A window that has passed starts again at 1; otherwise count one more failure.
  await target
    .insertInto("sign_in_failures")
    .values({ email: k, failures: 1, window_start: iso, last_failure_at: iso })
    .onConflict((oc) =>
      oc.column("email").doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when("sign_in_failures.window_start", "<=", windowStartLimit)
          .then(1)
          .else(eb("sign_in_failures.failures", "+", 1))
          .end(),
        window_start: eb
          .case()
          .when("sign_in_failures.window_start", "<=", windowStartLimit)
          .then(iso)
          .else(eb.ref("sign_in_failures.window_start"))
          .end(),
        last_failure_at: iso,
      })),
    )
    .execute();
  await pruneSignInFailures(target, now);
}

export async function clearSignInFailures(email: string, target: Db = db()): Promise<void> {
  await target.deleteFrom("sign_in_failures").where("email", "=", key(email)).execute();
}

/** Housekeeping: forget failures older than the window. */
export async function pruneSignInFailures(target: Db = db(), now = Date.now()): Promise<void> {
  const limit = new Date(now - SIGN_IN_FAILURE_WINDOW_MS).toISOString();
  await target.deleteFrom("sign_in_failures").where("last_failure_at", "<", limit).execute();
}
