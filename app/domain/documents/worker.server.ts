import type { JobKind } from "~/platform/jobs/runner.server";
import { log } from "~/platform/log.server";
import { claimBatch, onBatchQueued, releaseBatch, renewBatch, runBatch } from "./jobs.server";

/** Batches of training documents (a session's convocations or certificates) on the shared job runner. */
export const documentsJob: JobKind<{ id: string; token: string }> = {
  name: "Documents de formation par lots",
  pollMs: 5_000,
  claim: () => claimBatch(),
  async run(claim, { stopping }) {
    const state = await runBatch(claim, { stopping });
    log.info("Lot de documents : fin", { job: claim.id, state });
  },
  renew: (claim) => renewBatch(claim),
  release: (claim) => releaseBatch(claim),
  subscribe: (kick) => onBatchQueued(kick),
};
