/**
 * A second instance registering complaints: it opens the database given by `CHILD_DATABASE`, says
 * « prêt » on stdout, waits for a line on stdin, then registers `CHILD_COUNT` complaints received at
 * `CHILD_NOW`, and prints the references it got as JSON. Run with tsx by
 * `app/domain/complaints/complaints.test.ts`, at the same time as the test process registers its own.
 */
import { createInterface } from "node:readline";
import { receiveSpaceComplaint } from "~/domain/complaints/complaints.server";
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
const count = Number(process.env.CHILD_COUNT);
const now = Number(process.env.CHILD_NOW);

process.stdout.write("prêt\n");
const lines = createInterface({ input: process.stdin });
await new Promise<void>((resolve) => lines.once("line", () => resolve()));
lines.close();
const references: string[] = [];
for (let i = 0; i < count; i++) {
  const stored = await receiveSpaceComplaint(
    {
      source: "espace-client",
      name: `Autre instance ${i}`,
      email: `autre${i}@exemple.test`,
      message: "Une réclamation de l'autre instance.",
    },
    db,
    now,
  );
  references.push(stored.reference);
}
await closeDbHandle(db);
process.stdout.write(JSON.stringify(references) + "\n");
