import { formatDate } from "~/platform/format";
import { lazily } from "~/platform/intl";
/**
 * French date formatting for static content. Dates are ISO strings ("2026-10-15" or "2026-10");
 * formatting uses UTC so that the server and the browser render the same text.
 */
const monthFormat = lazily(() => new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" }));

function parse(iso: string): Date | undefined {
  const value = /^\d{4}-\d{2}$/.test(iso) ? `${iso}-01` : iso;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "2028-03-14" → "14 mars 2028", "1er" on the first day of a month: the one rule of `~/platform/format`. */
export function formatDateFr(iso: string): string {
  return formatDate(iso);
}

/** "2026-10" → "octobre 2026". */
export function formatMonthFr(iso: string): string {
  const date = parse(iso);
  return date ? monthFormat().format(date) : iso;
}

/** 4.6 → "4,6". */
export function formatDecimalFr(value: number, fractionDigits = 1): string {
  return value.toLocaleString("fr-FR", { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
}

/** A duration in months: 36 → "36 mois (3 ans)", 12 → "12 mois (1 an)", 18 → "18 mois". */
export function formatMonthsFr(months: number): string {
  if (months % 12 !== 0) return `${months}\u00a0mois`;
  const years = months / 12;
  return `${months}\u00a0mois (${years}\u00a0an${years > 1 ? "s" : ""})`;
}
