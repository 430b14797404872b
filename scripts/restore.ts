/**
 * `npm run restore -- <archive>`: restores a backup into the configured database and uploads
 * storage, which must be empty (a new DATA_DIR, an empty PostgreSQL database): a non-empty one is
 * refused before anything is written. `<archive>` is a path, or with BACKUP_DESTINATION=s3 the name
 * of an archive of the bucket. See README, « Sauvegardes ».
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { backupDestination } from "~/platform/backup/destination.server";
import { restoreBackup, RestoreRefusedError, restoreSummary } from "~/platform/backup/restore.server";
import { config, ensureDataDir } from "~/platform/config.server";
import { storage } from "~/platform/storage/storage.server";
import { configIsValid } from "./run-with-config";

async function main(): Promise<number> {
  const arg = process.argv.slice(2).find((a) => a !== "--");
  if (!arg) {
    process.stderr.write("Usage\u00a0: npm run restore -- <archive.tar.gz>\n");
    return 2;
  }
  if (!configIsValid()) return 1;
  const cfg = config();
  ensureDataDir();
  let archive = path.resolve(arg);
  let download: string | undefined;
  if (!existsSync(archive) && cfg.backup.destination.kind === "s3") {
    download = await mkdtemp(path.join(tmpdir(), "archive-"));
    archive = await backupDestination(cfg.backup.destination).fetch(path.basename(arg), download);
  }
  try {
    const report = await restoreBackup({ archive, database: cfg.database, uploads: storage(), dataDir: cfg.dataDir });
    process.stdout.write(restoreSummary(report, cfg.database) + "\n");
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefusedError) {
      process.stderr.write(`Restauration refusée\u00a0: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    if (download) await rm(download, { recursive: true, force: true });
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    process.stderr.write(`Échec de la restauration\u00a0: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
