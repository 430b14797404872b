import { purgeInactiveAccounts } from "~/domain/accounts/users.server";
import { log } from "../log.server";

/**
 * Daily housekeeping of the server process. Each task is idempotent, so every instance may run
 * it. (The mail queue and the leads' retention have their own worker: app/domain/leads/worker.server.ts.)
 */
export const MAINTENANCE_EVERY_MS = 24 * 60 * 60 * 1000;

const tasks: Array<{ name: string; run: () => Promise<number> }> = [
  { name: "Comptes visiteurs inactifs depuis 3 ans supprimés", run: () => purgeInactiveAccounts() },
];

export async function runMaintenance(): Promise<void> {
  for (const task of tasks) {
    try {
      const n = await task.run();
      if (n > 0) log.info(task.name, { count: n });
    } catch (error) {
      log.error(`Maintenance en échec : ${task.name}`, { error });
    }
  }
}

let timers: NodeJS.Timeout[] = [];

export function startMaintenance(everyMs = MAINTENANCE_EVERY_MS): void {
  if (timers.length) return;
  const first = setTimeout(() => void runMaintenance(), 5_000);
  const daily = setInterval(() => void runMaintenance(), everyMs);
  first.unref();
  daily.unref();
  timers = [first, daily];
}

export function stopMaintenance(): void {
  for (const t of timers) clearTimeout(t);
  timers = [];
}
