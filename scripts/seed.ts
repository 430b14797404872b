/**
 * `npm run seed`: adds the reference data and the demo content that are missing (idempotent:
 * nothing an editor changed is overwritten). Works on DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL).
 */
import { config } from "~/platform/config.server";
import { migrate, withStartupLock } from "~/platform/db/db.server";
import { runWithConfig } from "./run-with-config";
import { seed } from "~/composition/seed.server";

runWithConfig("Échec du remplissage : ", async () => {
  const added = await withStartupLock(async () => {
    await migrate();
    return seed();
  });
  const lines = Object.entries(added).map(([step, n]) => `  - ${step} : ${n} ajout(s)`);
  process.stdout.write(`Contenu de démonstration vérifié (${config().database.engine}) :\n${lines.join("\n")}\n`);
  return 0;
});
