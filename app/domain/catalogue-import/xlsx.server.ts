import { normalizeHeader } from "./columns";
import {
  IMPORT_MAX_CELLS,
  IMPORT_MAX_ROWS,
  XLSX_MAX_PART_BYTES,
  XLSX_MAX_SHARED_STRINGS_BYTES,
  XLSX_MAX_UNCOMPRESSED_BYTES,
} from "./limits";
import { ImportFileError, formatBytes, tooManyCellsMessage, tooManyRowsMessage } from "./model";
import { XmlScanner, XmlTooLargeError, attribute } from "./xml";
import { HEADER_SEARCH_ROWS } from "./header-row";
import { looksLikeSessionsSheet } from "./sessions-sheet";
import { isColumnSum, type SheetReport } from "./sheets";
import { entryChunks, entryText, readZipDirectory, type InflateLimit, type ZipEntry } from "./zip.server";

/**
 * Reads the catalogue sheet of an XLSX workbook as a stream, within limits: the declared sizes
 * of the parts are checked before anything is inflated, the inflated bytes are counted while
 * reading, and reading stops at the first row or cell beyond the limits. Cells come out as the
 * import reads them: text, numbers, booleans, and dates (numbers with a date format).
 */

export interface SheetRow {
  /** The row number the spreadsheet shows. */
  line: number;
  cells: unknown[];
  /** A cell of the row sums a column (« =SUM(D5:D26) »): a totals row. */
  sums?: boolean;
}

export interface Workbook {
  sheetName: string;
  rows: SheetRow[];
  /** The sessions sheet (one row per session), when the workbook has one. */
  sessions?: { sheetName: string; rows: SheetRow[] };
  /** Every sheet of the workbook, in its order, with what the import does with it. */
  sheets: SheetReport[];
}

/** A sheet named « Sessions »: read as the sessions sheet (see `./sessions-sheet.ts`). */
const isSessionsSheet = (name: string) => normalizeHeader(name) === "sessions";

export interface ReadLimits {
  /** Stop after this many non-empty rows (header included) and say so, instead of refusing. */
  stopAfterRows?: number;
}

function partLimit(entry: ZipEntry, maxBytes: number): InflateLimit {
  return {
    maxBytes,
    tooBig: () =>
      `Ce classeur Excel est trop volumineux une fois décompressé (plus de ${formatBytes(maxBytes)} pour « ${entry.name} »${entry.uncompressedSize > maxBytes ? `, qui annonce ${formatBytes(entry.uncompressedSize)}` : ""}) : il est refusé. Enregistrez-le au format « CSV UTF-8 », ou découpez-le en plusieurs fichiers.`,
  };
}

/** Built-in number formats that show a date or a time. */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);

function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, "")
    .replace(/\\./g, "")
    .replace(/\[[^\]]*\]/g, "");
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

function resolvePart(base: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = base.split("/").slice(0, -1);
  for (const piece of target.split("/")) {
    if (piece === "..") parts.pop();
    else if (piece !== ".") parts.push(piece);
  }
  return parts.join("/");
}

function relationships(xml: string): Map<string, string> {
  const out = new Map<string, string>();
  const scanner = new XmlScanner({
    open(name, attrs) {
      if (name !== "Relationship") return;
      const id = attribute(attrs, "Id");
      const target = attribute(attrs, "Target");
      if (id && target) out.set(id, target);
    },
    close() {},
    text() {},
  });
  scanner.write(xml);
  scanner.end();
  return out;
}

/** "AB12" → 27 (0-based column). */
function columnIndex(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) n = n * 26 + (c - 64);
    else if (c >= 97 && c <= 122) n = n * 26 + (c - 96);
    else break;
  }
  return n - 1;
}

/** "B12" → { column: 1, row: 12 }. */
function cellRef(ref: string): { column: number; row: number } {
  const m = /^([A-Za-z]{1,3})(\d{1,7})$/.exec(ref.replace(/\$/g, ""));
  return m ? { column: columnIndex(m[1]!), row: Number(m[2]) } : { column: -1, row: -1 };
}

