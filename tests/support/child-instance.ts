import { createInterface } from "node:readline";
import { loadConfig, setConfig } from "~/platform/config.server";
import { closeDbHandle, openDb, type Db } from "~/platform/db/db.server";

/**
 * The child side of `otherInstance` (tests/support/other-instance.ts): it opens the database given
 * by `CHILD_DATABASE` (files in `CHILD_DATA_DIR`, secret `CHILD_AUTH_SECRET`, `config` added to the
 * configuration), says « prêt » on stdout, waits for a line on stdin, then runs `act` and prints
 * what it returns as JSON on its last line.
 */
export async function childInstance(act: (db: Db) => Promise<string[]>, config: NodeJS.ProcessEnv = {}): Promise<void> {
  const url = process.env.CHILD_DATABASE!;
  setConfig(
    loadConfig({
      NODE_ENV: "test",
      DATA_DIR: process.env.CHILD_DATA_DIR!,
      AUTH_SECRET: process.env.CHILD_AUTH_SECRET!,
      ...config,
      LOG_LEVEL: "error",
    }),
  );
  const { db } = openDb(url.startsWith("postgres") ? { engine: "postgres", url } : { engine: "sqlite", file: url.slice("file:".length) });
  process.stdout.write("prêt\n");
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => lines.once("line", () => resolve()));
  lines.close();
  const results = await act(db);
  await closeDbHandle(db);
  process.stdout.write(JSON.stringify(results) + "\n");
}

/** The site's address and the staff's e-mail, for a child whose domain writes mail or links. */
export const SITE_CONFIG = { SITE_URL: "http://formavia.test", STAFF_EMAIL: "equipe@formavia.test" };
