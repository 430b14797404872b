import ExcelJS from "exceljs";
import { db, type Db } from "~/platform/db/db.server";
import { toFormation } from "~/domain/formations/formations.server";
import { EXAMPLE_FORMATION } from "~/domain/formations/example";
import type { Formation, FormationSession } from "~/domain/formations/model";
import { flatToCell, formationToFlat, type FlatRecord } from "./cells";
import { CATALOGUE_COLUMNS, type CatalogueColumn } from "~/domain/formations/columns";
import { toCsv } from "./csv";
import { SESSION_SHEET_COLUMNS } from "./sessions-sheet";
import { loadLookups } from "./import.server";

/**
 * The catalogue as a file (CSV, XLSX or JSON) in the import's column layout, so that an export
 * imported again gives the same catalogue; and the templates (CSV and XLSX) in the same layout.
 */

export type ExportFormat = "csv" | "xlsx" | "json";
export const EXPORT_FORMATS: ExportFormat[] = ["csv", "xlsx", "json"];

export interface FileDownload {
  body: Uint8Array | string;
  contentType: string;
  filename: string;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  json: "application/json; charset=utf-8",
};

/** Every formation (drafts included) as flat records, by slug. */
export async function catalogueRecords(target: Db = db()): Promise<FlatRecord[]> {
  const lookups = await loadLookups(target);
  const [rows, cities, sessions] = await Promise.all([
    target.selectFrom("formations").selectAll().orderBy("slug").execute(),
    target.selectFrom("formation_cities").select(["formation_id", "city_id"]).execute(),
    target.selectFrom("formation_sessions").selectAll().orderBy("start_date").orderBy("id").execute(),
  ]);
  const citiesOf = new Map<string, string[]>();
  for (const c of cities) citiesOf.set(c.formation_id, [...(citiesOf.get(c.formation_id) ?? []), c.city_id]);
  const sessionsOf = new Map<string, FormationSession[]>();
  for (const s of sessions) {
    const list = sessionsOf.get(s.formation_id) ?? [];
    list.push({
      id: s.id,
      formationId: s.formation_id,
      startDate: s.start_date,
      endDate: s.end_date,
      cityId: s.city_id,
      seatsLeft: Number(s.seats_left),
    });
    sessionsOf.set(s.formation_id, list);
  }
  return rows.map((r) => formationToFlat(toFormation(r, (citiesOf.get(r.id) ?? []).sort(), sessionsOf.get(r.id) ?? []), lookups));
}

/**
 * How a file writes each cell. The export writes what imports back exactly (the programme as JSON,
 * with each module's content); the templates write what office staff fill by hand: the programme
 * one module per line (« Les bases (3,5 h) »), the sessions one per line (`début;fin;ville;places`,
 * dates JJ/MM/AAAA) in a CSV, or on the « Sessions » sheet of the workbook.
 */
type Layout = "export" | "template";

function frenchDay(iso: string): string {
  const [y, m, d] = iso.split("-");
  return y && m && d ? `${d}/${m}/${y}` : iso;
}

interface SessionValue {
  debut: string;
  fin: string;
  ville: string;
  places: number;
}

function cellOf(column: CatalogueColumn, value: unknown, numbers: "text" | "native", layout: Layout): string | number {
  if (layout === "template" && column.kind === "program" && Array.isArray(value)) {
    return (value as Array<{ titre: string; duree_heures: number | null }>)
      .map((m) => (m.duree_heures ? `${m.titre} (${String(m.duree_heures).replace(".", ",")} h)` : m.titre))
      .join("\n");
  }
  if (layout === "template" && column.kind === "sessions" && Array.isArray(value)) {
    return (value as SessionValue[]).map((s) => [frenchDay(s.debut), frenchDay(s.fin), s.ville, s.places].join(";")).join("\n");
  }
  return flatToCell(column, value, numbers);
}

function csvOf(records: FlatRecord[], layout: Layout = "export"): string {
  return toCsv([
    CATALOGUE_COLUMNS.map((c) => c.label),
    ...records.map((r) => CATALOGUE_COLUMNS.map((c) => cellOf(c, r[c.key], "text", layout))),
  ]);
}

function jsonOf(records: FlatRecord[]): string {
  return JSON.stringify({ formations: records }, null, 2) + "\n";
}

const LONG = new Set([
  "description",
  "programme",
  "objectifs",
  "methodes_pedagogiques",
  "modalites_evaluation",
  "modalites_acces",
  "accessibilite",
  "sessions",
  "resume",
  "image",
]);

