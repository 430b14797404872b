import { chmodSync, lstatSync, readdirSync } from "node:fs";
import { chmod, mkdir } from "node:fs/promises";
import path from "node:path";

/**
 * Everything under DATA_DIR (the database, the session secret, backups, uploads, the local
 * outbox and spool) is private to the service user: files 0600, folders 0700, whatever the umask
 * the process was started with. The process umask is set at start (server, worker, scripts), the
 * places that create files set the mode themselves as well, and the modes of an existing DATA_DIR
 * are put right at start-up. No logging here: config.server.ts uses this module.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_UMASK = 0o077;

/** From now on, files and folders the process creates are readable by its own user only. */
export function setPrivateUmask(): void {
  try {
    process.umask(PRIVATE_UMASK);
  } catch {
    /* a worker thread cannot set it: the process's own applies */
  }
}

/** chmod that ignores a file removed meanwhile. */
function chmodIfPresent(file: string, mode: number): void {
  try {
    chmodSync(file, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/** A file just written: private, whatever the umask and the mode it was created with (a copy keeps its source's). */
export async function privateFile(file: string): Promise<void> {
  await chmod(file, PRIVATE_FILE_MODE);
}

/** The same, synchronous (the SQLite file and its -wal and -shm companions, which SQLite creates with the file's mode). */
export function privateFileSync(file: string): void {
  chmodIfPresent(file, PRIVATE_FILE_MODE);
}

/** A folder (and its missing parents) created private; an existing one made private. */
export async function privateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

export interface PrivatizeResult {
  /** Files and folders whose mode was changed. */
  changed: number;
  /** Those the process may not change (another owner): the path and the system's code. */
  refused: Array<{ path: string; code: string }>;
}

/**
 * Puts the modes of a whole tree right: folders 0700, files 0600. Symbolic links are neither
 * followed nor changed; only the permission bits are compared, so an already private tree costs
 * one lstat per entry.
 */
export function privatizeTree(root: string): PrivatizeResult {
  const result: PrivatizeResult = { changed: 0, refused: [] };
  const stack = [root];
  while (stack.length > 0) {
    const current = stack.pop()!;
    let stats;
    try {
      stats = lstatSync(current);
    } catch {
      continue; // removed meanwhile
    }
    if (stats.isSymbolicLink()) continue;
    const isDir = stats.isDirectory();
    const wanted = isDir ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((stats.mode & 0o777) !== wanted && (isDir || stats.isFile())) {
      try {
        chmodSync(current, wanted);
        result.changed++;
      } catch (error) {
        result.refused.push({ path: current, code: (error as NodeJS.ErrnoException).code ?? "?" });
      }
    }
    if (isDir) {
      try {
        for (const name of readdirSync(current)) stack.push(path.join(current, name));
      } catch (error) {
        result.refused.push({ path: current, code: (error as NodeJS.ErrnoException).code ?? "?" });
      }
    }
  }
  return result;
}
