import { cellText } from "~/domain/formations/columns";

/**
 * What the import did with each sheet of a workbook and which rows it left out (pure, runs
 * anywhere): the screens and the report list them, so that nothing of a file is dropped unsaid.
 */

export type SheetUse = "formations" | "sessions" | "ignored";

export interface SheetReport {
  name: string;
  use: SheetUse;
  /** Why an ignored sheet is ignored (French, without a final full stop). */
  reason?: string;
}

/** « lue comme formations », « lue comme sessions », « ignorée : feuille vide ». */
export function sheetUseLabel(sheet: SheetReport): string {
  if (sheet.use === "formations") return "lue comme formations";
  if (sheet.use === "sessions") return "lue comme sessions";
  return sheet.reason ? `ignorée\u00a0: ${sheet.reason}` : "ignorée";
}

/** A row of the file left out on purpose (a totals row), with the reason shown to the editor. */
export interface SkippedRow {
  line: number;
  reason: string;
}

export const TOTAL_ROW_REASON = "ligne de total";

/** « Ligne 27 ignorée : ligne de total ». */
export function skippedRowLabel(row: SkippedRow, lineWord = "ligne"): string {
  const word = lineWord.charAt(0).toUpperCase() + lineWord.slice(1);
  return `${word} ${row.line} ignorée\u00a0: ${row.reason}`;
}

/** « Total », « Sous-total », « TOTAL GÉNÉRAL », « Total HT », « Totaux », « Total : »… */
const TOTAL_LABEL = /^(?:sous[\s-]?)?(?:total|totaux)(?:\s+(?:general|generaux|ht|ttc|des?\s.*|du\s.*))*\s*:?$/;

function normalized(value: unknown): string {
  return cellText(value)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\s\u00a0\u202f]+/g, " ")
    .trim();
}

/** A formula that sums a column (Excel writes them in English in the file): « SUM(D5:D26) », « SUBTOTAL(9,D5:D26) ». */
export function isColumnSum(formula: string): boolean {
  return /^\s*(?:_xlfn\.)?(?:SUM|SUBTOTAL|AGGREGATE)\s*\((?:[^)]*[,;])?\s*\$?[A-Z]{1,3}\$?\d+\s*:\s*\$?[A-Z]{1,3}\$?\d+/i.test(formula);
}

/**
 * A totals row: a cell that says « Total » (and nothing else), or a formula that sums a column.
 * Such a row is no formation: the import leaves it out and says so.
 */
export function isTotalRow(row: { cells: unknown[]; sums?: boolean }): boolean {
  if (row.sums) return true;
  return row.cells.some((cell) => typeof cell === "string" && TOTAL_LABEL.test(normalized(cell)));
}
