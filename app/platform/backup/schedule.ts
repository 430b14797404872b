/**
 * When backups run, what their archives are called, and which ones retention keeps
 * (docs/decisions/0012-backups.md). Pure functions, shared by the backup task, the restore
 * script and the dashboard.
 */

import { parisOffsetMs } from "~/platform/format";

export interface Retention {
  daily: number;
  weekly: number;
  monthly: number;
}

const ARCHIVE_NAME = /^site-(\d{4})-(\d{2})-(\d{2})-(\d{2})(\d{2})(\d{2})\.tar\.gz$/;

/** The archive's name for a backup started at `at` (UTC, sortable, lower case so that it is a valid storage key). */
export function archiveName(at: Date): string {
  const iso = at.toISOString(); // 2026-11-28T03:30:00.000Z
  return `site-${iso.slice(0, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}.tar.gz`;
}

/** When the archive called `name` was taken, or undefined for a file that is not one of ours. */
export function archiveDate(name: string): Date | undefined {
  const m = ARCHIVE_NAME.exec(name);
  if (!m) return undefined;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/**
 * The next backup after `now`: each day at `time` (HH:MM, Paris), then every `everyHours` hours
 * until the next day's `time` (24: once a day).
 */
export function nextBackupAt(now: Date, time: string, everyHours: number): Date {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const offset = parisOffsetMs(now.getTime());
  const wallNow = new Date(now.getTime() + offset);
  const today = Date.UTC(wallNow.getUTCFullYear(), wallNow.getUTCMonth(), wallNow.getUTCDate(), hours, minutes) - offset;
  const step = Math.min(Math.max(everyHours, 1), 24) * 3_600_000;
  let best = Number.POSITIVE_INFINITY;
  for (const anchor of [today - 86_400_000, today, today + 86_400_000]) {
    for (let at = anchor; at < anchor + 86_400_000; at += step) if (at > now.getTime() && at < best) best = at;
  }
  return new Date(best);
}

function isoWeek(d: Date): string {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const year = t.getUTCFullYear();
  const week = Math.ceil(((t.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${week}`;
}

/**
 * The archives retention keeps among `names`: the newest of each of the last `daily` days, of
 * the last `weekly` ISO weeks and of the last `monthly` months (days, weeks and months that have
 * a backup). Names that are not archives are left alone (kept).
 */
export function archivesToDelete(names: string[], keep: Retention): string[] {
  const dated = names
    .map((name) => ({ name, at: archiveDate(name) }))
    .filter((a): a is { name: string; at: Date } => a.at !== undefined)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const kept = new Set<string>();
  const rules: Array<[number, (d: Date) => string]> = [
    [keep.daily, (d) => d.toISOString().slice(0, 10)],
    [keep.weekly, isoWeek],
    [keep.monthly, (d) => d.toISOString().slice(0, 7)],
  ];
  for (const [count, period] of rules) {
    const seen = new Set<string>();
    for (const a of dated) {
      const key = period(a.at);
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      kept.add(a.name);
    }
  }
  return dated.filter((a) => !kept.has(a.name)).map((a) => a.name);
}
