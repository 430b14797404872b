import { StorageError } from "./retry";

/**
 * What every storage driver offers (the local folder, S3: `./storage.server.ts`, `./s3-driver.server.ts`),
 * and the check of a key, below both so that neither imports the other.
 */
export interface StorageDriver {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix` ("" for all), sorted (backups list the uploaded files). */
  list(prefix: string): Promise<string[]>;
}

export const STORAGE_KEY_PATTERN = /^[a-z0-9]+(?:\/[a-z0-9][a-z0-9._-]*)+$/;

/** Throws a StorageError for a key outside STORAGE_KEY_PATTERN (every driver checks before any I/O). */
export function checkKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key) || key.includes("..")) throw new StorageError(`Clé de stockage invalide : « ${key} ».`);
}
