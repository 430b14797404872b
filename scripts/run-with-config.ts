import { ConfigError, config, ensureDataDir } from "~/platform/config.server";
import { closeDb } from "~/platform/db/db.server";

/**
 * Runs the work of a command-line script (`npm run seed`, `npm run backup`) and exits with its
 * code: first the configuration (a ConfigError prints its message and exits 1) and DATA_DIR; at the
 * end the database is closed. Any other error prints `failure` then its message, and exits 1.
 */
export function runWithConfig(failure: string, work: () => Promise<number>): void {
  main(work)
    .then(async (code) => {
      await closeDb();
      process.exit(code);
    })
    .catch(async (error: unknown) => {
      process.stderr.write(`${failure}${error instanceof Error ? error.message : String(error)}\n`);
      await closeDb().catch(() => {});
      process.exit(1);
    });
}

/** Reads the configuration; false (the script exits 1) after printing a ConfigError's message. */
export function configIsValid(): boolean {
  try {
    config();
    return true;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + "\n");
      return false;
    }
    throw error;
  }
}

async function main(work: () => Promise<number>): Promise<number> {
  if (!configIsValid()) return 1;
  ensureDataDir();
  return work();
}
