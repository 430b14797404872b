import { parentPort } from "node:worker_threads";
import { ImportFileError } from "./model";
import { parseTable, type ImportTable, type ParseOptions, type TableRow } from "./parse.server";

/**
 * The thread that reads uploaded files (started by `./read.server.ts`): parsing a large or hostile
 * file never blocks the server's event loop, and its memory is capped by the thread's own limits.
 * The table goes back in slices of rows, so the server never decodes one huge message at once.
 */

export interface ParseRequest {
  name: string;
  bytes: Uint8Array;
  options: ParseOptions;
}

export type ParseReply =
  | { type: "head"; table: Omit<ImportTable, "rows"> }
  | { type: "rows"; rows: TableRow[] }
  | { type: "done" }
  | { type: "error"; message: string; fileError: boolean };

/** Rows per message. */
const SLICE = 250;

parentPort?.on("message", async (request: ParseRequest) => {
  const post = (reply: ParseReply) => parentPort!.postMessage(reply);
  try {
    const { rows, ...head } = await parseTable(request.name, request.bytes, request.options);
    post({ type: "head", table: head });
    for (let i = 0; i < rows.length; i += SLICE) post({ type: "rows", rows: rows.slice(i, i + SLICE) });
    post({ type: "done" });
  } catch (error) {
    post({
      type: "error",
      message: error instanceof Error ? error.message : String(error),
      fileError: error instanceof ImportFileError,
    });
  }
});
