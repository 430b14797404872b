/**
 * Freshness of the admin's live data (docs/spec.md#requetes): fresh 5 minutes, kept 10 minutes,
 * 3 retries with an exponential backoff capped at 30 s. The admin reads live data (batch import
 * progress, dashboard figures) through React Router loaders, refreshed by `useLiveData`; no query
 * cache library is involved. Pure: runs anywhere.
 */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
/** How long data no screen shows may be kept: the router keeps only the current screen's data, so nothing outlives it. */
export const QUERY_GC_TIME_MS = 10 * 60 * 1000;
export const QUERY_RETRIES = 3;
export const QUERY_MAX_RETRY_DELAY_MS = 30_000;

/** How often a screen re-reads a running job (batch import progress). */
export const LIVE_POLL_MS = 1_000;

/** Wait before retry number `attempt` (0-based): 1 s, 2 s, 4 s… capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_MAX_RETRY_DELAY_MS);
}

/** True when data loaded at `loadedAt` is no longer fresh at `now`. */
export function isStale(loadedAt: number, now: number, staleMs: number = QUERY_STALE_TIME_MS): boolean {
  return now - loadedAt >= staleMs;
}
