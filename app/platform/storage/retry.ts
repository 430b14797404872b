/**
 * Retries of storage operations (docs/spec.md#stockage): on HTTP 5xx, 408 and 429 only, with exponential
 * backoff (1 s, 2 s, 4 s… each wait capped at 64 s, with jitter), for at most 10 minutes for an
 * upload and 2 minutes for any other operation. Other errors fail at once.
 */
export const UPLOAD_MAX_RETRY_MS = 10 * 60 * 1000;
export const OPERATION_MAX_RETRY_MS = 2 * 60 * 1000;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 64 * 1000;

/** An error from a storage backend, with the HTTP status when there is one. */
export class StorageError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "StorageError";
  }
}

export function isRetryableStatus(status: number | undefined): boolean {
  return status !== undefined && (status >= 500 || status === 408 || status === 429);
}

export interface RetryOptions {
  maxRetryTimeMs: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
}

/** Runs `operation`, retrying retryable failures until the time budget would be exceeded. */
export async function withRetry<T>(operation: () => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const started = now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      const status = (error as { status?: number } | undefined)?.status;
      if (!isRetryableStatus(status)) throw error;
      const base = Math.min(FIRST_DELAY_MS * 2 ** (attempt - 1), MAX_DELAY_MS);
      const delayMs = Math.round(base * (0.5 + random() / 2));
      if (now() - started + delayMs > options.maxRetryTimeMs) {
        throw new StorageError(`Opération de stockage abandonnée après ${attempt} tentatives (dernière erreur HTTP ${status}).`, status, {
          cause: error,
        });
      }
      options.onRetry?.({ attempt, delayMs, error });
      await sleep(delayMs);
    }
  }
}
