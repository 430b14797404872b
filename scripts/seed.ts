/**
 * `npm run seed`: adds the reference data and the demo content that are missing (idempotent:
 * nothing an editor changed is overwritten). Works on DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL).
 */
import { ConfigError, config, ensureDataDir } from "~/platform/config.server";
import { closeDb, migrate, withStartupLock } from "~/platform/db/db.server";
import { seed } from "~/composition/seed.server";

async function main(): Promise<number> {
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
  const added = await withStartupLock(async () => {
    await migrate();
    return seed();
  });
  const lines = Object.entries(added).map(([step, n]) => `  - ${step} : ${n} ajout(s)`);
  process.stdout.write(`Contenu de démonstration vérifié (${config().database.engine}) :\n${lines.join("\n")}\n`);
  return 0;
}

main()
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    process.stderr.write(`Échec du remplissage : ${error instanceof Error ? error.message : String(error)}\n`);
    await closeDb().catch(() => {});
    process.exit(1);
  });
