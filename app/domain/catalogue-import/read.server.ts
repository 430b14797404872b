import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { IMPORT_PARSE_MAX_HEAP_MB, IMPORT_PARSE_TIMEOUT_MS } from "./limits";
import { ImportFileError } from "./model";
import type { ImportTable, ParseOptions, TableRow } from "./parse.server";
import type { ParseReply, ParseRequest } from "./table-worker.server";

export type { ImportTable, TableRow } from "./parse.server";

/**
 * Reads an uploaded file into a table, in a reading thread (`./table-worker.server.ts`): at most
 * two at once, kept 30 seconds after their last file. A thread that runs out of its memory or
 * time is stopped and the file refused in French; the server itself is never blocked.
 */

const MAX_THREADS = 2;
const IDLE_MS = 30_000;

/** In the sources (tests, development) the thread runs the TypeScript module through tsx; in a build, the bundled worker. */
const SOURCE_WORKER = "./table-worker.server.ts";
const BUILT_WORKER = ["./import-table-worker.js", "../import-table-worker.js"];

function workerSpec(): { url: URL; execArgv: string[] } {
  if (import.meta.url.endsWith(".ts")) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm")).href;
    return { url: new URL(SOURCE_WORKER, import.meta.url), execArgv: ["--import", tsx] };
  }
  for (const candidate of BUILT_WORKER) {
    const url = new URL(candidate, import.meta.url);
    if (existsSync(url)) return { url, execArgv: [] };
  }
  throw new Error("Le programme de lecture des fichiers d'import (import-table-worker.js) est absent de la version construite.");
}

interface Slot {
  worker: Worker;
  busy: boolean;
  idle?: NodeJS.Timeout;
}

const slots = new Set<Slot>();
const waiting: Array<(slot: Slot) => void> = [];

function startSlot(): Slot {
  const { url, execArgv } = workerSpec();
  const worker = new Worker(url, { execArgv, resourceLimits: { maxOldGenerationSizeMb: IMPORT_PARSE_MAX_HEAP_MB } });
  const slot: Slot = { worker, busy: false };
  worker.on("exit", () => {
    slots.delete(slot);
    clearTimeout(slot.idle);
  });
  worker.on("error", () => {}); // reported to the task in progress, if any
  slots.add(slot);
  return slot;
}

async function acquire(): Promise<Slot> {
  for (const slot of slots) {
    if (!slot.busy) {
      slot.busy = true;
      clearTimeout(slot.idle);
      slot.worker.ref();
      return slot;
    }
  }
  if (slots.size < MAX_THREADS) {
    const slot = startSlot();
    slot.busy = true;
    return slot;
  }
  const slot = await new Promise<Slot>((resolve) => waiting.push(resolve));
  slot.worker.ref();
  return slot;
}

function release(slot: Slot, broken: boolean): void {
  if (broken) {
    slots.delete(slot);
    void slot.worker.terminate();
    const next = waiting.shift();
    if (next) {
      const fresh = startSlot();
      fresh.busy = true;
      next(fresh);
    }
    return;
  }
  const next = waiting.shift();
  if (next) {
    next(slot);
    return;
  }
  slot.busy = false;
  slot.worker.unref();
  slot.idle = setTimeout(() => void slot.worker.terminate(), IDLE_MS);
  slot.idle.unref();
}

const TOO_HEAVY =
  "Ce fichier demande trop de mémoire pour être lu : enregistrez-le au format « CSV UTF-8 », ou découpez-le en plusieurs fichiers.";
const TOO_SLOW = `La lecture de ce fichier a pris plus de ${IMPORT_PARSE_TIMEOUT_MS / 60_000} minutes : enregistrez-le au format « CSV UTF-8 », ou découpez-le en plusieurs fichiers.`;

/** Reads a CSV, XLSX or JSON file into a table; throws ImportFileError with a French message when it cannot. */
export async function readTable(name: string, bytes: Uint8Array, options: ParseOptions = {}): Promise<ImportTable> {
  const slot = await acquire();
  const { worker } = slot;
  return new Promise<ImportTable>((resolve, reject) => {
    let head: Omit<ImportTable, "rows"> | undefined;
    const rows: TableRow[] = [];
    const finish = (outcome: { table?: ImportTable; error?: Error }, broken = false) => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      release(slot, broken);
      if (outcome.table) resolve(outcome.table);
      else reject(outcome.error);
    };
    const onMessage = (reply: ParseReply) => {
      if (reply.type === "head") head = reply.table;
      else if (reply.type === "rows") for (const row of reply.rows) rows.push(row);
      else if (reply.type === "done") finish({ table: { ...head!, rows } });
      else finish({ error: reply.fileError ? new ImportFileError(reply.message) : new Error(reply.message) });
    };
    const onError = (error: Error & { code?: string }) =>
      finish({ error: error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new ImportFileError(TOO_HEAVY) : error }, true);
    const onExit = () => finish({ error: new ImportFileError(TOO_HEAVY) }, true);
    const timer = setTimeout(() => finish({ error: new ImportFileError(TOO_SLOW) }, true), IMPORT_PARSE_TIMEOUT_MS);
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    const copy = bytes.slice();
    const request: ParseRequest = { name, bytes: copy, options };
    worker.postMessage(request, [copy.buffer]);
  });
}
