import { createHash, randomUUID } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import * as tar from "tar";
import { config, type AppConfig } from "../config.server";
import { db, nowIso, type Db } from "../db/db.server";
import { log } from "../log.server";
import { storage, type StorageDriver } from "../storage/storage.server";
import { DATABASE_FOLDER, dumpDatabase, type DumpMethod } from "./database.server";
import { backupDestination, S3_BACKUP_PREFIX, type BackupDestination } from "./destination.server";
import { archiveName, archivesToDelete } from "./schedule";

/**
 * A backup of the site (docs/decisions/0012-backups.md): the database, the uploaded files and the
 * generated session secret, in one dated tar.gz with a SHA-256 checksum file, sent to the
 * destination (local folder or S3 bucket); then retention deletes the archives no longer kept.
 * Each attempt, finished or failed, is a row of `backups` (the dashboard shows the last one).
 */
export const MANIFEST = "manifest.json";
export const UPLOADS_FOLDER = "uploads";
export const AUTH_SECRET_FILE = "auth-secret";
export const ARCHIVE_FORMAT = "site-formation/sauvegarde";

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  version: 1;
  createdAt: string;
  engine: AppConfig["database"]["engine"];
  method: DumpMethod;
  tables?: Record<string, number>;
  files: number;
  authSecret: boolean;
}

export interface BackupOptions {
  target?: Db;
  database?: AppConfig["database"];
  uploads?: StorageDriver;
  destination?: BackupDestination;
  dataDir?: string;
  keep?: AppConfig["backup"]["keep"];
  now?: () => Date;
  /** Forces the logical export of the database (tests of the fallback). */
  logical?: boolean;
}

export interface BackupResult {
  name: string;
  size: number;
  sha256: string;
  location: string;
  method: DumpMethod;
  files: number;
  deleted: string[];
}

/** SHA-256 of a file, in hex. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

export async function runBackup(options: BackupOptions = {}): Promise<BackupResult> {
  const target = options.target ?? db();
  const database = options.database ?? config().database;
  const uploads = options.uploads ?? storage();
  const destination = options.destination ?? backupDestination(config().backup.destination);
  const dataDir = options.dataDir ?? config().dataDir;
  const keep = options.keep ?? config().backup.keep;
  const started = (options.now ?? (() => new Date()))();
  const name = archiveName(started);
  const work = await mkdtemp(path.join(tmpdir(), "sauvegarde-"));
  try {
    const staging = path.join(work, "contenu");
    await mkdir(staging);
    const dump = await dumpDatabase(target, database, path.join(staging, DATABASE_FOLDER), { logical: options.logical });
    if (dump.note) log.warn("Sauvegarde : pg_dump indisponible, export logique de la base", { reason: dump.note });

    // Uploaded files (not the archives themselves when they share the bucket).
    const keys = (await uploads.list("")).filter((key) => !key.startsWith(S3_BACKUP_PREFIX));
    for (const key of keys) {
      const body = await uploads.get(key);
      if (!body) continue; // deleted meanwhile
      const file = path.join(staging, UPLOADS_FOLDER, ...key.split("/"));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    }
    const secret = path.join(dataDir, AUTH_SECRET_FILE);
    const authSecret = existsSync(secret);
    if (authSecret) await copyFile(secret, path.join(staging, AUTH_SECRET_FILE));

    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: 1,
      createdAt: started.toISOString(),
      engine: database.engine,
      method: dump.method,
      tables: dump.tables,
      files: keys.length,
      authSecret,
    };
    await writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");

    const archive = path.join(work, name);
    await tar.create({ gzip: true, file: archive, cwd: staging, portable: true }, await readdir(staging));
    const sha256 = await sha256File(archive);
    const size = (await stat(archive)).size;
    await destination.save(archive, name, `${sha256}  ${name}\n`);

    const deleted = archivesToDelete(await destination.list(), keep);
    for (const old of deleted) await destination.remove(old);

    await target
      .insertInto("backups")
      .values({
        id: randomUUID(),
        started_at: started.toISOString(),
        finished_at: nowIso(),
        state: "ok",
        file_name: name,
        size_bytes: size,
        sha256,
        destination: destination.kind,
        location: destination.location,
        method: dump.method,
        files: keys.length,
        error: "",
      })
      .execute();
    return { name, size, sha256, location: destination.location, method: dump.method, files: keys.length, deleted };
  } catch (error) {
    await target
      .insertInto("backups")
      .values({
        id: randomUUID(),
        started_at: started.toISOString(),
        finished_at: nowIso(),
        state: "failed",
        file_name: name,
        size_bytes: 0,
        sha256: "",
        destination: destination.kind,
        location: destination.location,
        method: "",
        files: 0,
        error: String((error as Error).message ?? error).slice(0, 2000),
      })
      .execute()
      .catch(() => undefined);
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export interface BackupStatus {
  /** Backups are scheduled (BACKUP_EVERY_HOURS > 0). */
  enabled: boolean;
  last?: { at: string; size: number; name: string; location: string; destination: string };
  /** The last attempt failed after the last success. */
  lastFailure?: { at: string; error: string };
  /** No successful backup for 2 days (or none since the first attempt 2 days ago). */
  late: boolean;
}

/** A backup older than this is late (2 missed days); the dashboard turns red. */
export const BACKUP_LATE_MS = 48 * 3_600_000;

/** The last backup and whether it is late, for the dashboard and the go-live checklist. */
export async function backupStatus(target: Db = db(), now: Date = new Date()): Promise<BackupStatus> {
  const [ok, failed, first] = await Promise.all([
    target.selectFrom("backups").selectAll().where("state", "=", "ok").orderBy("finished_at", "desc").limit(1).executeTakeFirst(),
    target.selectFrom("backups").selectAll().where("state", "=", "failed").orderBy("finished_at", "desc").limit(1).executeTakeFirst(),
    target.selectFrom("backups").select("started_at").orderBy("started_at", "asc").limit(1).executeTakeFirst(),
  ]);
  const since = ok?.finished_at ?? first?.started_at;
  return {
    enabled: config().backup.everyHours > 0,
    last: ok
      ? { at: ok.finished_at, size: Number(ok.size_bytes), name: ok.file_name, location: ok.location, destination: ok.destination }
      : undefined,
    lastFailure: failed && (!ok || failed.finished_at > ok.finished_at) ? { at: failed.finished_at, error: failed.error } : undefined,
    late: since !== undefined && now.getTime() - Date.parse(since) > BACKUP_LATE_MS,
  };
}
