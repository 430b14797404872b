import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { config, type AppConfig } from "../config.server";
import { log } from "../log.server";
import { OPERATION_MAX_RETRY_MS, StorageError, UPLOAD_MAX_RETRY_MS, withRetry } from "./retry";

/**
 * File storage for uploads (images). Keys are relative paths ("formations/<uuid>-960.webp").
 * Every call goes through the retry policy of spec §9 (uploads 10 min, other operations 2 min).
 */
export interface StorageDriver {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

export const STORAGE_KEY_PATTERN = /^[a-z0-9]+(?:\/[a-z0-9][a-z0-9._-]*)+$/;

function checkKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key) || key.includes("..")) throw new StorageError(`Clé de stockage invalide : « ${key} ».`);
}

/** The local folder driver (config().storage.dir, default DATA_DIR/uploads). */
export function localDriver(dir: string): StorageDriver {
  const file = (key: string) => {
    checkKey(key);
    return path.join(dir, ...key.split("/"));
  };
  return {
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename would be atomic; keys are unique per upload, so a plain write is enough.
      await writeFile(target, body);
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}

function driverFor(cfg: AppConfig["storage"]): StorageDriver {
  if (cfg.driver === "local") return localDriver(cfg.dir);
  throw new StorageError("STORAGE_DRIVER=s3 : le stockage S3 n'est pas pris en charge par cette version ; utilisez le stockage local (STORAGE_DRIVER=local).");
}

/** The configured storage, with retries. `driver` replaces the backend (tests). */
export function storage(driver: StorageDriver = driverFor(config().storage)): StorageDriver {
  const onRetry = (operation: string, key: string) => (info: { attempt: number; delayMs: number }) =>
    log.warn("Stockage : nouvel essai", { operation, key, attempt: info.attempt, delayMs: info.delayMs });
  return {
    put: (key, body, contentType) => withRetry(() => driver.put(key, body, contentType), { maxRetryTimeMs: UPLOAD_MAX_RETRY_MS, onRetry: onRetry("put", key) }),
    get: (key) => withRetry(() => driver.get(key), { maxRetryTimeMs: OPERATION_MAX_RETRY_MS, onRetry: onRetry("get", key) }),
    delete: (key) => withRetry(() => driver.delete(key), { maxRetryTimeMs: OPERATION_MAX_RETRY_MS, onRetry: onRetry("delete", key) }),
  };
}
