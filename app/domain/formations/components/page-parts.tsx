import type { ReactNode } from "react";
import { formatDateFr } from "~/domain/content/format";
import { cn } from "~/ui/cn";
import { formatNumber } from "~/platform/format";
import { percentLabel } from "../labels";

/** A titled section of a catalogue page (h2 with an anchor). */
export function PageSection({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-titre`}
      className={cn("scroll-mt-24 border-t border-slate-200 pt-8 dark:border-slate-800", className)}
    >
      <h2 id={`${id}-titre`} className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** "Mis à jour le 12 mars 2026" (Qualiopi: published information is dated). */
export function UpdatedOn({ date, className }: { date: string; className?: string }) {
  return (
    <p className={cn("text-sm text-slate-600 dark:text-slate-400", className)}>
      Mis à jour le <time dateTime={date.slice(0, 10)}>{formatDateFr(date.slice(0, 10))}</time>
    </p>
  );
}

export interface ResultIndicators {
  satisfactionRate: number | null;
  successRate: number | null;
  traineesCount: number | null;
  measuredAt: string | null;
  /**
   * The satisfaction computed from the questionnaires' answers (composed by the route, README
   * « Questionnaires »): its sentence (rate, answers, period) and its rule. When present,
   * `satisfactionRate` is its rate.
   */
  computed?: { rate: number; answers: number; period: string; sentence: string; rule: string } | null;
  /** A typed satisfaction rate, for a period before the questionnaires: labelled « chiffre saisi ». */
  typedSatisfaction?: number | null;
}

/** Result indicators with the date they were measured, or a statement that there are none yet. */
export function ResultFigures({ results }: { results: ResultIndicators }) {
  const typedOnly = !results.computed && results.typedSatisfaction != null;
  const items = [
    results.satisfactionRate !== null
      ? {
          label: typedOnly ? "Taux de satisfaction (chiffre saisi)" : "Taux de satisfaction",
          value: percentLabel(results.satisfactionRate),
        }
      : null,
    results.successRate !== null ? { label: "Taux de réussite à l'évaluation finale", value: percentLabel(results.successRate) } : null,
    results.traineesCount !== null ? { label: "Stagiaires formés", value: formatNumber(results.traineesCount) } : null,
  ].filter((x): x is { label: string; value: string } => x !== null);
  if (items.length === 0) {
    return (
      <p className="text-slate-700 dark:text-slate-300">
        Nouvelle formation&nbsp;: les indicateurs de résultats seront publiés à l'issue des premières sessions.
      </p>
    );
  }
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-3">
        {items.map((item) => (
          <div key={item.label} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
            <dt className="text-sm text-slate-600 dark:text-slate-400">{item.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">{item.value}</dd>
          </div>
        ))}
      </dl>
      {results.computed ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400" data-testid="satisfaction-calculee">
          {results.computed.sentence} {results.computed.rule}
        </p>
      ) : null}
      {results.typedSatisfaction != null ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {results.computed ? `Avant les questionnaires en ligne : ${percentLabel(results.typedSatisfaction)} de satisfaction. ` : ""}
          Taux de satisfaction saisi, mesuré avant la mise en place des questionnaires en ligne.
        </p>
      ) : null}
      {results.measuredAt && (results.successRate !== null || results.traineesCount !== null || results.typedSatisfaction != null) ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          Indicateurs mesurés au <time dateTime={results.measuredAt}>{formatDateFr(results.measuredAt)}</time>, sur l'ensemble des sessions
          réalisées (chiffres saisis).
        </p>
      ) : null}
    </>
  );
}

/** A list of plain-text items with check marks (objectives). */
export function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-slate-700 dark:text-slate-300">
          <span aria-hidden="true" className="mt-0.5 font-bold text-emerald-700 dark:text-emerald-400">
            ✓
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** Key/value facts in two columns. */
export function Facts({ items }: { items: Array<{ label: string; value: ReactNode }> }) {
  return (
    <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.label}>
          <dt className="text-sm font-semibold text-slate-900 dark:text-white">{item.label}</dt>
          <dd className="mt-1 text-slate-700 dark:text-slate-300">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
