import { ENCODING_LABELS, decodeText, parseCsv, separatorName, type TextEncodingName } from "./csv";
import { normalizeHeader } from "./columns";
import { HEADER_SEARCH_ROWS, headerCandidates, pickHeaderRow, type HeaderCandidate } from "./header-row";
import { mergeSessionsSheet } from "./sessions-sheet";
import { TOTAL_ROW_REASON, isTotalRow, type SheetReport, type SkippedRow } from "./sheets";
import { IMPORT_MAX_ROWS, IMPORT_MAX_UPLOAD_BYTES, IMPORT_MAX_UPLOAD_LABEL } from "./limits";
import { FORMAT_LABELS, ImportFileError, tooManyRowsMessage, type FileFormat } from "./model";
import { readWorkbook } from "./xlsx.server";
import { parseJsonSafely } from "~/platform/validation/form-data";

/**
 * Parses an uploaded catalogue file (CSV, XLSX or JSON) into a table: headers and rows of cells,
 * within the limits of `./limits`. Runs in the reading thread (`./table-worker.server.ts`); the
 * rest of the app calls `readTable` (`./read.server.ts`). A file that cannot be read throws
 * ImportFileError with a French message.
 */

export interface ParseOptions {
  /** Only the header and this many rows (the mapping step of the batch import). */
  previewRows?: number;
  /** The row that holds the column names, as the spreadsheet numbers it (CSV, XLSX); detected when absent or not a candidate. */
  headerLine?: number;
}

export interface TableRow {
  /** Where the row is in the file: line (CSV), row (XLSX) or item number (JSON). */
  line: number;
  cells: unknown[];
  /** Cells beyond the header's columns that are not empty (the row is refused). */
  extraCells: number;
  /** The first of those cells, as written (quoted in the refusal). */
  extraValue?: string;
}

export interface ImportTable {
  format: FileFormat;
  /** "CSV UTF-8, séparateur ;", "classeur Excel (XLSX), feuille « Formations »", "JSON". */
  description: string;
  headers: string[];
  rows: TableRow[];
  /** "ligne" (CSV), "ligne" (XLSX) or "élément" (JSON): what `line` counts. */
  lineWord: string;
  /** The row of the column names (CSV, XLSX; 0 for JSON), and whether the editor chose it. */
  headerLine: number;
  headerChosen: boolean;
  /** The rows that may hold the column names (the first non-empty ones; none for JSON). */
  headerCandidates: HeaderCandidate[];
  /** Rows left out on purpose (totals rows), said on the screens and in the report. */
  skipped: SkippedRow[];
  /** A workbook's sheets, each with what the import did with it (absent for CSV and JSON). */
  sheets?: SheetReport[];
}

export function formatOf(name: string, bytes: Uint8Array): FileFormat {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return "xlsx"; // a zip archive
  const lower = name.toLowerCase();
  if (lower.endsWith(".xlsx") || lower.endsWith(".xls")) return "xlsx";
  if (lower.endsWith(".json")) return "json";
  // Without an extension that says otherwise, a text starting with [ or { is JSON.
  const start = new TextDecoder()
    .decode(bytes.subarray(0, 64))
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (!lower.endsWith(".csv") && !lower.endsWith(".txt") && (start.startsWith("[") || start.startsWith("{"))) return "json";
  return "csv";
}

export async function parseTable(name: string, bytes: Uint8Array, options: ParseOptions = {}): Promise<ImportTable> {
  if (bytes.byteLength === 0) throw new ImportFileError("Le fichier est vide.");
  if (bytes.byteLength > IMPORT_MAX_UPLOAD_BYTES)
    throw new ImportFileError(
      `Le fichier dépasse ${IMPORT_MAX_UPLOAD_LABEL} : découpez-le en plusieurs fichiers et utilisez l'import par lots.`,
    );
  const lower = name.toLowerCase();
  if (lower.endsWith(".xls") || (bytes[0] === 0xd0 && bytes[1] === 0xcf)) {
    throw new ImportFileError(
      "Les classeurs Excel 97-2003 (.xls) ne sont pas lus : enregistrez le classeur au format « Classeur Excel (.xlsx) » ou en CSV UTF-8.",
    );
  }
  const format = formatOf(name, bytes);
  const table = format === "xlsx" ? await readXlsx(bytes, options) : textTable(format, bytes, options);
  return options.previewRows === undefined ? table : { ...table, rows: table.rows.slice(0, options.previewRows) };
}

function textTable(format: "csv" | "json", bytes: Uint8Array, options: ParseOptions): ImportTable {
  const { text, encoding } = decodeText(bytes);
  return format === "json" ? readJson(text) : readCsvTable(text, encoding, options);
}

interface HeaderChoice {
  headerLine: number;
  headerChosen: boolean;
  headerCandidates: HeaderCandidate[];
}

/** Splits a CSV or XLSX sheet at its header row (detected, or the one asked for); rows above it are left out. */
function atHeaderRow(
  records: Array<{ line: number; cells: unknown[] }>,
  asked: number | undefined,
): { header: unknown[]; body: Array<{ line: number; cells: unknown[] }>; choice: HeaderChoice } {
  const candidates = headerCandidates(records);
  const { index, chosen } = pickHeaderRow(candidates, asked);
  return {
    header: records[index]!.cells,
    body: records.slice(index + 1),
    choice: { headerLine: records[index]!.line, headerChosen: chosen, headerCandidates: candidates },
  };
}

