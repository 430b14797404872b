import { log } from "~/platform/log.server";
import { claimJob, onJobQueued, pruneUploads, runJob } from "./jobs.server";

/**
 * The batch-import worker of the server process: runs one job at a time, started at once when a
 * job is queued by this process and every POLL_MS for jobs queued elsewhere (or left by a stopped
 * instance). Every instance may run it: jobs are claimed atomically. On shutdown, the file in
 * progress is rolled back and the job released, to be resumed by the next worker.
 */
export const POLL_MS = 3_000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

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
      const claim = await claimJob();
      if (claim) {
        log.info("Import par lots : démarrage", { job: claim.id });
        const state = await runJob(claim, { stopping: () => w.stopped });
        log.info("Import par lots : fin", { job: claim.id, state });
        w.again = true; // another job may be waiting
      }
    } catch (error) {
      log.error("Import par lots : la tâche de fond a échoué", { error });
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

/** Starts the worker once per process (called from the server's startup). */
export function startImportWorker({ pollMs = POLL_MS } = {}): void {
  if (worker) return;
  const w: Worker = { timers: [], unsubscribe: () => {}, running: undefined, again: false, stopped: false };
  worker = w;
  w.unsubscribe = onJobQueued(() => kick(w));
  const poll = setInterval(() => kick(w), pollMs);
  const prune = setInterval(
    () => void pruneUploads().catch((error) => log.error("Import : purge des fichiers téléversés impossible", { error })),
    PRUNE_EVERY_MS,
  );
  const first = setTimeout(() => kick(w), 1_000);
  for (const t of [poll, prune, first]) t.unref();
  w.timers.push(poll, prune, first);
  log.info("Import des formations par lots : tâche de fond démarrée", { pollSeconds: pollMs / 1000 });
}

/** Stops the timers; the job in progress rolls back its current file and is released (graceful shutdown, tests). */
export async function stopImportWorker(): Promise<void> {
  const w = worker;
  if (!w) return;
  worker = undefined;
  w.stopped = true;
  w.unsubscribe();
  for (const t of w.timers) clearTimeout(t);
  await w.running;
}
