import { slugify } from "~/domain/formations/slug";
import { columnForHeader, normalizeHeader } from "./columns";
import { cellText } from "~/domain/formations/columns";
import { HEADER_SEARCH_ROWS, headerMatches } from "./header-row";
import { TOTAL_ROW_REASON, isTotalRow, type SkippedRow } from "./sheets";
import { ImportFileError } from "./model";

/**
 * The « Sessions » sheet of a workbook (pure, runs anywhere): one row per session, beside the
 * « Formations » sheet, so that office staff write dates, city and seats in their own cells. Each row
 * names its formation by its address (slug) or its title; its sessions become the formation's
 * « Sessions » cell, one per line (`début;fin;ville;places`, what the column reads in a CSV too).
 */

export interface SessionSheetColumn {
  key: "formation" | "debut" | "fin" | "ville" | "places";
  /** The header written in the template. */
  label: string;
  aliases: string[];
}

export const SESSION_SHEET_COLUMNS: SessionSheetColumn[] = [
  {
    key: "formation",
    label: "Formation (adresse ou titre)",
    aliases: ["formation", "adresse", "slug", "adresse slug", "titre", "intitule", "reference", "formation adresse", "formation titre"],
  },
  { key: "debut", label: "Début", aliases: ["debut", "date de debut", "date debut", "du", "start", "start date", "date"] },
  { key: "fin", label: "Fin", aliases: ["fin", "date de fin", "date fin", "au", "end", "end date"] },
  { key: "ville", label: "Ville", aliases: ["ville", "lieu", "city", "site", "lieu de la session"] },
  { key: "places", label: "Places", aliases: ["places", "places disponibles", "nombre de places", "places restantes", "seats"] },
];

const SESSION_HEADER = new Map<string, SessionSheetColumn["key"]>();
for (const c of SESSION_SHEET_COLUMNS)
  for (const name of [c.key, c.label, ...c.aliases])
    if (!SESSION_HEADER.has(normalizeHeader(name))) SESSION_HEADER.set(normalizeHeader(name), c.key);

function sessionColumnOf(header: unknown): SessionSheetColumn["key"] | undefined {
  const text = cellText(header);
  return SESSION_HEADER.get(normalizeHeader(text)) ?? SESSION_HEADER.get(normalizeHeader(text.replace(/\([^)]*\)/g, " ")));
}

/** A date cell as the « Sessions » column reads it: a spreadsheet date as AAAA-MM-JJ, a text as written. */
function dayText(value: unknown): string {
  return cellText(value).trim();
}

/** The index of the sessions sheet's header row among its first rows (one that names « Formation » and « Début »), or -1. */
function sessionHeaderIndex(rows: Array<{ cells: unknown[] }>): number {
  return rows.slice(0, HEADER_SEARCH_ROWS).findIndex((r) => {
    const keys = new Set(r.cells.map(sessionColumnOf).filter(Boolean));
    return keys.has("formation") && keys.has("debut");
  });
}

/**
 * Whether a sheet, whatever its name (« Planning 2027 »), lists sessions: a header row names the
 * formation, the start and the end, city or seats, and more of a session's columns than of a formation's.
 */
export function looksLikeSessionsSheet(rows: Array<{ cells: unknown[] }>): boolean {
  const index = sessionHeaderIndex(rows);
  if (index < 0) return false;
  const cells = rows[index]!.cells;
  const keys = new Set(cells.map(sessionColumnOf).filter(Boolean));
  if (!keys.has("fin") && !keys.has("ville") && !keys.has("places")) return false;
  return headerMatches(cells) <= keys.size;
}

interface Table {
  headers: string[];
  rows: Array<{ line: number; cells: unknown[]; extraCells: number }>;
  skipped?: SkippedRow[];
}

/**
 * Adds the sessions of the « Sessions » sheet to the formations' table: in its « Sessions » column
 * when it has one (a formation whose cell is already filled is refused: one place per formation),
 * otherwise in a new « Sessions » column. A session whose formation is on no row is refused.
 */
