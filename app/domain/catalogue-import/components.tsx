import type { ReactNode } from "react";
import { cn } from "~/ui/cn";
import {
  FILE_STATE_LABELS,
  JOB_STATE_LABELS,
  ROW_ACTION_LABELS,
  type FileState,
  type ImportCounts,
  type JobState,
  type RowAction,
} from "./model";
import { sheetUseLabel, skippedRowLabel, type SheetReport, type SkippedRow } from "./sheets";

/** Components of the import screens (the routes stay thin). */

const TONES = {
  green: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  blue: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  grey: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
  red: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
  amber: "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-200",
} as const;

export function Badge({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap", TONES[tone])}>{children}</span>
  );
}

const ACTION_TONES: Record<RowAction, keyof typeof TONES> = { create: "green", update: "blue", unchanged: "grey", reject: "red" };
export function RowActionBadge({ action }: { action: RowAction }) {
  return <Badge tone={ACTION_TONES[action]}>{ROW_ACTION_LABELS[action]}</Badge>;
}

/** The colour of a batch's or a file's state (they share running, done, failed and cancelled). */
const STATE_TONES: Record<JobState | FileState, keyof typeof TONES> = {
  review: "amber",
  queued: "grey",
  uploaded: "grey",
  pending: "grey",
  running: "blue",
  done: "green",
  failed: "red",
  cancelled: "amber",
};
export function JobStateBadge({ state }: { state: JobState }) {
  return <Badge tone={STATE_TONES[state]}>{JOB_STATE_LABELS[state]}</Badge>;
}

export function FileStateBadge({ state }: { state: FileState }) {
  return <Badge tone={STATE_TONES[state]}>{FILE_STATE_LABELS[state]}</Badge>;
}

/** Figures side by side: created, updated, unchanged, rejected, and the drafts to complete when there are some. */
export function CountsGrid({ counts, conditional = false, testId }: { counts: ImportCounts; conditional?: boolean; testId?: string }) {
  const items: Array<{ key: keyof ImportCounts; label: string; tone: string }> = [
    { key: "created", label: conditional ? "seraient créées" : "créées", tone: "text-emerald-800 dark:text-emerald-300" },
    { key: "updated", label: conditional ? "seraient mises à jour" : "mises à jour", tone: "text-sky-800 dark:text-sky-300" },
    { key: "unchanged", label: conditional ? "resteraient inchangées" : "inchangées", tone: "text-slate-700 dark:text-slate-300" },
    { key: "rejected", label: conditional ? "seraient refusées" : "refusées", tone: "text-red-800 dark:text-red-300" },
  ];
  if (counts.incomplete > 0)
    items.push({ key: "incomplete", label: "en brouillon, à compléter", tone: "text-amber-800 dark:text-amber-300" });
  return (
    <dl className={cn("grid grid-cols-2 gap-3", items.length > 4 ? "sm:grid-cols-5" : "sm:grid-cols-4")} data-testid={testId}>
      {items.map((item) => (
        <div
          key={item.key}
          className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
          data-testid={testId ? `${testId}-${item.key}` : undefined}
        >
          <dt className="text-sm text-slate-600 dark:text-slate-400">Formations {item.label}</dt>
          <dd className={cn("mt-1 text-2xl font-bold tabular-nums", item.tone)}>{counts[item.key].toLocaleString("fr-FR")}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A labelled progress bar (native element: announced by screen readers). */
export function ProgressBar({ percent, label, id }: { percent: number; label: string; id: string }) {
  return (
    <div>
      <div className="flex items-center justify-between gap-3 text-sm">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <span className="tabular-nums text-slate-700 dark:text-slate-300" aria-hidden="true">
          {percent}&nbsp;%
        </span>
      </div>
      <progress
        id={id}
        max={100}
        value={percent}
        className="mt-2 h-3 w-full overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-brand-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-700 dark:bg-slate-800 dark:[&::-webkit-progress-bar]:bg-slate-800 dark:[&::-webkit-progress-value]:bg-brand-400"
      >
        {percent}&nbsp;%
      </progress>
    </div>
  );
}

export function Alert({
  tone,
  title,
  children,
  testId,
}: {
  tone: "error" | "success" | "info" | "warning";
  title?: string;
  children: ReactNode;
  testId?: string;
}) {
  const styles = {
    error: "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100",
    success: "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-100",
    info: "border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950/60 dark:text-sky-100",
    warning: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100",
  }[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={cn("rounded-xl border p-4 text-sm", styles)} data-testid={testId}>
      {title ? <p className="font-semibold">{title}</p> : null}
      <div className={title ? "mt-1" : undefined}>{children}</div>
    </div>
  );
}

export const panelClass = "rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900";

/** The header row of the import's tables. */
export function TableHead({ labels, capitalize = false }: { labels: string[]; capitalize?: boolean }) {
  return (
    <thead className="border-b border-slate-200 bg-slate-50 text-left dark:border-slate-800 dark:bg-slate-950">
      <tr>
        {labels.map((label, i) => (
          <th key={label} scope="col" className={cn("px-3 py-2 font-semibold", capitalize && i === 0 && "capitalize")}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The file picker of both imports. */
export const fileInputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white text-sm file:mr-3 file:min-h-11 file:border-0 file:bg-slate-100 file:px-4 file:font-semibold dark:border-slate-600 dark:bg-slate-900 dark:file:bg-slate-800";

/** The refusal of a file field (missing, too large, unreadable), under its form. */
export function FileError({ id, message, className = "mt-3" }: { id: string; message: string | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={cn(className, "text-sm font-medium text-red-700 dark:text-red-300")}>
      {message}
    </p>
  );
}

/**
 * What the reading did with the file: each sheet of a workbook (« lue comme formations », « lue comme
 * sessions », « ignorée » and why) and each row left out (« Ligne 27 ignorée : ligne de total »).
 */
export function FileReading({ sheets, skipped, lineWord }: { sheets?: SheetReport[]; skipped?: SkippedRow[]; lineWord: string }) {
  if (!sheets?.length && !skipped?.length) return null;
  return (
    <div className="mt-2 space-y-2 text-sm text-slate-700 dark:text-slate-300">
      {sheets?.length ? (
        <div data-testid="sheet-list">
          <p className="font-medium">Feuilles du classeur&nbsp;:</p>
          <ul className="ml-5 list-disc">
            {sheets.map((sheet, i) => (
              <li key={`${i}-${sheet.name}`}>
                «&nbsp;{sheet.name}&nbsp;»&nbsp;: {sheetUseLabel(sheet)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {skipped?.length ? (
        <ul className="ml-5 list-disc" data-testid="skipped-rows" aria-label="Lignes ignorées">
          {skipped.map((row) => (
            <li key={`${row.line}-${row.reason}`}>{skippedRowLabel(row, lineWord)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
