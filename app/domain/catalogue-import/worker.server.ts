import type { JobKind } from "~/platform/jobs/runner.server";
import { log } from "~/platform/log.server";
import { claimJob, onJobQueued, pruneUploads, releaseJob, renewJob, runJob } from "./jobs.server";

/** Jobs queued by another instance, or left by a crashed one, are found at the next poll. */
export const POLL_MS = 3_000;

/**
 * Batch imports for the shared job runner: one job at a time, started at once when this process
 * queued it. On shutdown the file in progress is rolled back and the job released, to be resumed
 * by the next worker; a crashed instance's job is taken over once its lease lapses.
 */
export const importJob: JobKind<{ id: string; token: string }> = {
  name: "Import des formations par lots",
  pollMs: POLL_MS,
  claim: () => claimJob(),
  async run(claim, { stopping }) {
    log.info("Import par lots : démarrage", { job: claim.id });
    const state = await runJob(claim, { stopping });
    log.info("Import par lots : fin", { job: claim.id, state });
  },
  renew: (claim) => renewJob(claim),
  async release(claim) {
    await releaseJob(claim);
  },
  subscribe: (kick) => onJobQueued(kick),
};

/** Housekeeping: uploads of the one-file page and batches never confirmed, after 24 hours. */
export function pruneUploadsTask(): Promise<number> {
  return pruneUploads();
}