async function xlsxOf(records: FlatRecord[], layout: Layout = "export"): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Import des formations";
  const sheet = workbook.addWorksheet("Formations", { views: [{ state: "frozen", ySplit: 1 }] });
  // The template's sessions are on their own sheet, one row per session.
  const columns = layout === "template" ? CATALOGUE_COLUMNS.filter((c) => c.kind !== "sessions") : CATALOGUE_COLUMNS;
  sheet.columns = columns.map((c) => ({
    header: c.label,
    key: c.key,
    width: LONG.has(c.key) ? 50 : Math.max(14, Math.min(32, c.label.length + 4)),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const r of records) {
    const row = sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, cellOf(c, r[c.key], "native", layout)])));
    if (layout === "template") row.alignment = { wrapText: true, vertical: "top" };
  }
  if (layout === "template") {
    const sessions = workbook.addWorksheet("Sessions", { views: [{ state: "frozen", ySplit: 1 }] });
    sessions.columns = SESSION_SHEET_COLUMNS.map((c) => ({ header: c.label, key: c.key, width: c.key === "formation" ? 40 : 16 }));
    sessions.getRow(1).font = { bold: true };
    for (const r of records) {
      for (const s of (r.sessions ?? []) as SessionValue[]) {
        const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
        const row = sessions.addRow({ formation: r.slug, debut: day(s.debut), fin: day(s.fin), ville: s.ville, places: s.places });
        row.getCell("debut").numFmt = "dd/mm/yyyy";
        row.getCell("fin").numFmt = "dd/mm/yyyy";
      }
    }
  }
  // Every cell is text or a number: nothing is ever read as a formula or a date by the spreadsheet.
  const help = workbook.addWorksheet("Mode d'emploi");
  help.columns = [
    { header: "Colonne", key: "label", width: 38 },
    { header: "Nom JSON", key: "key", width: 26 },
    { header: "Obligatoire pour une création", key: "required", width: 18 },
    { header: "Contenu attendu", key: "help", width: 110 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of CATALOGUE_COLUMNS) help.addRow({ label: c.label, key: c.key, required: c.required ? "oui" : "non", help: c.help });
  help.addRow({});
  help.addRow({
    label:
      "Une ligne par formation. Une adresse (slug) déjà connue met à jour cette formation : les colonnes absentes du fichier gardent leur valeur actuelle.",
  });
  help.addRow({
    label: "Les en-têtes sont reconnus en français ou en anglais ; l'écran d'import permet de corriger la correspondance des colonnes.",
  });
  help.addRow({
    label:
      "Un titre ou des lignes vides au-dessus des en-têtes sont acceptés : l'écran d'import trouve la ligne d'en-tête et permet d'en choisir une autre.",
  });
  if (layout === "template")
    help.addRow({
      label:
        "Feuille « Sessions » : une ligne par session (formation par son adresse ou son titre, début, fin, ville ou « à distance », places).",
    });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function day(): string {
  return new Date().toISOString().slice(0, 10);
}

export async function exportCatalogue(format: ExportFormat, target: Db = db()): Promise<FileDownload> {
  const records = await catalogueRecords(target);
  const filename = `catalogue-formations-${day()}.${format}`;
  const body = format === "csv" ? csvOf(records) : format === "json" ? jsonOf(records) : await xlsxOf(records);
  return { body, contentType: CONTENT_TYPES[format], filename };
}

/** The example formation as a row that imports as is on this site (its first category and city). */
export async function templateRecords(target: Db = db()): Promise<FlatRecord[]> {
  const lookups = await loadLookups(target);
  // An id the lookups know is written as its slug; the fallbacks are slugs already.
  const category = lookups.categories[0]?.id ?? "bureautique";
  const city = lookups.cities[0]?.id ?? "lyon";
  const year = new Date().getUTCFullYear() + 1;
  const session = (day: string, seatsLeft: number) => ({ id: "", formationId: "", startDate: day, endDate: day, cityId: city, seatsLeft });
  const example: Formation = {
    ...EXAMPLE_FORMATION,
    id: "",
    slug: "excel-tableaux-croises-dynamiques",
    status: "draft",
    publishedAt: null,
    createdAt: "",
    updatedAt: "",
    categoryId: category,
    resultsMeasuredAt: `${year - 1}-12-31`,
    cityIds: [city],
    sessions: [session(`${year}-03-12`, 8), session(`${year}-05-20`, 10)],
  };
  return [formationToFlat(example, lookups)];
}

export async function templateFile(format: "csv" | "xlsx", target: Db = db()): Promise<FileDownload> {
  const records = await templateRecords(target);
  const body = format === "csv" ? csvOf(records, "template") : await xlsxOf(records, "template");
  return { body, contentType: CONTENT_TYPES[format], filename: `modele-import-formations.${format}` };
}
