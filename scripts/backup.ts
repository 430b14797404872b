/**
 * `npm run backup`: takes a backup now, as the scheduled one does (docs/decisions/0012-backups.md):
 * the database, the uploaded files and the session secret in one dated archive with its SHA-256
 * file, sent to BACKUP_DESTINATION (DATA_DIR/backups by default), then retention applies.
 */
import { runBackup } from "~/platform/backup/backup.server";
import { migrate, withStartupLock } from "~/platform/db/db.server";
import { runWithConfig } from "./run-with-config";

runWithConfig("Échec de la sauvegarde\u00a0: ", async () => {
  await withStartupLock(() => migrate());
  const result = await runBackup();
  process.stdout.write(
    `Sauvegarde écrite\u00a0: ${result.name} (${(result.size / 1024).toLocaleString("fr-FR", { maximumFractionDigits: 0 })}\u00a0Ko, ` +
      `${result.files === 0 ? "aucun fichier téléversé" : result.files === 1 ? "1\u00a0fichier téléversé" : `${result.files}\u00a0fichiers téléversés`}) dans ${result.location}\n` +
      (result.deleted.length ? `Anciennes sauvegardes supprimées (rétention)\u00a0: ${result.deleted.join(", ")}\n` : ""),
  );
  return 0;
});
