import { workerPool } from "~/platform/workers/pool.server";
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

/** In the sources (tests, development) the thread runs the TypeScript module through tsx; in a build, the bundled worker. */
const pool = workerPool(
  {
    source: new URL("./table-worker.server.ts", import.meta.url),
    built: ["./import-table-worker.js", "../import-table-worker.js"],
    base: import.meta.url,
    missing: "Le programme de lecture des fichiers d'import (import-table-worker.js) est absent de la version construite.",
  },
  { maxThreads: 2, idleMs: 30_000, resourceLimits: { maxOldGenerationSizeMb: IMPORT_PARSE_MAX_HEAP_MB } },
);

const TOO_HEAVY =
  "Ce fichier demande trop de mémoire pour être lu : enregistrez-le au format « CSV UTF-8 », ou découpez-le en plusieurs fichiers.";
const TOO_SLOW = `La lecture de ce fichier a pris plus de ${IMPORT_PARSE_TIMEOUT_MS / 60_000} minutes : enregistrez-le au format « CSV UTF-8 », ou découpez-le en plusieurs fichiers.`;

/** Reads a CSV, XLSX or JSON file into a table; throws ImportFileError with a French message when it cannot. */
export async function readTable(name: string, bytes: Uint8Array, options: ParseOptions = {}): Promise<ImportTable> {
  let head: Omit<ImportTable, "rows"> | undefined;
  const rows: TableRow[] = [];
  return pool.run<ImportTable, ParseReply>({
    post(worker) {
      const copy = bytes.slice();
      const request: ParseRequest = { name, bytes: copy, options };
      worker.postMessage(request, [copy.buffer]);
    },
    message(reply) {
      if (reply.type === "head") head = reply.table;
      else if (reply.type === "rows") for (const row of reply.rows) rows.push(row);
      else if (reply.type === "done") return { value: { ...head!, rows } };
      else return { error: reply.fileError ? new ImportFileError(reply.message) : new Error(reply.message) };
      return undefined;
    },
    threadError: (error) => (error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new ImportFileError(TOO_HEAVY) : error),
    threadExit: () => new ImportFileError(TOO_HEAVY),
    timeoutMs: IMPORT_PARSE_TIMEOUT_MS,
    timedOut: () => new ImportFileError(TOO_SLOW),
  });
}