function finish(
  format: FileFormat,
  description: string,
  lineWord: string,
  headerCells: unknown[],
  body: Array<{ line: number; cells: unknown[]; sums?: boolean }>,
  choice: HeaderChoice = { headerLine: 0, headerChosen: false, headerCandidates: [] },
): ImportTable {
  const where = choice.headerLine > 0 ? `La ligne d'en-tête (ligne ${choice.headerLine})` : "La première ligne du fichier";
  const headers = headerCells.map((h, i) => {
    const text = h === null || h === undefined ? "" : String(h).trim();
    return text || `Colonne ${i + 1}`;
  });
  while (headers.length > 0 && /^Colonne \d+$/.test(headers.at(-1)!) && body.every((r) => isEmpty(r.cells[headers.length - 1])))
    headers.pop();
  if (headers.length === 0)
    throw new ImportFileError(`${where} doit contenir les noms des colonnes (Titre, Résumé, Catégorie…) : elle est vide.`);
  if (!headers.some((h) => normalizeHeader(h))) throw new ImportFileError(`${where} ne contient aucun nom de colonne lisible.`);
  // A totals row (« Total », « Sous-total », a sum of the column) is no formation: left out, and said.
  const skipped: SkippedRow[] = [];
  const kept = format === "json" ? body : body.filter((r) => !(isTotalRow(r) && skipped.push({ line: r.line, reason: TOTAL_ROW_REASON })));
  const rows = kept.map((r) => {
    const extra = r.cells.slice(headers.length).filter((c) => !isEmpty(c));
    const row: TableRow = { line: r.line, cells: headers.map((_, i) => r.cells[i] ?? ""), extraCells: extra.length };
    if (extra.length > 0) row.extraValue = String(extra[0] instanceof Date ? extra[0].toISOString().slice(0, 10) : extra[0]).trim();
    return row;
  });
  return { format, description, headers, rows, lineWord, ...choice, skipped };
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

function readCsvTable(text: string, encoding: TextEncodingName, options: ParseOptions): ImportTable {
  const { records, separator } = parseCsv(text);
  if (records.length === 0) throw new ImportFileError("Le fichier ne contient aucune ligne.");
  const { header, body, choice } = atHeaderRow(
    records.map((r) => ({ line: r.row, cells: r.cells })),
    options.headerLine,
  );
  return finish("csv", `CSV ${ENCODING_LABELS[encoding]}, séparateur « ${separatorName(separator)} »`, "ligne", header, body, choice);
}

function readJson(text: string): ImportTable {
  let parsed: unknown;
  try {
    parsed = parseJsonSafely(text);
  } catch (error) {
    const where = /position (\d+)/.exec(String((error as Error).message));
    const line = where ? text.slice(0, Number(where[1])).split("\n").length : undefined;
    throw new ImportFileError(
      `Le fichier JSON est mal formé${line ? ` (vers la ligne ${line})` : ""} : vérifiez les virgules, les guillemets et les crochets.`,
    );
  }
  const items = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === "object" && Array.isArray((parsed as { formations?: unknown }).formations)
      ? (parsed as { formations: unknown[] }).formations
      : undefined;
  if (!items) throw new ImportFileError('Le fichier JSON doit contenir une liste de formations : [ {…}, {…} ] ou { "formations": [ … ] }.');
  if (items.length > IMPORT_MAX_ROWS) throw new ImportFileError(tooManyRowsMessage());
  const headers: string[] = [];
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (!item || typeof item !== "object" || Array.isArray(item))
      throw new ImportFileError(`L'élément n° ${i + 1} du fichier JSON n'est pas un objet { "titre": …, … }.`);
    for (const k of Object.keys(item)) {
      if (!seen.has(k)) {
        seen.add(k);
        headers.push(k);
      }
    }
  });
  if (headers.length === 0) throw new ImportFileError("Le fichier JSON ne contient aucune formation.");
  const body = items.map((item, i) => ({ line: i + 1, cells: headers.map((h) => (item as Record<string, unknown>)[h] ?? "") }));
  return finish("json", FORMAT_LABELS.json, "élément", headers, body);
}

async function readXlsx(bytes: Uint8Array, options: ParseOptions): Promise<ImportTable> {
  const workbook = await readWorkbook(bytes, {
    // The header row may be any of the first HEADER_SEARCH_ROWS rows.
    stopAfterRows: options.previewRows === undefined ? undefined : options.previewRows + HEADER_SEARCH_ROWS,
  });
  const { header, body, choice } = atHeaderRow(workbook.rows, options.headerLine);
  const table = {
    ...finish("xlsx", `${FORMAT_LABELS.xlsx}, feuille « ${workbook.sheetName} »`, "ligne", header, body, choice),
    sheets: workbook.sheets,
  };
  return workbook.sessions ? mergeSessionsSheet(table, workbook.sheetName, workbook.sessions) : table;
}
