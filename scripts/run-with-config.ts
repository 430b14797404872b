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

async function main(work: () => Promise<number>): Promise<number> {
  try {
    config();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + "\n");
      return 1;
    }
    throw error;
  }
  ensureDataDir();
  return work();
}