/**
 * A merged area shows one value (its top-left cell's) on every row it covers: each of those rows
 * gets that value in the area's first column. Across columns the value stays in its first cell (a
 * title over several columns is one title, not one per column).
 */
function spreadMerges(rows: SheetRow[], merges: string[]): void {
  const byLine = new Map(rows.map((r) => [r.line, r]));
  for (const merge of merges) {
    const [from, to] = merge.split(":");
    if (!from || !to) continue;
    const a = cellRef(from);
    const b = cellRef(to);
    if (a.row < 1 || b.row <= a.row || a.column < 0) continue;
    const value = byLine.get(a.row)?.cells[a.column];
    if (value === undefined || value === "") continue;
    for (let line = a.row + 1; line <= b.row; line++) {
      const row = byLine.get(line);
      if (!row) continue;
      while (row.cells.length <= a.column) row.cells.push("");
      if (row.cells[a.column] === "" || row.cells[a.column] === undefined) row.cells[a.column] = value;
    }
  }
}

/** Excel's day number → a date (UTC), in the 1900 or 1904 date system. */
function excelDate(serial: number, date1904: boolean): Date {
  const days = date1904 ? serial + 1462 : serial;
  return new Date(Math.round((days - 25_569) * 86_400_000));
}

const MALFORMED =
  "Ce classeur Excel contient un élément anormalement long : il est refusé. Enregistrez-le à nouveau depuis votre tableur, ou au format « CSV UTF-8 ».";

export async function readWorkbook(bytes: Uint8Array, limits: ReadLimits = {}): Promise<Workbook> {
  try {
    return await read(bytes, limits);
  } catch (error) {
    if (error instanceof XmlTooLargeError) throw new ImportFileError(MALFORMED);
    throw error;
  }
}

