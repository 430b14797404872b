import { db } from "~/platform/db/db.server";
import type { JobKind } from "~/platform/jobs/runner.server";
import { claimDueMails, onMailQueued, releaseMailClaim, renewMailClaim, sendClaimedMails } from "./queue.server";

/** Mail queued by another instance, retries and claims that lapsed are found at the next poll. */
export const POLL_MS = 10_000;
const BATCH_SIZE = 20;

/**
 * The mail queue for the shared job runner: claims up to BATCH_SIZE due mails under one token,
 * sends them (at once when this process queued one), and gives back the unsent ones on stop.
 * Delivery is at least once: a sender that dies after the SMTP server accepted a mail and before
 * it was marked sent leaves it to be sent again.
 */
export const mailJob: JobKind<{ token: string; ids: string[] }> = {
  name: "File d'envoi des e-mails",
  pollMs: POLL_MS,
  async claim() {
    const claim = await claimDueMails(db(), Date.now(), BATCH_SIZE);
    return claim.ids.length ? claim : undefined;
  },
  async run(claim, { stopping }) {
    await sendClaimedMails(claim, { stopping });
  },
  renew: (claim) => renewMailClaim(claim.token),
  async release(claim) {
    await releaseMailClaim(claim.token);
  },
  subscribe: (kick) => onMailQueued(kick),
};
