import { log } from "../log.server";

/**
 * Whether this instance's writes reach the database, for /readyz: a write the database refused
 * (`isDatabaseUnavailable`: refused connections, read-only after a failover, too many clients…)
 * marks them failing at once (the spool paths call `noteWriteRefused`); the next write that passes
 * (the spool heartbeat writes every few seconds, see spool/heartbeat.server.ts) clears it. A
 * database that answers reads but refuses writes thus takes the instance out of the balancer.
 */
let failingSince: number | undefined;
let lastError = "";

export function noteWriteRefused(error?: unknown, now = Date.now()): void {
  if (failingSince === undefined) {
    log.warn("Écritures refusées par la base de données : /readyz répond 503", { error: String((error as Error)?.message ?? error ?? "") });
    failingSince = now;
  }
  if (error !== undefined) lastError = String((error as Error)?.message ?? error).slice(0, 300);
}

export function noteWriteAccepted(): void {
  if (failingSince !== undefined) log.info("Écritures de nouveau acceptées par la base de données");
  failingSince = undefined;
  lastError = "";
}

/** `ok: false` while the last write was refused (since when, and why). */
export function writeHealth(): { ok: boolean; failingSince?: string; error?: string } {
  if (failingSince === undefined) return { ok: true };
  return { ok: false, failingSince: new Date(failingSince).toISOString(), ...(lastError ? { error: lastError } : {}) };
}
