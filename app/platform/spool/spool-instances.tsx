/**
 * The spools of every instance that hold submissions the database refused (from their heartbeats,
 * see heartbeat.server.ts), shown where the admin shows the waiting count: which server holds
 * them, since when, and a warning when one is not replayed. Renders nothing when all are empty.
 */
export interface SpoolInstanceView {
  instanceId: string;
  host: string;
  dataDir: string;
  pending: number;
  here: boolean;
  silent: boolean;
  late: boolean;
  /** « 7 minutes », since the oldest item was received. */
  waitingLabel: string;
  /** « moins d'une minute », since the instance's last heartbeat. */
  beatLabel: string;
}

export function SpoolInstances({ spools }: { spools: SpoolInstanceView[] }) {
  if (spools.length === 0) return null;
  const warn = spools.some((s) => s.silent || s.late);
  return (
    <section
      aria-labelledby="dossiers-attente"
      role={warn ? "alert" : "status"}
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <h2 id="dossiers-attente" className="font-semibold">
        Envois en attente d'enregistrement, par serveur
      </h2>
      <ul className="space-y-2">
        {spools.map((s) => (
          <li key={`${s.host}${s.dataDir}`} data-testid="dossier-attente">
            <p>
              Serveur <strong>{s.host}</strong> (instance {s.instanceId}
              {s.here ? ", celle qui affiche cette page" : ""}), dossier <code>{s.dataDir}</code>&nbsp;:{" "}
              {s.pending === 0
                ? "aucun envoi en attente à son dernier signe de vie"
                : `${s.pending > 1 ? `${s.pending} envois attendent` : "1 envoi attend"} depuis ${s.waitingLabel}`}
              &nbsp;; dernier signe de vie il y a {s.beatLabel}.
            </p>
            {s.silent && s.pending === 0 ? (
              <p className="font-semibold">
                Ce serveur s'est arrêté sans prévenir&nbsp;: s'il a reçu des envois pendant une indisponibilité de la base de données, ils
                sont dans son dossier. Redémarrez-le avec le même dossier de données, ou lancez <code>npm run worker</code> avec{" "}
                <code>DATA_DIR={s.dataDir}</code> (voir le README, «&nbsp;Dossier d'attente&nbsp;»).
              </p>
            ) : s.silent ? (
              <p className="font-semibold">
                Ce serveur ne donne plus signe de vie&nbsp;: ses envois ne seront enregistrés que s'il redémarre avec le même dossier de
                données, ou en lançant <code>npm run worker</code> avec <code>DATA_DIR={s.dataDir}</code> (voir le README, «&nbsp;Dossier
                d'attente&nbsp;»).
              </p>
            ) : s.late ? (
              <p className="font-semibold">
                Ces envois attendent depuis plus de 5&nbsp;minutes&nbsp;: la base de données refuse encore les écritures, ou leur
                enregistrement échoue (voir le journal de ce serveur).
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
