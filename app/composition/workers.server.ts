import { mailJob } from "~/domain/leads/worker.server";
import { importJob } from "~/domain/formations/import/worker.server";
import { webhookJob } from "~/domain/webhooks/delivery.server";
import { housekeepingJob } from "./housekeeping.server";
import { JobRunner } from "~/platform/jobs/runner.server";

let runner: JobRunner | undefined;

/**
 * Starts the background jobs of this process on the shared job runner: the mail queue, batch
 * imports, webhook deliveries and housekeeping (leader lock). WORKERS=0 leaves them to other processes (`npm run worker`).
 */
export function startWorkers(): void {
  runner ??= new JobRunner([mailJob, importJob, webhookJob, housekeepingJob]);
  runner.start();
}

/** Stops the jobs: work in progress finishes or is given back (mail unsent, import file rolled back). */
export async function stopWorkers(): Promise<void> {
  const r = runner;
  runner = undefined;
  await r?.stop();
}
