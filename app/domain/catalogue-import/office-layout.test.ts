import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { createCity } from "~/domain/cities/cities.server";
import { createCategory } from "~/domain/formations/categories.server";
import { categoryInput, cityInput } from "~/domain/formations/test-fixtures";
import { guessMapping } from "./columns";
import { templateFile } from "./export.server";
import { analyseTable } from "./import.server";
import { changeHeaderRow, claimJob, confirmJob, createJob, getJob, runJob } from "./jobs.server";
import { ImportFileError } from "./model";
import { readTable } from "./read.server";
import { valueOf } from "~/platform/validation/errors";

/**
 * Spreadsheets laid out as an office lays them out: a title, a blank line, then the header row; a
 * merged title; a cell merged down several rows; columns in another order; a « Sessions » sheet.
 * Built with exceljs, read by the import's own reader, checked against a real database.
 */

const TITLES = [
  "Excel : les bases du tableur",
  "Excel : tableaux croisés dynamiques",
  "Word : les documents longs",
  "PowerPoint : des présentations claires",
  "Outlook : organiser sa messagerie",
  "Teams : travailler en équipe",
  "Access : une base de données simple",
  "OneNote : prendre des notes partagées",
];

/** Row 1: a title merged over A1:F1; row 2: blank; row 3: a note; row 4: the headers; 8 formations below. */
async function officeWorkbook(options: { badDate?: boolean; extraCell?: boolean } = {}): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Catalogue 2027");
  sheet.getCell("A1").value = "Catalogue des formations 2027";
  sheet.mergeCells("A1:F1");
  sheet.getCell("A3").value = "Document de travail du service formation";
  // Columns in another order than the template's, with the organisation's own words.
  sheet.getRow(4).values = ["Domaine", "Intitulé de la formation", "Nb jours", "Modalité", "Tarif HT", "Indicateurs mesurés le"];
  TITLES.forEach((title, i) => {
    const row = sheet.getRow(5 + i);
    row.values = [
      i === 0 ? "bureautique" : null,
      title,
      i % 2 === 0 ? 1 : 2,
      "présentiel",
      `${990 + i * 100} €`,
      options.badDate && i === 2 ? "31/02/2027" : "15/01/2027",
    ];
    if (options.extraCell && i === 3) row.getCell(8).value = "à revoir avec Sophie";
  });
  // « Domaine » written once, the cell merged down the eight rows.
  sheet.mergeCells("A5:A12");
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe("reading an office spreadsheet", () => {
  it("finds the header row under a merged title and a blank line, and repeats a cell merged down", async () => {
    const table = await readTable("catalogue.xlsx", await officeWorkbook());
    expect(table.headerLine).toBe(4);
    expect(table.headerChosen).toBe(false);
    expect(table.headers).toEqual(["Domaine", "Intitulé de la formation", "Nb jours", "Modalité", "Tarif HT", "Indicateurs mesurés le"]);
    expect(table.rows.map((r) => r.line)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(table.rows.map((r) => r.cells[0])).toEqual(Array(8).fill("bureautique"));
    // The merged title stays one cell of row 1: it is listed as a possible header row, with nothing recognised.
    expect(table.headerCandidates.map((c) => c.line)).toEqual([1, 3, 4, ...TITLES.map((_, i) => 5 + i)]);
    expect(table.headerCandidates[0]).toMatchObject({ text: "Catalogue des formations 2027", matches: 0 });
    expect(guessMapping(table.headers)).toEqual(["categorie", "titre", "duree_jours", "modalite", "prix_inter", "date_mesure_indicateurs"]);
  });

  it("takes the header row the editor chooses", async () => {
    const table = await readTable("catalogue.xlsx", await officeWorkbook(), { headerLine: 3 });
    expect(table.headerLine).toBe(3);
    expect(table.headerChosen).toBe(true);
    expect(table.headers[0]).toBe("Document de travail du service formation");
    expect(table.rows[0]!.line).toBe(4);
    // A row that is not among the candidates: the detected one.
    const fallback = await readTable("catalogue.xlsx", await officeWorkbook(), { headerLine: 40 });
    expect(fallback.headerLine).toBe(4);
    expect(fallback.headerChosen).toBe(false);
  });

  it("finds the header row of a CSV under a title too", async () => {
    const csv = "Catalogue 2027;;\r\n;;\r\nTarif HT;Titre;Catégorie\r\n1 290 €;Excel : les bases du tableur;bureautique\r\n";
    const table = await readTable("catalogue.csv", new Uint8Array(Buffer.from(csv, "utf8")));
    expect(table.headerLine).toBe(3);
    expect(table.headers).toEqual(["Tarif HT", "Titre", "Catégorie"]);
    expect(table.rows).toHaveLength(1);
  });
});

describe.each(engines)("office spreadsheets imported on $name", ({ create }) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await create();
    valueOf(await createCategory(categoryInput(), { db: t.db }));
    valueOf(await createCity(cityInput(), { db: t.db }));
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("accepts all eight rows of the office layout", async () => {
    const table = await readTable("catalogue.xlsx", await officeWorkbook());
    const analysis = await analyseTable(table, guessMapping(table.headers), t.db);
    expect(analysis.rows.flatMap((r) => r.issues)).toEqual([]);
    expect(analysis.counts.created).toBe(8);
    expect(analysis.planned.map((p) => p.data.durationDays)).toEqual([1, 2, 1, 2, 1, 2, 1, 2]);
  });

  it("quotes the value it refuses: an impossible date, a cell beyond the named columns (no CSV wording)", async () => {
    const table = await readTable("catalogue.xlsx", await officeWorkbook({ badDate: true, extraCell: true }));
    const analysis = await analyseTable(table, guessMapping(table.headers), t.db);
    const byLine = new Map(analysis.rows.map((r) => [r.line, r]));
    expect(byLine.get(7)!.action).toBe("reject");
    expect(byLine.get(7)!.issues.map((i) => i.message)).toContain(
      "« 31/02/2027 » n'est pas une date valide : écrivez-la JJ/MM/AAAA (par exemple 12/03/2027).",
    );
    const extra = byLine
      .get(8)!
      .issues.map((i) => i.message)
      .join("\n");
    expect(extra).toContain("« à revoir avec Sophie »");
    expect(extra).not.toMatch(/séparateurs|guillemets/);
    expect(analysis.counts.rejected).toBe(2);
  });

  it("reads the sessions of a « Sessions » sheet, one row per session, and quotes an impossible date", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Formations");
    sheet.addRow(["Adresse (slug)", "Titre", "Catégorie"]);
    sheet.addRow(["excel-bases", "Excel : les bases du tableur", "bureautique"]);
    sheet.addRow(["", "Word : les documents longs", "bureautique"]);
    const sessions = book.addWorksheet("Sessions");
    sessions.addRow(["Formation (adresse ou titre)", "Début", "Fin", "Ville", "Places"]);
    sessions.addRow(["excel-bases", new Date(Date.UTC(2027, 2, 12)), new Date(Date.UTC(2027, 2, 14)), "Lyon", 12]);
    sessions.addRow(["excel-bases", "02/06/2027", "02/06/2027", "à distance", 8]);
    sessions.addRow(["Word : les documents longs", "31/02/2027", "", "Lyon", 6]);
    sessions.getCell("B2").numFmt = "dd/mm/yyyy";
    sessions.getCell("C2").numFmt = "dd/mm/yyyy";
    const table = await readTable("catalogue.xlsx", new Uint8Array(await book.xlsx.writeBuffer()));
    expect(table.headers).toEqual(["Adresse (slug)", "Titre", "Catégorie", "Sessions"]);
    const analysis = await analyseTable(table, guessMapping(table.headers), t.db);
    const [excel, word] = analysis.rows.sort((a, b) => a.line - b.line);
    expect(excel!.issues).toEqual([]);
    expect(analysis.planned.find((p) => p.slug === "excel-bases")!.data.sessions.map((s) => [s.startDate, s.endDate, s.seatsLeft])).toEqual(
      [
        ["2027-03-12", "2027-03-14", 12],
        ["2027-06-02", "2027-06-02", 8],
      ],
    );
    expect(word!.action).toBe("reject");
    expect(word!.issues.map((i) => i.message).join("\n")).toContain("« 31/02/2027 » n'est pas une date valide");
  });

  it("refuses a session whose formation is on no row, quoting it", async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Formations").addRows([
      ["Titre", "Catégorie"],
      ["Excel : les bases du tableur", "bureautique"],
    ]);
    book.addWorksheet("Sessions").addRows([
      ["Formation", "Début", "Fin", "Ville", "Places"],
      ["excel-avance", "12/03/2027", "", "Lyon", 4],
    ]);
    const error = await readTable("catalogue.xlsx", new Uint8Array(await book.xlsx.writeBuffer())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as Error).message).toContain("la formation « excel-avance » n'est sur aucune ligne de la feuille « Formations »");
  });

  it("refuses sessions written both in the « Sessions » column and on the « Sessions » sheet", async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Formations").addRows([
      ["Titre", "Catégorie", "Sessions"],
      ["Excel : les bases du tableur", "bureautique", "12/03/2027;12/03/2027;lyon;4"],
    ]);
    book.addWorksheet("Sessions").addRows([
      ["Formation", "Début", "Fin", "Ville", "Places"],
      ["Excel : les bases du tableur", "02/06/2027", "", "Lyon", 4],
    ]);
    const error = await readTable("catalogue.xlsx", new Uint8Array(await book.xlsx.writeBuffer())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as Error).message).toContain("sont à la fois dans sa colonne « Sessions » et dans la feuille « Sessions »");
  });

  it("templates: no JSON to write, sessions on their own sheet (XLSX) or one per line (CSV)", async () => {
    const xlsx = await templateFile("xlsx", t.db);
    const book = new ExcelJS.Workbook();
    const body = xlsx.body as Uint8Array;
    await book.xlsx.load(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(["Formations", "Sessions", "Mode d'emploi"]);
    const formations = book.getWorksheet("Formations")!;
    const headers = (formations.getRow(1).values as unknown[]).slice(1);
    expect(headers).not.toContain("Sessions");
    const programme = String(formations.getRow(2).getCell(headers.indexOf("Programme") + 1).value);
    expect(programme.startsWith("[")).toBe(false);
    expect(programme.split("\n").length).toBeGreaterThan(1);
    expect(book.getWorksheet("Sessions")!.rowCount).toBe(3);

    const csv = await templateFile("csv", t.db);
    const csvTable = await readTable(csv.filename, new Uint8Array(Buffer.from(csv.body as string, "utf8")));
    expect(new Set(csvTable.headers)).toEqual(new Set([...headers, "Sessions"]));
    const sessionsCell = String(csvTable.rows[0]!.cells[csvTable.headers.indexOf("Sessions")]);
    expect(sessionsCell.split("\n")).toHaveLength(2);
    expect(sessionsCell).toMatch(/^\d{2}\/\d{2}\/\d{4};/);

    for (const file of [xlsx, csv]) {
      const table = await readTable(file.filename, typeof file.body === "string" ? new Uint8Array(Buffer.from(file.body)) : file.body);
      const analysis = await analyseTable(table, guessMapping(table.headers), t.db);
      expect(analysis.rows.flatMap((r) => r.issues)).toEqual([]);
      expect(analysis.planned[0]!.data.sessions).toHaveLength(2);
      expect(analysis.planned[0]!.data.program.length).toBeGreaterThan(1);
    }
  });

  it("a batch job: the header row detected, another one chosen for a file, then imported from the row checked", async () => {
    const actor = { id: null, email: "import@example.fr", role: "editor" };
    const csv = new TextEncoder().encode("Titre;Remarques\nUne formation du second fichier;à relire\n");
    const id = await createJob(
      actor,
      [
        { name: "catalogue.xlsx", bytes: await officeWorkbook() },
        { name: "notes.csv", bytes: csv },
      ],
      t.db,
    );
    let job = (await getJob(id, t.db))!;
    expect(job.files[0]!.preview).toMatchObject({ headerLine: 4, headerChosen: false });
    expect(job.files[0]!.preview!.headerCandidates!.map((c) => c.line).slice(0, 3)).toEqual([1, 3, 4]);

    // Row 3 for the workbook; the other file's mapping on screen is kept as a draft.
    const draft = ["titre", "resume"];
    expect(await changeHeaderRow(id, 0, 3, (files) => ({ [files[1]!.id]: draft }), t.db)).toEqual({
      ok: true,
      fileName: "catalogue.xlsx",
      headerLine: 3,
    });
    job = (await getJob(id, t.db))!;
    expect(job.files[0]!.preview).toMatchObject({
      headerLine: 3,
      headerChosen: true,
      headers: ["Document de travail du service formation"],
    });
    expect(job.files[0]!.mapping).toBeNull();
    expect(job.files[1]!.mapping).toEqual(draft);

    // Unhappy paths: no such file, no such job; a job whose columns are validated cannot change.
    expect(await changeHeaderRow(id, 5, 4, () => ({}), t.db)).toMatchObject({ ok: false, status: 404 });
    expect(await changeHeaderRow("inconnu", 0, 4, () => ({}), t.db)).toMatchObject({ ok: false, status: 404 });

    // Back to row 4, confirmed, run: the eight formations under row 4 are created.
    expect(await changeHeaderRow(id, 0, 4, () => ({}), t.db)).toMatchObject({ ok: true, headerLine: 4 });
    job = (await getJob(id, t.db))!;
    const mappings = Object.fromEntries(job.files.map((f) => [f.id, f.mapping ?? guessMapping(f.preview!.headers)]));
    expect(await confirmJob(id, { mappings, allOrNothing: false, acknowledged: true }, t.db)).toEqual({ ok: true });
    expect(await changeHeaderRow(id, 0, 3, () => ({}), t.db)).toMatchObject({ ok: false, status: 409 });
    const claim = (await claimJob(t.db))!;
    expect(claim.id).toBe(id);
    expect(await runJob(claim, { target: t.db })).toBe("done");
    job = (await getJob(id, t.db))!;
    expect(job.files[0]!.counts.created).toBe(8);
    // The second file names no category: its row is refused, as it would be on its own.
    expect(job.files[1]!.counts.rejected).toBe(1);
  });
});
