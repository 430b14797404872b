import { mailJob } from "~/platform/email/worker.server";
import { documentsJob } from "~/domain/documents/worker.server";
import { importJob } from "~/domain/catalogue-import/worker.server";
import { webhookJob } from "~/domain/webhooks/delivery.server";
import { housekeepingJob } from "./housekeeping.server";
import { JobRunner } from "~/platform/jobs/runner.server";
import { heartbeatJob } from "~/platform/spool/heartbeat.server";
import { spoolJob } from "~/platform/spool/spool.server";

let runner: JobRunner | undefined;

/**
 * Starts the background jobs of this process on the shared job runner: the mail queue, batch
 * imports, batches of training documents, webhook deliveries, housekeeping (leader lock), the replay of the local spool and its heartbeat. A web-only instance
 * (WORKERS=0, the shared jobs run in `npm run worker`) still replays its own spool: it is a folder
 * of this machine that no other process may see.
 */
export function startWorkers({ webOnly = false }: { webOnly?: boolean } = {}): void {
  runner ??= new JobRunner(
    webOnly ? [spoolJob, heartbeatJob] : [mailJob, importJob, documentsJob, webhookJob, housekeepingJob, spoolJob, heartbeatJob],
  );
  runner.start();
}

/** Stops the jobs: work in progress finishes or is given back (mail unsent, import file rolled back). */
export async function stopWorkers(): Promise<void> {
  const r = runner;
  runner = undefined;
  await r?.stop();
}
