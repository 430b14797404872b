import { COLUMN_BY_KEY, cellText } from "~/domain/formations/columns";
import { guessMapping, type ColumnMapping } from "./columns";
import type { HeaderCandidate } from "./header-row";
import type { SheetReport, SkippedRow } from "./sheets";

/**
 * The mapping step of both imports (pure, runs anywhere): each column of the file is associated
 * with a field, as guessed from its header or as the editor chose it; a column left without a
 * field is ignored, which the editor must acknowledge before anything is written.
 */

/** One column of the file as the mapping step shows it. */
export interface MappingColumn {
  index: number;
  header: string;
  /** The field's column key, or "" (ignored). */
  key: string;
  /** Up to two values of the column, shortened. */
  samples: string[];
}

/** What the batch import keeps of a file to show its mapping step: its headers and a few values. */
export interface FilePreview {
  description: string;
  headers: string[];
  samples: string[][];
  /**
   * The row of the column names (CSV, XLSX; 0 for JSON), whether the editor chose it, and the rows to
   * choose from. Absent from the previews of jobs created before the batch import offered the choice.
   */
  headerLine?: number;
  headerChosen?: boolean;
  headerCandidates?: HeaderCandidate[];
  /** A workbook's sheets and what the import does with each; the rows left out among those read. */
  sheets?: SheetReport[];
  skipped?: SkippedRow[];
}

/** The checkbox that acknowledges the ignored columns, in both imports. */
export const IGNORED_ACK_FIELD = "colonnesIgnorees";
/** The hidden fields that list, beside that box, the ignored columns the form shows (the browser checks the box is ticked). */
export const IGNORED_LIST_FIELD = "colonnesIgnoreesListe";

export function samplesOf(rows: Array<{ cells: unknown[] }>, index: number): string[] {
  const out: string[] = [];
  for (const row of rows) {
    const text = cellText(row.cells[index]).replace(/\s+/g, " ").trim();
    if (text) out.push(text.length > 60 ? `${text.slice(0, 59)}…` : text);
    if (out.length === 2) break;
  }
  return out;
}

export function previewOf(table: {
  description: string;
  headers: string[];
  rows: Array<{ cells: unknown[] }>;
  headerLine: number;
  headerChosen: boolean;
  headerCandidates: HeaderCandidate[];
  sheets?: SheetReport[];
  skipped?: SkippedRow[];
}): FilePreview {
  return {
    description: table.description,
    headers: table.headers,
    samples: table.headers.map((_, i) => samplesOf(table.rows, i)),
    headerLine: table.headerLine,
    headerChosen: table.headerChosen,
    headerCandidates: table.headerCandidates,
    ...(table.sheets ? { sheets: table.sheets } : {}),
    ...(table.skipped?.length ? { skipped: table.skipped } : {}),
  };
}

/**
 * The mapping sent by a form (`{prefix}0`, `{prefix}1`… hold each column's field), or the one
 * guessed from the headers when the form sends none.
 */
export function mappingFrom(
  params: URLSearchParams | FormData,
  headers: string[],
  prefix = "c",
): { mapping: ColumnMapping; chosen: boolean } {
  const chosen = headers.some((_, i) => params.get(`${prefix}${i}`) !== null);
  if (!chosen) return { mapping: guessMapping(headers), chosen: false };
  return {
    mapping: headers.map((_, i) => {
      const value = String(params.get(`${prefix}${i}`) ?? "");
      return COLUMN_BY_KEY.has(value) ? value : "";
    }),
    chosen: true,
  };
}

export function mappingColumns(headers: string[], mapping: ColumnMapping, samples: string[][]): MappingColumn[] {
  return headers.map((header, index) => ({ index, header, key: mapping[index] ?? "", samples: samples[index] ?? [] }));
}

/** The headers of the columns that no field takes. */
export function ignoredHeaders(headers: string[], mapping: ColumnMapping): string[] {
  return headers.filter((_, i) => !mapping[i]);
}

/** Refusal when ignored columns were not acknowledged (French), or undefined. */
export function unacknowledgedIgnored(ignored: string[], acknowledged: boolean): string | undefined {
  if (ignored.length === 0 || acknowledged) return undefined;
  const list = ignored.map((h) => `« ${h} »`).join(", ");
  return ignored.length > 1
    ? `Les colonnes ${list} ne seront pas importées : associez-les à un champ, ou cochez « J'ai compris » pour importer sans elles.`
    : `La colonne ${list} ne sera pas importée : associez-la à un champ, ou cochez « J'ai compris » pour importer sans elle.`;
}
