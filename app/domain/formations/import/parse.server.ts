import { ENCODING_LABELS, decodeText, parseCsv, separatorName, type TextEncodingName } from "./csv";
import { normalizeHeader } from "./columns";
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
}

export interface TableRow {
  /** Where the row is in the file: line (CSV), row (XLSX) or item number (JSON). */
  line: number;
  cells: unknown[];
  /** Cells beyond the header's columns that are not empty (the row is refused). */
  extraCells: number;
}

export interface ImportTable {
  format: FileFormat;
  /** "CSV UTF-8, séparateur ;", "classeur Excel (XLSX), feuille « Formations »", "JSON". */
  description: string;
  headers: string[];
  rows: TableRow[];
  /** "ligne" (CSV), "ligne" (XLSX) or "élément" (JSON): what `line` counts. */
  lineWord: string;
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
  const table = format === "xlsx" ? await readXlsx(bytes, options) : textTable(format, bytes);
  return options.previewRows === undefined ? table : { ...table, rows: table.rows.slice(0, options.previewRows) };
}

function textTable(format: "csv" | "json", bytes: Uint8Array): ImportTable {
  const { text, encoding } = decodeText(bytes);
  return format === "json" ? readJson(text) : readCsvTable(text, encoding);
}

function finish(
  format: FileFormat,
  description: string,
  lineWord: string,
  headerCells: unknown[],
  body: Array<{ line: number; cells: unknown[] }>,
): ImportTable {
  const headers = headerCells.map((h, i) => {
    const text = h === null || h === undefined ? "" : String(h).trim();
    return text || `Colonne ${i + 1}`;
  });
  while (headers.length > 0 && /^Colonne \d+$/.test(headers.at(-1)!) && body.every((r) => isEmpty(r.cells[headers.length - 1])))
    headers.pop();
  if (headers.length === 0)
    throw new ImportFileError(
      "La première ligne du fichier doit contenir les noms des colonnes (Titre, Résumé, Catégorie…) : elle est vide.",
    );
  if (!headers.some((h) => normalizeHeader(h))) throw new ImportFileError("La première ligne ne contient aucun nom de colonne lisible.");
  const rows = body.map((r) => ({
    line: r.line,
    cells: headers.map((_, i) => r.cells[i] ?? ""),
    extraCells: r.cells.slice(headers.length).filter((c) => !isEmpty(c)).length,
  }));
  return { format, description, headers, rows, lineWord };
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

function readCsvTable(text: string, encoding: TextEncodingName): ImportTable {
  const { records, separator } = parseCsv(text);
  if (records.length === 0) throw new ImportFileError("Le fichier ne contient aucune ligne.");
  const [header, ...body] = records.map((r) => ({ line: r.row, cells: r.cells }));
  return finish("csv", `CSV ${ENCODING_LABELS[encoding]}, séparateur « ${separatorName(separator)} »`, "ligne", header!.cells, body);
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
    stopAfterRows: options.previewRows === undefined ? undefined : options.previewRows + 1,
  });
  const [header, ...body] = workbook.rows;
  return finish("xlsx", `${FORMAT_LABELS.xlsx}, feuille « ${workbook.sheetName} »`, "ligne", header!.cells, body);
}
