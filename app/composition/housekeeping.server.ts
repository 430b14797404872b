import { randomUUID } from "node:crypto";
import { purgeInactiveAccounts } from "~/domain/accounts/users.server";
import { deleteExpiredLeadsTask, pruneRateLimitsTask } from "~/domain/leads/worker.server";
import { pruneUploadsTask } from "~/domain/formations/import/worker.server";
import { sweepWaitingLists } from "~/domain/registrations/registrations.server";
import { config } from "~/platform/config.server";
import { log } from "~/platform/log.server";
import { acquireLease, nextRunAt, releaseLease, setNextRunAt } from "~/platform/jobs/lease.server";
import type { JobKind } from "~/platform/jobs/runner.server";

/**
 * Housekeeping: idempotent tasks, each run at its own interval by one instance at a time. The
 * instance holding the "housekeeping" lease (the leader lock, renewed at every poll) runs the
 * tasks that are due; when it stops or crashes, another takes the lease within about a minute.
 * When each task is next due is kept in the database, so a restart does not run them again.
 */
export const HOUSEKEEPING_POLL_MS = 20_000;
const LEADER_LEASE = "housekeeping";

export const HOUSEKEEPING_TASKS: Array<{ name: string; everyMs: number; run: () => Promise<number> }> = [
  { name: "Demandes au-delà de la durée de conservation supprimées", everyMs: 6 * 60 * 60 * 1000, run: deleteExpiredLeadsTask },
  { name: "Compteurs anti-abus expirés supprimés", everyMs: 6 * 60 * 60 * 1000, run: pruneRateLimitsTask },
  { name: "Comptes visiteurs inactifs depuis 3 ans supprimés", everyMs: 24 * 60 * 60 * 1000, run: () => purgeInactiveAccounts() },
  { name: "Fichiers d'import téléversés expirés supprimés", everyMs: 60 * 60 * 1000, run: pruneUploadsTask },
  // Offers of the waiting lists that expired, and seats added by staff, go to the next in line.
  { name: "Listes d'attente des sessions servies", everyMs: 60 * 1000, run: () => sweepWaitingLists() },
];

/** This process's name on the leader lock (its instance id, made unique per start). */
let holderName: string | undefined;
const holder = () => (holderName ??= `${config().instanceId}/${randomUUID().slice(0, 8)}`);
let leader = false;

/** Runs the due tasks (the caller holds the leader lock). Returns the names of those that ran. */
export async function runDueHousekeeping(now = Date.now()): Promise<string[]> {
  const ran: string[] = [];
  for (const task of HOUSEKEEPING_TASKS) {
    const key = `task:${task.name}`;
    const due = await nextRunAt(key);
    if (due && Date.parse(due) > now) continue;
    try {
      const n = await task.run();
      if (n > 0) log.info(task.name, { count: n });
    } catch (error) {
      log.error(`Maintenance en échec : ${task.name}`, { error });
    }
    await setNextRunAt(key, now + task.everyMs);
    ran.push(task.name);
  }
  return ran;
}

export const housekeepingJob: JobKind<true> = {
  name: "Maintenance",
  pollMs: HOUSEKEEPING_POLL_MS,
  firstPollMs: 5_000,
  async claim() {
    const held = await acquireLease(LEADER_LEASE, holder());
    if (held !== leader) log.info(held ? "Maintenance : cette instance la prend en charge" : "Maintenance : confiée à une autre instance");
    leader = held;
    return held ? true : undefined;
  },
  async run() {
    await runDueHousekeeping();
    return false; // nothing more until the next poll
  },
  async renew() {
    await acquireLease(LEADER_LEASE, holder());
  },
  async release() {
    // Leadership is kept between polls (renewed at each claim); it is given back on stop.
  },
  async stopped() {
    if (leader) await releaseLease(LEADER_LEASE, holder());
    leader = false;
  },
};
