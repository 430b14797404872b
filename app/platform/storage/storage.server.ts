import type { Dirent } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { config, type AppConfig } from "../config.server";
import { log } from "../log.server";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, privateFile } from "../private-files.server";
import { STORAGE_KEY_PATTERN, checkKey, type StorageDriver } from "./driver";
import { OPERATION_MAX_RETRY_MS, UPLOAD_MAX_RETRY_MS, withRetry, type RetryOptions } from "./retry";

export type { StorageDriver } from "./driver";

/**
 * File storage for uploads (images). Keys are relative paths ("formations/<uuid>-960.webp").
 * Every call goes through the retry policy of docs/spec.md#stockage (uploads 10 min, other operations 2 min).
 */

/** The local folder driver (config().storage.dir, default DATA_DIR/uploads). */
export function localDriver(dir: string): StorageDriver {
  const file = (key: string) => {
    checkKey(key);
    return path.join(dir, ...key.split("/"));
  };
  return {
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
      // Write then rename would be atomic; keys are unique per upload, so a plain write is enough.
      // Private to the service user (0600), whatever the umask: the site serves them itself.
      await writeFile(target, body, { mode: PRIVATE_FILE_MODE });
      await privateFile(target);
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
    async list(prefix) {
      let entries: Dirent[];
      try {
        entries = await readdir(dir, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
        .filter((key) => key.startsWith(prefix) && STORAGE_KEY_PATTERN.test(key))
        .sort();
    },
  };
}

/** The driver for a storage configuration. The S3 one loads the SDK at its first use only. */
export function driverFor(cfg: AppConfig["storage"]): StorageDriver {
  if (cfg.driver === "local") return localDriver(cfg.dir);
  let loading: Promise<StorageDriver> | undefined;
  const s3 = () =>
    (loading ??= import("./s3-driver.server").then(
      (m) => m.s3Driver(cfg),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return {
    put: async (key, body, contentType) => (await s3()).put(key, body, contentType),
    get: async (key) => (await s3()).get(key),
    delete: async (key) => (await s3()).delete(key),
    list: async (prefix) => (await s3()).list(prefix),
  };
}

/** Backoff clock of the retries, replaceable by tests. */
export type RetryClock = Pick<RetryOptions, "sleep" | "now" | "random">;

let configured: StorageDriver | undefined;

/**
 * The configured storage, with retries. The configured driver (and so its S3 client) is created
 * once per process, at the first call. `driver` replaces the backend and `clock` the backoff
 * waits (tests).
 */
export function storage(driver: StorageDriver = (configured ??= driverFor(config().storage)), clock: RetryClock = {}): StorageDriver {
  return withRetries(driver, clock);
}

function withRetries(driver: StorageDriver, clock: RetryClock): StorageDriver {
  const onRetry = (operation: string, key: string) => (info: { attempt: number; delayMs: number }) =>
    log.warn("Stockage : nouvel essai", { operation, key, attempt: info.attempt, delayMs: info.delayMs });
  const options = (maxRetryTimeMs: number, operation: string, key: string): RetryOptions => ({
    ...clock,
    maxRetryTimeMs,
    onRetry: onRetry(operation, key),
  });
  return {
    put: (key, body, contentType) => withRetry(() => driver.put(key, body, contentType), options(UPLOAD_MAX_RETRY_MS, "put", key)),
    get: (key) => withRetry(() => driver.get(key), options(OPERATION_MAX_RETRY_MS, "get", key)),
    delete: (key) => withRetry(() => driver.delete(key), options(OPERATION_MAX_RETRY_MS, "delete", key)),
    list: (prefix) => withRetry(() => driver.list(prefix), options(OPERATION_MAX_RETRY_MS, "list", prefix)),
  };
}