async function read(bytes: Uint8Array, limits: ReadLimits): Promise<Workbook> {
  const entries = readZipDirectory(bytes);
  let budget = XLSX_MAX_UNCOMPRESSED_BYTES;
  const part = async (name: string, maxBytes = XLSX_MAX_PART_BYTES): Promise<string | undefined> => {
    const entry = entries.get(name);
    if (!entry) return undefined;
    const text = await entryText(bytes, entry, partLimit(entry, Math.min(maxBytes, budget)));
    budget -= entry.uncompressedSize;
    return text;
  };

  const rootRels = relationships((await part("_rels/.rels")) ?? "");
  const workbookPath =
    [...rootRels.values()].map((t) => resolvePart("", t)).find((t) => entries.has(t) && /workbook/i.test(t)) ?? "xl/workbook.xml";
  const workbookXml = await part(workbookPath);
  if (workbookXml === undefined)
    throw new ImportFileError(
      "Ce fichier n'est pas un classeur Excel (.xlsx) : enregistrez-le au format « Classeur Excel » ou en CSV UTF-8.",
    );
  const relsPath = resolvePart(workbookPath, `_rels/${workbookPath.split("/").pop()}.rels`);
  const rels = relationships((await part(relsPath)) ?? "");

  const sheets: Array<{ name: string; path: string }> = [];
  let date1904 = false;
  let sharedStringsPath: string | undefined;
  let stylesPath: string | undefined;
  {
    const scanner = new XmlScanner({
      open(name, attrs) {
        if (name === "workbookPr") date1904 = ["1", "true"].includes(attribute(attrs, "date1904") ?? "");
        if (name !== "sheet") return;
        const id = attribute(attrs, "r:id") ?? attribute(attrs, "id");
        const target = id ? rels.get(id) : undefined;
        if (target) sheets.push({ name: attribute(attrs, "name") ?? "", path: resolvePart(workbookPath, target) });
      },
      close() {},
      text() {},
    });
    scanner.write(workbookXml);
    scanner.end();
  }
  for (const target of rels.values()) {
    if (/sharedStrings\.xml$/i.test(target)) sharedStringsPath = resolvePart(workbookPath, target);
    if (/styles\.xml$/i.test(target)) stylesPath = resolvePart(workbookPath, target);
  }
  const isHelp = (name: string) => /mode d emploi|instructions|aide/.test(normalizeHeader(name));
  const present = sheets.filter((s) => entries.has(s.path));
  if (present.length === 0) throw new ImportFileError("Le classeur ne contient aucune feuille remplie.");
  // Every part that may be read is checked against its declared size before anything is inflated.
  for (const s of present) {
    const entry = entries.get(s.path)!;
    if (entry.uncompressedSize > XLSX_MAX_UNCOMPRESSED_BYTES)
      throw new ImportFileError(partLimit(entry, XLSX_MAX_UNCOMPRESSED_BYTES).tooBig());
  }
  const sharedEntry = sharedStringsPath ? entries.get(sharedStringsPath) : undefined;
  if (sharedEntry && sharedEntry.uncompressedSize > XLSX_MAX_SHARED_STRINGS_BYTES)
    throw new ImportFileError(partLimit(sharedEntry, XLSX_MAX_SHARED_STRINGS_BYTES).tooBig());

  // Styles: which cell formats show a date.
  const dateStyles = new Set<number>();
  const stylesXml = stylesPath ? await part(stylesPath) : undefined;
  if (stylesXml) {
    const customDates = new Set<number>();
    let inCellXfs = false;
    let xfIndex = 0;
    const scanner = new XmlScanner({
      open(name, attrs) {
        if (name === "numFmt") {
          const id = Number(attribute(attrs, "numFmtId"));
          if (isDateFormatCode(attribute(attrs, "formatCode") ?? "")) customDates.add(id);
        } else if (name === "cellXfs") inCellXfs = true;
        else if (name === "xf" && inCellXfs) {
          const id = Number(attribute(attrs, "numFmtId") ?? 0);
          if (DATE_FORMAT_IDS.has(id) || customDates.has(id)) dateStyles.add(xfIndex);
          xfIndex++;
        }
      },
      close(name) {
        if (name === "cellXfs") inCellXfs = false;
      },
      text() {},
    });
    scanner.write(stylesXml);
    scanner.end();
  }

  // Shared strings: every text of the sheet, by index (rich text runs joined, phonetic runs left out).
  const shared: string[] = [];
  if (sharedEntry) {
    let current = null as string[] | null;
    let inText = false;
    let phonetic = 0;
    const scanner = new XmlScanner({
      open(name) {
        if (name === "si") current = [];
        else if (name === "rPh") phonetic++;
        else if (name === "t" && current && phonetic === 0) inText = true;
      },
      close(name) {
        if (name === "si") {
          shared.push(current ? current.join("") : "");
          if (shared.length > IMPORT_MAX_CELLS) throw new ImportFileError(tooManyCellsMessage());
          current = null;
        } else if (name === "rPh") phonetic--;
        else if (name === "t") inText = false;
      },
      text(text) {
        if (inText && current) {
          current.push(text);
          if (text.length > MAX_CELL_CHARACTERS) throw new ImportFileError(CELL_TOO_LONG);
        }
      },
    });
    const decoder = new TextDecoder("utf-8");
    for await (const chunk of entryChunks(bytes, sharedEntry, partLimit(sharedEntry, Math.min(XLSX_MAX_SHARED_STRINGS_BYTES, budget)))) {
      scanner.write(decoder.decode(chunk, { stream: true }));
    }
    scanner.write(decoder.decode());
    scanner.end();
    budget -= sharedEntry.uncompressedSize;
  }

  const context = { shared, dateStyles, date1904 };
  // Each sheet is recognised by its first rows: a sheet named « Sessions », or whose columns are a
  // session's (formation, début, fin, ville, places), holds the sessions; the first other filled sheet
  // (« Formations » first) holds the formations; a help sheet is read only when nothing else is filled.
  const heads = new Map<string, SheetRow[]>();
  for (const s of present)
    if (!isHelp(s.name))
      heads.set(s.path, await readSheet(bytes, entries.get(s.path)!, { ...context, budget, stopAfterRows: HEADER_SEARCH_ROWS }));
  const report = new Map<string, SheetReport>();
  let sessionsSheet: { name: string; path: string } | undefined;
  for (const s of [...present.filter((x) => isSessionsSheet(x.name)), ...present.filter((x) => !isSessionsSheet(x.name))]) {
    const head = heads.get(s.path);
    if (!head || head.length === 0 || !(isSessionsSheet(s.name) || looksLikeSessionsSheet(head))) continue;
    if (!sessionsSheet) {
      sessionsSheet = s;
      report.set(s.path, { name: s.name, use: "sessions" });
    } else
      report.set(s.path, {
        name: s.name,
        use: "ignored",
        reason: `une seule feuille de sessions est lue par fichier, et c'est la feuille «\u00a0${sessionsSheet.name}\u00a0»`,
      });
  }
  const candidates = [
    ...present.filter((s) => normalizeHeader(s.name) === "formations"),
    ...present.filter((s) => normalizeHeader(s.name) !== "formations" && !isHelp(s.name)),
    ...present.filter((s) => isHelp(s.name)),
  ].filter((s) => !report.has(s.path));
  let formations: { name: string; rows: SheetRow[] } | undefined;
  for (const sheet of candidates) {
    if (formations) {
      report.set(sheet.path, {
        name: sheet.name,
        use: "ignored",
        reason: isHelp(sheet.name)
          ? "mode d'emploi"
          : heads.get(sheet.path)?.length === 0
            ? "feuille vide"
            : `une seule feuille de formations est lue par fichier, et c'est la feuille «\u00a0${formations.name}\u00a0»`,
      });
      continue;
    }
    if (heads.get(sheet.path)?.length === 0) {
      report.set(sheet.path, { name: sheet.name, use: "ignored", reason: "feuille vide" });
      continue;
    }
    const rows = await readSheet(bytes, entries.get(sheet.path)!, { ...context, budget, stopAfterRows: limits.stopAfterRows });
    budget -= entries.get(sheet.path)!.uncompressedSize;
    if (rows.length === 0) {
      report.set(sheet.path, { name: sheet.name, use: "ignored", reason: "feuille vide" });
      continue;
    }
    formations = { name: sheet.name, rows };
    report.set(sheet.path, { name: sheet.name, use: "formations" });
  }
  if (!formations)
    throw new ImportFileError(
      sessionsSheet
        ? `Le classeur ne contient que des sessions (feuille «\u00a0${sessionsSheet.name}\u00a0»)\u00a0: ajoutez la feuille des formations, une ligne par formation.`
        : "La feuille du classeur est vide.",
    );
  const sheetReports = sheets.map(
    (s) => report.get(s.path) ?? { name: s.name, use: "ignored" as const, reason: "feuille absente du fichier" },
  );
  if (!sessionsSheet) return { sheetName: formations.name, rows: formations.rows, sheets: sheetReports };
  // Sessions are read whole, even for a preview: they add a column to the formations.
  const sessionRows = await readSheet(bytes, entries.get(sessionsSheet.path)!, { ...context, budget });
  return {
    sheetName: formations.name,
    rows: formations.rows,
    sessions: { sheetName: sessionsSheet.name, rows: sessionRows },
    sheets: sheetReports,
  };
}

