/**
 * A second instance issuing invoices: it opens the database given by `CHILD_DATABASE`, says « prêt »
 * on stdout, waits for a line on stdin, then issues the drafts `CHILD_IDS` (comma-separated) as an
 * admin at `CHILD_NOW`, and prints the numbers it got as JSON. Run with tsx by
 * `app/domain/invoices/invoices.test.ts`, at the same time as the test process issues its own.
 */
import { createInterface } from "node:readline";
import { issueInvoice } from "~/domain/invoices/invoices.server";
import { loadConfig, setConfig } from "~/platform/config.server";
import { closeDbHandle, openDb } from "~/platform/db/db.server";

const url = process.env.CHILD_DATABASE!;
setConfig(
  loadConfig({
    NODE_ENV: "test",
    DATA_DIR: process.env.CHILD_DATA_DIR!,
    AUTH_SECRET: process.env.CHILD_AUTH_SECRET!,
    SITE_URL: "http://formavia.test",
    STAFF_EMAIL: "equipe@formavia.test",
    LOG_LEVEL: "error",
  }),
);
const { db } = openDb(url.startsWith("postgres") ? { engine: "postgres", url } : { engine: "sqlite", file: url.slice("file:".length) });
const ids = process.env.CHILD_IDS!.split(",");
const now = Number(process.env.CHILD_NOW);
const actor = { id: "admin-autre", email: "autre-instance@formavia.test", role: "admin" as const };

process.stdout.write("prêt\n");
const lines = createInterface({ input: process.stdin });
await new Promise<void>((resolve) => lines.once("line", () => resolve()));
lines.close();
const numbers: string[] = [];
for (const id of ids) {
  const issued = await issueInvoice(id, actor, db, now);
  if (!issued.ok) throw new Error(issued.error);
  numbers.push(issued.number);
}
await closeDbHandle(db);
process.stdout.write(JSON.stringify(numbers) + "\n");
