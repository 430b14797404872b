import { copyFile, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BackupConfig } from "../config.server";
import { driverFor, storage, type StorageDriver } from "../storage/storage.server";
import { PRIVATE_FILE_MODE, privateDir, privateFile } from "../private-files.server";
import { archiveDate } from "./schedule";

/** Where archives go: a local folder (DATA_DIR/backups by default) or the S3 bucket, under `backups/`. */
export interface BackupDestination {
  kind: "local" | "s3";
  /** For people: the folder, or s3://bucket/backups/. */
  location: string;
  /** Stores the archive (a local file) and its checksum file. */
  save(file: string, name: string, checksumLine: string): Promise<void>;
  /** Archive names present, newest last. */
  list(): Promise<string[]>;
  remove(name: string): Promise<void>;
  /** Copies an archive (and its checksum file when there is one) into `folder`; returns the archive's path. */
  fetch(name: string, folder: string): Promise<string>;
}

export const S3_BACKUP_PREFIX = "backups/";

export function backupDestination(cfg: BackupConfig["destination"], driver?: StorageDriver): BackupDestination {
  return cfg.kind === "local" ? localDestination(cfg.dir) : s3Destination(driver ?? storage(driverFor(cfg.storage)), cfg.storage.bucket);
}

function localDestination(dir: string): BackupDestination {
  return {
    kind: "local",
    location: dir,
    async save(file, name, checksumLine) {
      // The archive holds the whole database and the session secret: folder 0700, files 0600.
      await privateDir(dir);
      // Written under a temporary name then renamed: a half-written archive never has an archive's name.
      const part = path.join(dir, `.${name}.part`);
      await copyFile(file, part);
      await privateFile(part);
      await rename(part, path.join(dir, name));
      const checksum = path.join(dir, `${name}.sha256`);
      await writeFile(checksum, checksumLine, { mode: PRIVATE_FILE_MODE });
      await privateFile(checksum);
    },
    async list() {
      try {
        return (await readdir(dir)).filter((n) => archiveDate(n)).sort();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
    },
    async remove(name) {
      await rm(path.join(dir, name), { force: true });
      await rm(path.join(dir, `${name}.sha256`), { force: true });
    },
    async fetch(name) {
      const source = path.join(dir, name);
      await stat(source);
      return source;
    },
  };
}

function s3Destination(driver: StorageDriver, bucket: string): BackupDestination {
  return {
    kind: "s3",
    location: `s3://${bucket}/${S3_BACKUP_PREFIX}`,
    async save(file, name, checksumLine) {
      await driver.put(S3_BACKUP_PREFIX + name, await readFile(file), "application/gzip");
      await driver.put(`${S3_BACKUP_PREFIX}${name}.sha256`, Buffer.from(checksumLine), "text/plain; charset=utf-8");
    },
    async list() {
      return (await driver.list(S3_BACKUP_PREFIX))
        .map((key) => key.slice(S3_BACKUP_PREFIX.length))
        .filter((n) => archiveDate(n))
        .sort();
    },
    async remove(name) {
      await driver.delete(S3_BACKUP_PREFIX + name);
      await driver.delete(`${S3_BACKUP_PREFIX}${name}.sha256`);
    },
    async fetch(name, folder) {
      const body = await driver.get(S3_BACKUP_PREFIX + name);
      if (!body) throw new Error(`Archive introuvable dans le bucket\u00a0: «\u00a0${name}\u00a0».`);
      const target = path.join(folder, name);
      await writeFile(target, body, { mode: PRIVATE_FILE_MODE });
      const checksum = await driver.get(`${S3_BACKUP_PREFIX}${name}.sha256`);
      if (checksum) await writeFile(`${target}.sha256`, checksum, { mode: PRIVATE_FILE_MODE });
      return target;
    },
  };
}
