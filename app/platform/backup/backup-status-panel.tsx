import { DatabaseBackup } from "lucide-react";
import { cn } from "~/ui/cn";
import { formatDateTimeShort, formatNumber } from "~/platform/format";
import type { BackupStatus } from "./backup.server";

/** "12,4 Mo": an archive's size for people. */
export function formatSize(bytes: number): string {
  const units = ["octets", "Ko", "Mo", "Go"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatNumber(value, unit === 0 ? 0 : 1)}\u00a0${units[unit]}`;
}

/** The admin dashboard's backup line: the last backup (date, size, where), red after 2 missed days. */
export function BackupStatusPanel({ status }: { status: BackupStatus }) {
  const alert = status.late || !status.enabled || status.lastFailure !== undefined;
  return (
    <section
      aria-labelledby="backup-title"
      data-testid="backup-status"
      data-late={status.late ? "true" : "false"}
      className={cn(
        "rounded-xl border p-5",
        alert
          ? "border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950/40"
          : "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900",
      )}
    >
      <h2 id="backup-title" className="flex items-center gap-2 text-lg font-semibold">
        <DatabaseBackup
          aria-hidden="true"
          className={cn("size-5", alert ? "text-red-700 dark:text-red-300" : "text-emerald-700 dark:text-emerald-300")}
        />
        Sauvegardes
      </h2>
      {status.last ? (
        <p className="mt-2 text-sm">
          Dernière sauvegarde le <time dateTime={status.last.at}>{formatDateTimeShort(status.last.at)}</time> (
          {formatSize(status.last.size)}){status.last.destination === "s3" ? " dans le bucket " : " dans le dossier "}
          <code className="break-all">{status.last.location}</code>.
        </p>
      ) : (
        <p className="mt-2 text-sm">Aucune sauvegarde réussie pour l&apos;instant.</p>
      )}
      {status.late ? (
        <p className="mt-1 text-sm font-semibold text-red-800 dark:text-red-200">
          Plus de 2&nbsp;jours sans sauvegarde réussie&nbsp;: vérifiez la destination et les journaux du serveur.
        </p>
      ) : null}
      {status.lastFailure ? (
        <p className="mt-1 text-sm text-red-800 dark:text-red-200">
          Dernière tentative en échec le <time dateTime={status.lastFailure.at}>{formatDateTimeShort(status.lastFailure.at)}</time>&nbsp;:{" "}
          {status.lastFailure.error}
        </p>
      ) : null}
      {!status.enabled ? (
        <p className="mt-1 text-sm text-red-800 dark:text-red-200">Les sauvegardes automatiques sont désactivées (BACKUP_EVERY_HOURS=0).</p>
      ) : null}
    </section>
  );
}
