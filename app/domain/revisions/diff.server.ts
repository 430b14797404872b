import { diffWords } from "diff";
import { formatDate, formatDateTime, formatNumber } from "~/platform/format";
import type { DiffPart, FieldChange } from "./model";

/**
 * The readable comparison of two revisions, field by field: a text field shows the words removed
 * and added (`diffWords` of the `diff` package), any other field its value before and after.
 * Fields that did not change are left out. Bookkeeping fields (dates of the row) are ignored.
 */

const IGNORED = new Set(["id", "createdAt", "updatedAt", "publishedAt", "searchText"]);

/** A day or an instant stored as ISO text, in French (Paris time); other text as it is. */
function frenchIfDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatDateTime(value);
  return value;
}

function readable(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(vide)";
  if (typeof value === "boolean") return value ? "oui" : "non";
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "string") return frenchIfDate(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "(vide)";
    return value
      .map((item) => (typeof item === "object" && item !== null ? compactObject(item as Record<string, unknown>) : readable(item)))
      .join("\n");
  }
  return compactObject(value as Record<string, unknown>);
}

function compactObject(value: Record<string, unknown>): string {
  return Object.entries(value)
    .filter(([key]) => !IGNORED.has(key) && key !== "formationId")
    .map(([key, v]) => `${key}\u00a0: ${typeof v === "object" && v !== null ? JSON.stringify(v) : readable(v)}`)
    .join(" · ");
}

/** How a field's value reads on the screen (labels, euros, dates, names); by default the value itself. */
export type FieldDisplay = (field: string, value: unknown) => string;

export function diffContents(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  labels: Record<string, string> = {},
  display?: FieldDisplay,
): FieldChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !IGNORED.has(f));
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const a = before[field];
    const b = after[field];
    if (JSON.stringify(a ?? null) === JSON.stringify(b ?? null)) continue;
    const textual = (typeof a === "string" || a == null) && (typeof b === "string" || b == null) && (a != null || b != null);
    const text = (v: unknown) => (v == null || v === "" ? "" : display ? display(field, v) : frenchIfDate(String(v)));
    const parts: DiffPart[] | null = textual
      ? diffWords(text(a), text(b)).map((p) => ({
          value: p.value,
          kind: p.added ? "added" : p.removed ? "removed" : "same",
        }))
      : null;
    const shown = (v: unknown) => (display ? display(field, v) : readable(v));
    changes.push({ field, label: labels[field] ?? field, parts, before: shown(a), after: shown(b) });
  }
  return changes;
}
