import { existsSync } from "node:fs";
import { copyFile, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import * as tar from "tar";
import type { AppConfig } from "../config.server";
import { closeDbHandle, openDb, type Db } from "../db/db.server";
import type { StorageDriver } from "../storage/storage.server";
import { ARCHIVE_FORMAT, AUTH_SECRET_FILE, MANIFEST, sha256File, UPLOADS_FOLDER, type Manifest } from "./backup.server";
import { countRows, DATABASE_FOLDER, dumpPresent, isEmptyDatabase, restoreDatabase, RestoreRefusedError } from "./database.server";
import { S3_BACKUP_PREFIX } from "./destination.server";
import { formatCount, formatDateTime } from "../format";

export { RestoreRefusedError };

export interface RestoreOptions {
  /** The archive (a local .tar.gz); its `.sha256` file next to it is checked when present. */
  archive: string;
  database: AppConfig["database"];
  uploads: StorageDriver;
  dataDir: string;
}

export interface RestoreReport {
  manifest: Manifest;
  tables: Record<string, number>;
  files: number;
  authSecret: "restauré" | "conservé" | "absent";
  checksum: "vérifiée" | "absente";
}

/**
 * `npm run restore -- <archive>`: puts a backup back into an EMPTY database and an empty uploads
 * storage (a non-empty one is refused, in French, before anything is written), then says what it
 * restored. The archive's checksum file, when next to it, must match.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const { archive, database, uploads, dataDir } = options;
  if (!existsSync(archive)) throw new RestoreRefusedError(`Archive introuvable\u00a0: «\u00a0${archive}\u00a0».`);
  let checksum: RestoreReport["checksum"] = "absente";
  if (existsSync(`${archive}.sha256`)) {
    const expected = (await readFile(`${archive}.sha256`, "utf8")).trim().split(/\s+/)[0];
    if (expected !== (await sha256File(archive))) {
      throw new RestoreRefusedError(
        `L'empreinte SHA-256 de l'archive ne correspond pas à «\u00a0${archive}.sha256\u00a0»\u00a0: archive abîmée, restauration refusée.`,
      );
    }
    checksum = "vérifiée";
  }

  // Refuse before writing anything: the database and the uploads must be empty.
  const probe = openProbe(database);
  try {
    if (probe && !(await isEmptyDatabase(probe))) {
      throw new RestoreRefusedError(
        database.engine === "sqlite"
          ? `La base de destination n'est pas vide (${database.file})\u00a0: la restauration ne remplace jamais des données existantes. Indiquez un dossier de données vide (DATA_DIR) ou une autre base (DATABASE_URL).`
          : "La base PostgreSQL de destination n'est pas vide\u00a0: la restauration ne remplace jamais des données existantes. Créez une base vide et indiquez-la dans DATABASE_URL.",
      );
    }
  } finally {
    if (probe) await closeDbHandle(probe);
  }
  const existing = (await uploads.list("")).filter((key) => !key.startsWith(S3_BACKUP_PREFIX));
  if (existing.length) {
    throw new RestoreRefusedError(
      `Le stockage des fichiers téléversés n'est pas vide (${existing.length} fichier${existing.length > 1 ? "s" : ""})\u00a0: la restauration ne remplace jamais des fichiers existants.`,
    );
  }

  const work = await mkdtemp(path.join(tmpdir(), "restauration-"));
  try {
    try {
      await tar.extract({ file: archive, cwd: work, strict: true });
    } catch (error) {
      throw new RestoreRefusedError(`L'archive est illisible (${(error as Error).message})\u00a0: restauration refusée.`);
    }
    const manifest = await readManifest(work);
    const dumpFolder = path.join(work, DATABASE_FOLDER);
    if (!dumpPresent(dumpFolder, manifest.method))
      throw new RestoreRefusedError("L'archive ne contient pas la base annoncée par son manifeste.");

    let handle: Db | undefined;
    const open = () => (handle ??= openDb(database).db);
    try {
      await restoreDatabase(dumpFolder, manifest.method, database, open);
      const tables = await countRows(open());

      const files = await listFiles(path.join(work, UPLOADS_FOLDER));
      for (const key of files) {
        const body = await readFile(path.join(work, UPLOADS_FOLDER, ...key.split("/")));
        await uploads.put(key, body, contentType(key));
      }

      let authSecret: RestoreReport["authSecret"] = "absent";
      if (manifest.authSecret) {
        const target = path.join(dataDir, AUTH_SECRET_FILE);
        if (existsSync(target)) authSecret = "conservé";
        else {
          await copyFile(path.join(work, AUTH_SECRET_FILE), target);
          authSecret = "restauré";
        }
      }
      return { manifest, tables, files: files.length, authSecret, checksum };
    } finally {
      if (handle) await closeDbHandle(handle);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** A handle to look at the destination, or undefined for a SQLite file that does not exist yet (empty). */
function openProbe(database: AppConfig["database"]): Db | undefined {
  if (database.engine === "sqlite" && !existsSync(database.file)) return undefined;
  return openDb(database).db;
}

async function readManifest(folder: string): Promise<Manifest> {
  try {
    const manifest = JSON.parse(await readFile(path.join(folder, MANIFEST), "utf8")) as Manifest;
    if (manifest.format === ARCHIVE_FORMAT && manifest.version === 1) return manifest;
  } catch {
    // reported below
  }
  throw new RestoreRefusedError("Ce fichier n'est pas une sauvegarde du site (manifeste absent ou inconnu).");
}

async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

function contentType(key: string): string {
  if (key.endsWith(".webp")) return "image/webp";
  if (key.endsWith(".avif")) return "image/avif";
  if (key.endsWith(".svg")) return "image/svg+xml";
  return "application/octet-stream";
}

/** The report printed by `npm run restore`, in French. */
export function restoreSummary(report: RestoreReport, database: AppConfig["database"]): string {
  const { manifest } = report;
  const engine = manifest.engine === "sqlite" ? "SQLite" : "PostgreSQL";
  const method = { "sqlite-backup": "copie SQLite", pg_dump: "pg_dump", logical: "export logique" }[manifest.method];
  const rows = Object.entries(report.tables)
    .filter(([table, n]) => n > 0 && !table.startsWith("kysely_"))
    .map(([table, n]) => `  - ${table}\u00a0: ${formatCount(n, "ligne")}`);
  return [
    `Sauvegarde du ${formatDateTime(manifest.createdAt)} (${engine}, ${method}) restaurée.`,
    `Empreinte SHA-256\u00a0: ${report.checksum}.`,
    `Base : ${database.engine === "sqlite" ? database.file : "PostgreSQL (DATABASE_URL)"}, ${formatCount(rows.length, "table non vide", "tables non vides")}\u00a0:`,
    ...rows,
    `Fichiers téléversés\u00a0: ${report.files}.`,
    `Secret des sessions\u00a0: ${report.authSecret}.`,
    "Démarrez le site (npm start)\u00a0: les migrations éventuelles s'appliquent au démarrage.",
  ].join("\n");
}