export function mergeSessionsSheet<T extends Table>(
  table: T,
  formationsSheet: string,
  sheet: { sheetName: string; rows: Array<{ line: number; cells: unknown[]; sums?: boolean }> },
): T {
  const where = `Feuille « ${sheet.sheetName} »`;
  const headerIndex = sessionHeaderIndex(sheet.rows);
  if (headerIndex < 0) {
    if (sheet.rows.length === 0) return table;
    throw new ImportFileError(
      `${where} : aucune ligne d'en-tête ne nomme les colonnes « Formation (adresse ou titre) » et « Début » (une session par ligne : formation, début, fin, ville, places).`,
    );
  }
  const column: Partial<Record<SessionSheetColumn["key"], number>> = {};
  sheet.rows[headerIndex]!.cells.forEach((cell, i) => {
    const key = sessionColumnOf(cell);
    if (key && column[key] === undefined) column[key] = i;
  });
  const cell = (cells: unknown[], key: SessionSheetColumn["key"]) => (column[key] === undefined ? "" : cells[column[key]!]);

  // The formations' own columns that name them: address (slug) and title, as the headers say.
  const keys = table.headers.map((h) => columnForHeader(h));
  const slugColumn = keys.indexOf("slug");
  const titleColumn = keys.indexOf("titre");
  let sessionsColumn = keys.indexOf("sessions");
  const rowOf = new Map<string, number>();
  table.rows.forEach((row, i) => {
    for (const c of [slugColumn, titleColumn]) {
      const name = c >= 0 ? slugify(cellText(row.cells[c]).trim()) : "";
      if (name && !rowOf.has(name)) rowOf.set(name, i);
    }
  });

  const added = new Map<number, string[]>();
  const skipped: SkippedRow[] = [];
  for (const row of sheet.rows.slice(headerIndex + 1)) {
    if (isTotalRow(row)) {
      skipped.push({ line: row.line, reason: `${TOTAL_ROW_REASON} de la feuille «\u00a0${sheet.sheetName}\u00a0»` });
      continue;
    }
    const reference = cellText(cell(row.cells, "formation")).trim();
    const start = dayText(cell(row.cells, "debut"));
    if (!reference && !start) continue;
    if (!reference)
      throw new ImportFileError(`${where}, ligne ${row.line} : la colonne « Formation » est vide ; écrivez l'adresse (slug) ou le titre.`);
    const index = rowOf.get(slugify(reference));
    if (index === undefined)
      throw new ImportFileError(
        `${where}, ligne ${row.line} : la formation « ${reference} » n'est sur aucune ligne de la feuille « ${formationsSheet} » (ni par son adresse, ni par son titre).`,
      );
    const end = dayText(cell(row.cells, "fin"));
    const city = cellText(cell(row.cells, "ville")).trim();
    const seats = cellText(cell(row.cells, "places")).trim();
    added.set(index, [...(added.get(index) ?? []), [start, end || start, city, seats].join(";")]);
  }
  const withSkipped = skipped.length > 0 ? { ...table, skipped: [...(table.skipped ?? []), ...skipped] } : table;
  if (added.size === 0) return withSkipped;

  const headers = [...table.headers];
  if (sessionsColumn < 0) {
    sessionsColumn = headers.length;
    headers.push("Sessions");
  }
  const rows = table.rows.map((row, i) => {
    const sessions = added.get(i);
    const cells = [...row.cells];
    while (cells.length < headers.length) cells.push("");
    if (!sessions) return { ...row, cells };
    if (cellText(cells[sessionsColumn]).trim() !== "")
      throw new ImportFileError(
        `Les sessions de la formation de la ligne ${row.line} sont à la fois dans sa colonne « ${headers[sessionsColumn]} » et dans la feuille « ${sheet.sheetName} » : gardez-les à un seul endroit.`,
      );
    cells[sessionsColumn] = sessions.join("\n");
    return { ...row, cells };
  });
  return { ...withSkipped, headers, rows };
}
