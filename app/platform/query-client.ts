import { QueryClient } from "@tanstack/react-query";

/** Spec §9: data is fresh 5 minutes, kept 10 minutes; 3 retries with exponential backoff capped at 30 s. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_GC_TIME_MS = 10 * 60 * 1000;
export const QUERY_RETRIES = 3;
export const QUERY_MAX_RETRY_DELAY_MS = 30_000;

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_MAX_RETRY_DELAY_MS);
}

/** The admin screens' query client (public pages get their data from loaders). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, gcTime: QUERY_GC_TIME_MS, retry: QUERY_RETRIES, retryDelay },
      mutations: { retry: 0 },
    },
  });
}
