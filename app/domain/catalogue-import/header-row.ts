import { cellText } from "~/domain/formations/columns";
import { columnForHeader } from "./columns";

/**
 * Which row of a CSV or XLSX file holds the column names (pure, runs anywhere). Office files often
 * start with a title, a date or a blank line: the header row is the row, among the first
 * HEADER_SEARCH_ROWS rows that are not empty, whose cells name the most known columns (the first
 * of equal rows; the first row when none names any). The editor may pick another one.
 */

export const HEADER_SEARCH_ROWS = 20;

/** A row the editor may choose as the header row, as the screen lists it. */
export interface HeaderCandidate {
  /** The row number the spreadsheet shows. */
  line: number;
  /** Its first cells, shortened: « Titre · Catégorie · Prix… ». */
  text: string;
  /** How many known columns its cells name. */
  matches: number;
}

/** How many different known columns the cells of a row name. */
export function headerMatches(cells: unknown[]): number {
  const keys = new Set<string>();
  for (const cell of cells) {
    if (typeof cell !== "string") continue;
    const key = columnForHeader(cell);
    if (key) keys.add(key);
  }
  return keys.size;
}

function rowText(cells: unknown[]): string {
  const parts = cells.map((c) => cellText(c).replace(/\s+/g, " ").trim()).filter(Boolean);
  const text = parts.slice(0, 6).join(" · ") + (parts.length > 6 ? " · …" : "");
  return text.length > 90 ? `${text.slice(0, 89)}…` : text;
}

export function headerCandidates(rows: Array<{ line: number; cells: unknown[] }>): HeaderCandidate[] {
  return rows.slice(0, HEADER_SEARCH_ROWS).map((r) => ({ line: r.line, text: rowText(r.cells), matches: headerMatches(r.cells) }));
}

/** The index (in `rows`) of the header row: the one asked for when it is a candidate, otherwise the best one. */
export function pickHeaderRow(candidates: HeaderCandidate[], asked?: number): { index: number; chosen: boolean } {
  let best = 0;
  candidates.forEach((c, i) => {
    if (c.matches > candidates[best]!.matches) best = i;
  });
  const index = asked === undefined ? -1 : candidates.findIndex((c) => c.line === asked);
  // `chosen`: the editor took another row than the detected one.
  return index >= 0 ? { index, chosen: index !== best } : { index: best, chosen: false };
}
