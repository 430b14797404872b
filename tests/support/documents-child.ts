/**
 * A second instance generating documents: it opens the database given by `CHILD_DATABASE`, says
 * « prêt » on stdout, waits for a line on stdin, then generates a convention for each registration
 * of `CHILD_REGISTRATIONS` (comma-separated) of session `CHILD_SESSION`, and prints the numbers it
 * got as JSON. Run with tsx by `app/domain/documents/documents.test.ts`, at the same time as the
 * test process generates its own.
 */
import { createInterface } from "node:readline";
import { generateDocument } from "~/domain/documents/documents.server";
import { staff } from "~/domain/documents/test-fixtures";
import { loadConfig, setConfig } from "~/platform/config.server";
import { closeDbHandle, openDb } from "~/platform/db/db.server";

const url = process.env.CHILD_DATABASE!;
setConfig(
  loadConfig({ NODE_ENV: "test", DATA_DIR: process.env.CHILD_DATA_DIR!, AUTH_SECRET: process.env.CHILD_AUTH_SECRET!, LOG_LEVEL: "error" }),
);
const { db } = openDb(url.startsWith("postgres") ? { engine: "postgres", url } : { engine: "sqlite", file: url.slice("file:".length) });
const sessionId = process.env.CHILD_SESSION!;
const registrations = process.env.CHILD_REGISTRATIONS!.split(",");
const now = Number(process.env.CHILD_NOW);

process.stdout.write("prêt\n");
const lines = createInterface({ input: process.stdin });
await new Promise<void>((resolve) => lines.once("line", () => resolve()));
lines.close();
const numbers: string[] = [];
for (const registrationId of registrations) {
  const result = await generateDocument({ kind: "convention", sessionId, registrationId }, { actor: staff, target: db, now });
  numbers.push(result.ok ? result.number : `erreur : ${result.error}`);
}
await closeDbHandle(db);
process.stdout.write(JSON.stringify(numbers) + "\n");
