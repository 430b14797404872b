import { createHash } from "node:crypto";
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { config } from "../config.server";
import { noteWriteRefused } from "../db/write-health.server";
import type { JobKind } from "../jobs/runner.server";
import { log } from "../log.server";

/**
 * A durable local spool for submissions the database refused (it is down, locked or unreachable):
 * one JSON file per submission under `DATA_DIR/spool/<kind>/`, written to a temporary file, flushed
 * to disk (fsync), then renamed, so a file is either whole or absent, even after a crash. Each file
 * is named after the submission's own key (the form token of a lead): writing the same submission
 * twice keeps one file, and its replay into the database is idempotent by that key.
 *
 * The spool is generic (keyed by kind): a domain registers how to replay its kind
 * (`registerSpoolHandler`, from `app/composition/`), the job runner replays what is waiting once the
 * database answers again. See docs/decisions/0010-lead-spool.md.
 */

export interface SpoolEntry<T = unknown> {
  kind: string;
  key: string;
  /** When the submission was spooled (ISO). */
  spooledAt: string;
  payload: T;
}

/** The spool could not be written either (disk full, read-only, missing folder): nothing was kept. */
export class SpoolUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`Écriture dans le dossier d'attente impossible : ${String((cause as Error)?.message ?? cause)}`, { cause });
    this.name = "SpoolUnavailableError";
  }
}

export function spoolDir(dataDir = config().dataDir): string {
  return path.join(dataDir, "spool");
}

const KIND_PATTERN = /^[a-z][a-z0-9-]{0,40}$/;

function kindDir(kind: string, dataDir?: string): string {
  if (!KIND_PATTERN.test(kind)) throw new Error(`Sorte de dossier d'attente invalide : ${kind}`);
  return path.join(spoolDir(dataDir), kind);
}

/** The file name of a key: a hash, so any key (a signed token, an e-mail…) makes a safe name. */
function fileName(key: string): string {
  return `${createHash("sha256").update(key).digest("hex").slice(0, 40)}.json`;
}

function fsyncDir(dir: string): void {
  try {
    const fd = openSync(dir, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    /* some file systems cannot sync a folder: the file itself is synced */
  }
}

/**
 * Writes a submission to the spool, durably (fsync of the file, then of its folder), or throws
 * `SpoolUnavailableError`. The same key written again returns the entry already kept (the first
 * one wins, as the database's unique key would).
 */
export function spoolWrite<T>(
  kind: string,
  key: string,
  payload: T,
  { dataDir, now = Date.now() }: { dataDir?: string; now?: number } = {},
): SpoolEntry<T> {
  // Called because the database refused a write: /readyz says so until a write passes again.
  noteWriteRefused();
  try {
    const dir = kindDir(kind, dataDir);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, fileName(key));
    const existing = readEntry<T>(file);
    if (existing && existing.key === key) return existing;
    const entry: SpoolEntry<T> = { kind, key, spooledAt: new Date(now).toISOString(), payload };
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    const fd = openSync(temp, "wx", 0o600);
    try {
      writeSync(fd, JSON.stringify(entry));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
    fsyncDir(dir);
    log.warn("Base de données indisponible : envoi gardé dans le dossier d'attente", { spoolKind: kind });
    return entry;
  } catch (error) {
    throw error instanceof SpoolUnavailableError ? error : new SpoolUnavailableError(error);
  }
}

function readEntry<T>(file: string): SpoolEntry<T> | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as SpoolEntry<T>;
  } catch {
    return undefined;
  }
}

function entryFiles(kind: string, dataDir?: string): string[] {
  const dir = kindDir(kind, dataDir);
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}

/** The entries waiting in the spool for one kind, oldest first. */
export function spoolEntries<T = unknown>(kind: string, { dataDir }: { dataDir?: string } = {}): Array<SpoolEntry<T> & { file: string }> {
  const entries: Array<SpoolEntry<T> & { file: string }> = [];
  for (const file of entryFiles(kind, dataDir)) {
    const entry = readEntry<T>(file);
    if (entry && entry.kind === kind) entries.push({ ...entry, file });
  }
  return entries.sort((a, b) => a.spooledAt.localeCompare(b.spooledAt));
}

/** How many entries of a kind wait in this instance's spool (the admin shows it). */
export function spoolCount(kind: string, { dataDir }: { dataDir?: string } = {}): number {
  return entryFiles(kind, dataDir).length;
}

// ---------------------------------------------------------------------------------------------
// Replay
// ---------------------------------------------------------------------------------------------

/**
 * How one kind goes into the database: must be idempotent by the entry's key (the entry is removed
 * only after the handler resolved; a crash in between replays it again).
 */
export type SpoolHandler = (entry: SpoolEntry) => Promise<void>;

const handlers = new Map<string, SpoolHandler>();

/** Registers the replay of a kind (from `app/composition/`, at startup). */
export function registerSpoolHandler(kind: string, handler: SpoolHandler): void {
  kindDir(kind);
  handlers.set(kind, handler);
}

/** The kinds with a registered replay. */
export function spoolKinds(): string[] {
  return [...handlers.keys()];
}

/** True when some registered kind has entries waiting (cheap: a folder listing). */
export function spoolPending({ dataDir }: { dataDir?: string } = {}): boolean {
  return spoolKinds().some((kind) => spoolCount(kind, { dataDir }) > 0);
}

/**
 * Replays every waiting entry into the database, oldest first. Stops at the first failure (the
 * database is probably still down: the rest waits for the next poll). Returns how many went in.
 */
export async function replaySpool({ dataDir }: { dataDir?: string } = {}): Promise<number> {
  let replayed = 0;
  for (const [kind, handler] of handlers) {
    for (const entry of spoolEntries(kind, { dataDir })) {
      try {
        await handler(entry);
      } catch (error) {
        log.warn("Dossier d'attente : la base refuse encore, nouvel essai plus tard", {
          spoolKind: kind,
          waiting: spoolCount(kind, { dataDir }),
          error: String((error as Error)?.message ?? error),
        });
        return replayed;
      }
      rmSync(entry.file, { force: true });
      replayed++;
    }
    if (replayed > 0) fsyncDir(kindDir(kind, dataDir));
  }
  if (replayed > 0) log.info("Dossier d'attente : envois enregistrés en base", { count: replayed });
  return replayed;
}

/** How often the spool is looked at (a folder listing; replay only when something waits). */
export const SPOOL_POLL_MS = 5_000;

/**
 * The spool's replay on the shared job runner. The spool is this machine's folder: every process
 * replays it, web-only instances too (`WORKERS=0`); two processes on one DATA_DIR replay the same
 * entries harmlessly (idempotent by key).
 */
export const spoolJob: JobKind<true> = {
  name: "Dossier d'attente",
  pollMs: SPOOL_POLL_MS,
  firstPollMs: 1_000,
  async claim() {
    return spoolPending() ? true : undefined;
  },
  async run() {
    await replaySpool();
    return false; // what is still waiting is retried at the next poll
  },
  async renew() {},
  async release() {},
};