/** Excel's own limit for one cell. */
const MAX_CELL_CHARACTERS = 32_767;
const CELL_TOO_LONG = `Une cellule du classeur dépasse ${MAX_CELL_CHARACTERS.toLocaleString("fr-FR")} caractères, la limite d'Excel : le fichier est refusé.`;

/** Thrown inside the scanner to stop reading once enough rows are read. */
class EnoughRows extends Error {}

async function readSheet(
  bytes: Uint8Array,
  entry: ZipEntry,
  context: { shared: string[]; dateStyles: Set<number>; date1904: boolean; budget: number; stopAfterRows?: number },
): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  let cellCount = 0;
  let rowNumber = 0;
  let cells: unknown[] | null = null;
  let nonEmpty = false;
  let nextColumn = 0;
  // The cell being read.
  let inCell = false;
  let column = 0;
  let type = "";
  let style = -1;
  let value = "";
  let capture: "v" | "t" | "f" | null = null;
  let formula = "";
  let sums = false;
  let inInline = false;
  const merges: string[] = [];

  const finishCell = () => {
    let out: unknown = "";
    if (type === "s") out = context.shared[Number(value)] ?? "";
    else if (type === "inlineStr" || type === "str") out = value;
    else if (type === "b") out = value === "1" || value === "true";
    else if (type === "e") out = "";
    else if (type === "d") {
      const d = new Date(value);
      out = Number.isNaN(d.getTime()) ? value : d;
    } else if (value !== "") {
      const n = Number(value);
      out = Number.isFinite(n) ? (context.dateStyles.has(style) ? excelDate(n, context.date1904) : n) : value;
    }
    if (cells && column >= 0 && column < 16_384) {
      cells[column] = out;
      if (out !== "" && !(typeof out === "string" && out.trim() === "")) nonEmpty = true;
    }
  };

  const scanner = new XmlScanner({
    open(name, attrs, selfClosing) {
      switch (name) {
        case "row": {
          const r = Number(attribute(attrs, "r"));
          rowNumber = Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
          cells = [];
          nonEmpty = false;
          sums = false;
          nextColumn = 0;
          break;
        }
        case "c": {
          if (++cellCount > IMPORT_MAX_CELLS) throw new ImportFileError(tooManyCellsMessage());
          const ref = attribute(attrs, "r");
          column = ref ? columnIndex(ref) : nextColumn;
          nextColumn = column + 1;
          type = attribute(attrs, "t") ?? "";
          style = Number(attribute(attrs, "s") ?? -1);
          value = "";
          formula = "";
          inCell = !selfClosing;
          if (selfClosing && cells && cells[column] === undefined) cells[column] = "";
          break;
        }
        case "v":
          if (inCell) capture = "v";
          break;
        case "f":
          if (inCell && !selfClosing) capture = "f";
          break;
        case "is":
          inInline = true;
          break;
        case "t":
          if (inCell && inInline) capture = "t";
          break;
        case "rPh":
          capture = null;
          break;
        case "mergeCell": {
          const ref = attribute(attrs, "ref");
          if (ref && merges.length < IMPORT_MAX_CELLS) merges.push(ref);
          break;
        }
      }
    },
    close(name) {
      switch (name) {
        case "c":
          if (inCell) finishCell();
          // A sum of a column marks a totals row, even when the file keeps no computed value.
          if (formula && isColumnSum(formula)) sums = nonEmpty = true;
          inCell = false;
          capture = null;
          inInline = false;
          break;
        case "v":
        case "t":
        case "f":
          capture = null;
          break;
        case "is":
          inInline = false;
          break;
        case "row":
          if (cells && nonEmpty) {
            for (let i = 0; i < cells.length; i++) cells[i] ??= "";
            rows.push(sums ? { line: rowNumber, cells, sums } : { line: rowNumber, cells });
            if (context.stopAfterRows !== undefined && rows.length >= context.stopAfterRows) throw new EnoughRows();
            if (rows.length > IMPORT_MAX_ROWS + 1) throw new ImportFileError(tooManyRowsMessage());
          }
          cells = null;
          break;
      }
    },
    text(text) {
      if (!capture) return;
      if (capture === "f") {
        if (formula.length < 1000) formula += text;
        return;
      }
      value += text;
      if (value.length > MAX_CELL_CHARACTERS) throw new ImportFileError(CELL_TOO_LONG);
    },
  });
  const decoder = new TextDecoder("utf-8");
  try {
    for await (const chunk of entryChunks(bytes, entry, partLimit(entry, Math.min(XLSX_MAX_UNCOMPRESSED_BYTES, context.budget)))) {
      scanner.write(decoder.decode(chunk, { stream: true }));
    }
    scanner.write(decoder.decode());
    scanner.end();
  } catch (error) {
    if (!(error instanceof EnoughRows)) throw error;
  }
  // The merged areas are listed after the rows: a preview that stopped early does not see them.
  spreadMerges(rows, merges);
  return rows;
}
