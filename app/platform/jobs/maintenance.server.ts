import { log } from "../log.server";

/**
 * Daily housekeeping of the server process. Each task is idempotent, so every instance may run
 * it. The tasks are listed by the composition root (`app/composition/maintenance-tasks.server.ts`).
 * (The mail queue and the leads' retention have their own worker: app/domain/leads/worker.server.ts.)
 */
export const MAINTENANCE_EVERY_MS = 24 * 60 * 60 * 1000;

/** One housekeeping task: `name` is logged with the number of rows it handled, when not 0. */
export interface MaintenanceTask {
  name: string;
  run: () => Promise<number>;
}

export async function runMaintenance(tasks: readonly MaintenanceTask[]): Promise<void> {
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

export function startMaintenance(tasks: readonly MaintenanceTask[], everyMs = MAINTENANCE_EVERY_MS): void {
  if (timers.length) return;
  const first = setTimeout(() => void runMaintenance(tasks), 5_000);
  const daily = setInterval(() => void runMaintenance(tasks), everyMs);
  first.unref();
  daily.unref();
  timers = [first, daily];
}

export function stopMaintenance(): void {
  for (const t of timers) clearTimeout(t);
  timers = [];
}
