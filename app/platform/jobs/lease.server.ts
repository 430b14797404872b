import { config } from "../config.server";
import { db, type Db } from "../db/db.server";

/**
 * Leases: a claim on shared work that lapses unless renewed. Every background job of the site
 * (mail queue, batch imports, housekeeping) holds its work under a lease (JOB_LEASE_SECONDS, one
 * minute by default), renewed three times per lease while it works: an instance that crashes lets
 * go within a lease, and another takes the work over (see docs/decisions/0004-job-queue.md).
 */
export function leaseMs(): number {
  return config().jobLeaseMs;
}

export function leaseRenewalMs(): number {
  return Math.round(leaseMs() / 3);
}

/**
 * Takes (or renews) the named lease for `holder` when it is free, expired or already theirs.
 * Returns true when `holder` holds it until now + ttlMs.
 */
export async function acquireLease(
  name: string,
  holder: string,
  { target = db(), now = Date.now(), ttlMs = leaseMs() }: { target?: Db; now?: number; ttlMs?: number } = {},
): Promise<boolean> {
  const iso = new Date(now).toISOString();
  await target
    .insertInto("job_leases")
    .values({ name, holder: null, expires_at: null, next_run_at: null })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const result = await target
    .updateTable("job_leases")
    .set({ holder, expires_at: new Date(now + ttlMs).toISOString() })
    .where("name", "=", name)
    .where((eb) => eb.or([eb("holder", "is", null), eb("holder", "=", holder), eb("expires_at", "<", iso)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0) === 1;
}

/** Gives the named lease back (only when `holder` still holds it). */
export async function releaseLease(name: string, holder: string, target: Db = db()): Promise<void> {
  await target
    .updateTable("job_leases")
    .set({ holder: null, expires_at: null })
    .where("name", "=", name)
    .where("holder", "=", holder)
    .execute();
}

/** When the named scheduled task is next due (undefined: never ran, due now). */
export async function nextRunAt(name: string, target: Db = db()): Promise<string | undefined> {
  const row = await target.selectFrom("job_leases").select("next_run_at").where("name", "=", name).executeTakeFirst();
  return row?.next_run_at ?? undefined;
}

export async function setNextRunAt(name: string, at: number, target: Db = db()): Promise<void> {
  const iso = new Date(at).toISOString();
  await target
    .insertInto("job_leases")
    .values({ name, holder: null, expires_at: null, next_run_at: iso })
    .onConflict((oc) => oc.column("name").doUpdateSet({ next_run_at: iso }))
    .execute();
}
