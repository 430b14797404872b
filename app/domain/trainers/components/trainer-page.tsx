import { Form } from "react-router";
import { formatDate, formatDayRange, formatHours } from "~/platform/format";
import { Button } from "~/ui/button";
import { TextField } from "~/ui/form/fields";
import { historyPath } from "~/domain/revisions/model";
import { Link } from "~/ui/link";
import { TRAINER_STATUSES, isExternal, type TrainerStatus } from "../labels";
import type { Trainer } from "../model";

/** What the trainer page's small forms answer (archive, delete, unavailability). */
export interface TrainerReply {
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  values?: Record<string, unknown>;
  /** The calendar subscription address just created (shown once). */
  feedUrl?: string;
}

export const statusLabel = (status: TrainerStatus) => TRAINER_STATUSES[status];

/** The list of /admin/formateurs: name, status, sessions, archived ones last. */
export function TrainerList({ trainers }: { trainers: Array<Trainer & { sessionCount: number }> }) {
  if (!trainers.length) return <p className="text-slate-700 dark:text-slate-300">Aucun formateur pour l'instant.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
      {trainers.map((t) => (
        <li key={t.id} className="flex flex-wrap items-baseline justify-between gap-2 p-4">
          <Link to={`/admin/formateurs/${t.id}`} className="font-semibold text-brand-700 underline dark:text-brand-300">
            {t.name}
          </Link>
          <span className="text-sm text-slate-700 dark:text-slate-300">
            {statusLabel(t.status)} · {t.sessionCount} session{t.sessionCount > 1 ? "s" : ""}
            {t.archived ? " · archivé" : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Hours taught per year and the sessions, on the trainer's page. */
export function TrainerFigures({
  lines,
  sessions,
}: {
  lines: Array<{ year: string; sessions: number; hours: number }>;
  sessions: Array<{ sessionId: string; formationTitle: string; startDate: string; endDate: string; halfDays: number; hours: number }>;
}) {
  return (
    <section aria-labelledby="heures" className="space-y-3">
      <h2 id="heures" className="text-lg font-semibold">
        Heures animées
      </h2>
      {lines.length ? (
        <table className="w-full max-w-md text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className="py-1">
                Année
              </th>
              <th scope="col" className="py-1">
                Sessions
              </th>
              <th scope="col" className="py-1">
                Heures
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.year} className="border-t border-slate-200 dark:border-slate-800">
                <td className="py-1">{l.year}</td>
                <td className="py-1">{l.sessions}</td>
                <td className="py-1">{formatHours(l.hours)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-slate-700 dark:text-slate-300">Aucune session animée pour l'instant.</p>
      )}
      {sessions.length ? (
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {sessions.map((s) => (
            <li key={s.sessionId}>
              <Link to={`/admin/sessions/${s.sessionId}`} className="text-brand-700 underline dark:text-brand-300">
                {s.formationTitle}, {formatDayRange(s.startDate, s.endDate)}
              </Link>{" "}
              ({s.halfDays} demi-journée{s.halfDays > 1 ? "s" : ""}, {formatHours(s.hours)})
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** An external trainer's unavailabilities: the days entered, and the form to add a range. */
export function Unavailability({ trainer, days, reply }: { trainer: Trainer; days: string[]; reply: TrainerReply | undefined }) {
  if (!isExternal(trainer.status)) return null;
  const errors = reply && !reply.ok && reply.values?.intent === "indisponible" ? (reply.errors ?? {}) : {};
  return (
    <section aria-labelledby="indisponibilites" className="space-y-3">
      <h2 id="indisponibilites" className="text-lg font-semibold">
        Indisponibilités
      </h2>
      {days.length ? (
        <ul className="space-y-1 text-sm">
          {days.map((d) => (
            <li key={d} className="flex items-center gap-3">
              <span>{formatDate(d)}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="disponible" />
                <input type="hidden" name="day" value={d} />
                <Button type="submit" variant="secondary" size="sm" aria-label={`Retirer l'indisponibilité du ${formatDate(d)}`}>
                  Retirer
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">Aucune indisponibilité saisie.</p>
      )}
      <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
        <input type="hidden" name="intent" value="indisponible" />
        <TextField form="indisponible" name="from" label="Du" type="date" required error={errors.from} />
        <TextField form="indisponible" name="to" label="Au" type="date" required error={errors.to} />
        <Button type="submit">Ajouter l'indisponibilité</Button>
      </Form>
    </section>
  );
}

/** Archive (or reactivate) and delete: a trainer who teaches sessions can only be archived. */
export function TrainerActions({ trainer }: { trainer: Trainer }) {
  return (
    <div className="flex flex-wrap gap-3">
      <Form method="post">
        <input type="hidden" name="intent" value={trainer.archived ? "reactiver" : "archiver"} />
        <Button type="submit" variant="secondary">
          {trainer.archived ? "Réactiver le formateur" : "Archiver le formateur"}
        </Button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="supprimer" />
        <Button type="submit" variant="danger">
          Supprimer le formateur
        </Button>
      </Form>
      <Link to={historyPath("trainer", trainer.id)} className="self-center text-sm text-brand-700 underline dark:text-brand-300">
        Historique des versions
      </Link>
    </div>
  );
}
