import { config } from "~/platform/config.server";
import { log } from "~/platform/log.server";
import { deleteExpiredLeads } from "./leads.server";
import { onMailQueued, processMailQueue } from "./mail-queue.server";
import { pruneRateLimits } from "./spam.server";

/**
 * The background worker of the server process: delivers the mail queue (at once when a mail is
 * queued by this process, and every POLL_MS for retries and mail queued by other instances) and
 * runs the RGPD retention job every RETENTION_EVERY_MS. Every instance may run it: rows are
 * claimed atomically, and the retention delete is idempotent.
 */
export const POLL_MS = 30_000;
export const RETENTION_EVERY_MS = 6 * 60 * 60 * 1000;
const BATCH_SIZE = 20;

interface Worker {
  timers: NodeJS.Timeout[];
  unsubscribe: () => void;
  running: Promise<void> | undefined;
  again: boolean;
  stopped: boolean;
}

let worker: Worker | undefined;

async function drain(w: Worker): Promise<void> {
  do {
    w.again = false;
    try {
      const result = await processMailQueue({ batchSize: BATCH_SIZE });
      if (result.claimed === BATCH_SIZE) w.again = true;
    } catch (error) {
      log.error("File d'envoi des e-mails : passage en échec", { error });
    }
  } while (w.again && !w.stopped);
}

function kick(w: Worker): void {
  if (w.stopped) return;
  if (w.running) {
    w.again = true;
    return;
  }
  w.running = drain(w).finally(() => {
    w.running = undefined;
  });
}

export async function runRetention(): Promise<void> {
  try {
    const deleted = await deleteExpiredLeads();
    await pruneRateLimits();
    if (deleted > 0) {
      log.info("Durée de conservation : demandes supprimées", { deleted, months: config().leadRetentionMonths });
    }
  } catch (error) {
    log.error("Durée de conservation : la suppression des anciennes demandes a échoué", { error });
  }
}

/** Starts the worker once per process (called from the server's startup). */
export function startLeadWorker({ pollMs = POLL_MS, retentionEveryMs = RETENTION_EVERY_MS } = {}): void {
  if (worker) return;
  const w: Worker = { timers: [], unsubscribe: () => {}, running: undefined, again: false, stopped: false };
  worker = w;
  w.unsubscribe = onMailQueued(() => kick(w));
  const poll = setInterval(() => kick(w), pollMs);
  const retention = setInterval(() => void runRetention(), retentionEveryMs);
  const first = setTimeout(() => {
    kick(w);
    void runRetention();
  }, 1_000);
  for (const t of [poll, retention, first]) t.unref();
  w.timers.push(poll, retention, first);
  log.info("Envoi des e-mails et durée de conservation : tâche de fond démarrée", { pollSeconds: pollMs / 1000 });
}

/** Stops the timers and waits for the send in progress (graceful shutdown, tests). */
export async function stopLeadWorker(): Promise<void> {
  const w = worker;
  if (!w) return;
  worker = undefined;
  w.stopped = true;
  w.unsubscribe();
  for (const t of w.timers) clearTimeout(t);
  await w.running;
}
