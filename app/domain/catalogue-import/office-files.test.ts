import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { createCity } from "~/domain/cities/cities.server";
import { createCategory } from "~/domain/formations/categories.server";
import { createFormation, getFormationBySlug, updateFormation } from "~/domain/formations/formations.server";
import { categoryInput, cityInput, formationInput } from "~/domain/formations/test-fixtures";
import { guessMapping } from "./columns";
import { importTable } from "./import.server";
import { claimJob, confirmJob, createJob, getJob, jobReportCsv, runJob } from "./jobs.server";
import { readTable } from "./read.server";
import { sheetUseLabel, skippedRowLabel } from "./sheets";
import { valueOf } from "~/platform/validation/errors";

/**
 * Catalogues as offices keep them, through the whole import (reader, analysis, writing) on a real
 * database: prices written « 1.200 € », cities separated by « / » or « À distance », a sessions sheet
 * named « Planning 2027 », a totals row at the bottom. The workbooks are built with exceljs.
 */

const actor = { id: null, email: "import@example.fr", role: "editor" };

async function importBytes(t: TestDatabase, name: string, bytes: Uint8Array, allOrNothing = true) {
  const table = await readTable(name, bytes);
  const result = await importTable(table, guessMapping(table.headers), { actor, fileName: name, target: t.db, allOrNothing });
  return { table, result };
}

const csv = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));

describe.each(engines)("office catalogues imported on $name", ({ create }) => {
  let t: TestDatabase;
  let category: string;
  let lyon: string;
  let paris: string;

  beforeAll(async () => {
    t = await create();
    category = valueOf(await createCategory(categoryInput(), { db: t.db })).id;
    lyon = valueOf(await createCity(cityInput(), { db: t.db })).id;
    paris = valueOf(
      await createCity(cityInput({ slug: "paris", name: "Paris", region: "Île-de-France", latitude: 48.8566, longitude: 2.3522 }), {
        db: t.db,
      }),
    ).id;
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("stores 1 200 € for « 1.200 € », from the editor's form and from an import", async () => {
    // The editor's form sends the field as typed.
    const typed = valueOf(
      await createFormation(formationInput({ title: "Paie : les bases", categoryId: category, priceInter: "1.200 €" }), { db: t.db }),
    );
    expect((await getFormationBySlug(typed.slug, t.db))!.priceInter).toBe(1200);
    const ambiguous = await updateFormation(
      typed.id,
      formationInput({ title: "Paie : les bases", categoryId: category, priceInter: "1,200" }),
      {
        db: t.db,
      },
    );
    expect(ambiguous.ok).toBe(false);
    expect(ambiguous.ok ? {} : ambiguous.errors).toMatchObject({ priceInter: expect.stringContaining("«\u00a01,200\u00a0» est ambigu") });
    expect((await getFormationBySlug(typed.slug, t.db))!.priceInter).toBe(1200);

    const { result } = await importBytes(
      t,
      "prix.csv",
      csv(`Titre;Catégorie;Tarif HT\nPaie : cas pratiques;bureautique;1.200 €\nPaie : la DSN;bureautique;1\u202f350,50\u00a0€ HT\n`),
    );
    expect(result.counts).toMatchObject({ created: 2, rejected: 0 });
    expect((await getFormationBySlug("paie-cas-pratiques", t.db))!.priceInter).toBe(1200);
    expect((await getFormationBySlug("paie-la-dsn", t.db))!.priceInter).toBe(1350.5);
  });

  it("refuses an import row with an ambiguous price, quoting it, and writes nothing else (all or nothing)", async () => {
    const { result } = await importBytes(t, "ambigu.csv", csv(`Titre;Catégorie;Tarif HT\nPaie : niveau 2;bureautique;1,200\n`));
    expect(result.written).toBe(false);
    expect(result.analysis.rows[0]!.issues).toEqual([
      expect.objectContaining({ header: "Tarif HT", message: expect.stringContaining("«\u00a01,200\u00a0» est ambigu") }),
    ]);
    expect(await getFormationBySlug("paie-niveau-2", t.db)).toBeUndefined();
  });

  it("reads cities separated by « / », and « À distance » as the remote modality", async () => {
    const { result } = await importBytes(
      t,
      "villes.csv",
      csv(
        [
          "Titre;Catégorie;Villes;Modalité",
          "Word : les styles;bureautique;Lyon / Paris;présentiel",
          "Word : les modèles;bureautique;Lyon / À distance;",
          "Word : le publipostage;bureautique;EN LIGNE;",
          "Word : les tableaux;bureautique;Distanciel;",
        ].join("\n"),
      ),
    );
    expect(result.counts).toMatchObject({ created: 4, rejected: 0 });
    const styles = (await getFormationBySlug("word-les-styles", t.db))!;
    expect([...styles.cityIds].sort()).toEqual([lyon, paris].sort());
    expect(styles.modality).toBe("presentiel");
    const models = (await getFormationBySlug("word-les-modeles", t.db))!;
    expect([models.cityIds, models.modality]).toEqual([[lyon], "mixte"]);
    for (const slug of ["word-le-publipostage", "word-les-tableaux"]) {
      const f = (await getFormationBySlug(slug, t.db))!;
      expect([f.cityIds, f.modality], slug).toEqual([[], "distanciel"]);
    }
    const notes = result.analysis.rows.find((r) => r.line === 3)!.notes.map((n) => n.message);
    expect(notes).toContain(
      "Modalité «\u00a0mixte\u00a0» déduite de «\u00a0à distance\u00a0» dans la colonne des villes\u00a0: vérifiez-la.",
    );
  });

  it("names the separators it reads when a city is unknown", async () => {
    const { result } = await importBytes(t, "villes.csv", csv("Titre;Catégorie;Villes\nWord : les révisions;bureautique;Lyon + Paris\n"));
    const message = result.analysis.rows[0]!.issues.map((i) => i.message).join("\n");
    expect(message).toContain("La ville «\u00a0Lyon + Paris\u00a0» n'existe pas");
    expect(message).toContain("«\u00a0/\u00a0»");
  });

  it("reads a sessions sheet by its columns whatever its name, and lists every sheet with what was done", async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Catalogue").addRows([
      ["Adresse (slug)", "Titre", "Catégorie", "Tarif HT"],
      ["excel-planning", "Excel : planifier", "bureautique", "1.200 €"],
    ]);
    book.addWorksheet("Planning 2027").addRows([
      ["Formation", "Date de début", "Date de fin", "Lieu", "Places"],
      ["excel-planning", "12/03/2027", "13/03/2027", "Lyon", 10],
      ["excel-planning", "02/06/2027", "02/06/2027", "à distance", 8],
    ]);
    book.addWorksheet("Notes").addRows([["À relire avant l'envoi"]]);
    book.addWorksheet("Vide");
    book.addWorksheet("Mode d'emploi").addRows([["Une ligne par formation."]]);
    const { table, result } = await importBytes(t, "planning.xlsx", new Uint8Array(await book.xlsx.writeBuffer()));
    expect(table.sheets!.map((s) => `${s.name} : ${sheetUseLabel(s)}`)).toEqual([
      "Catalogue : lue comme formations",
      "Planning 2027 : lue comme sessions",
      "Notes : ignorée\u00a0: une seule feuille de formations est lue par fichier, et c'est la feuille «\u00a0Catalogue\u00a0»",
      "Vide : ignorée\u00a0: feuille vide",
      "Mode d'emploi : ignorée\u00a0: mode d'emploi",
    ]);
    expect(result.counts).toMatchObject({ created: 1, rejected: 0 });
    const f = (await getFormationBySlug("excel-planning", t.db))!;
    expect(f.sessions.map((s) => [s.startDate, s.endDate, s.cityId, s.seatsLeft])).toEqual([
      ["2027-03-12", "2027-03-13", lyon, 10],
      ["2027-06-02", "2027-06-02", null, 8],
    ]);
    expect(f.priceInter).toBe(1200);
  });

  it("skips totals rows (« Total », « Sous-total », a sum of the column) and says so, instead of refusing the file", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Formations");
    sheet.addRows([
      ["Titre", "Catégorie", "Tarif HT"],
      ["PowerPoint : les bases", "bureautique", 690],
      ["PowerPoint : les animations", "bureautique", 590],
      ["Sous-total", "", 1280],
      ["Outlook : la messagerie", "bureautique", 390],
      ["TOTAL GÉNÉRAL", "", 1670],
    ]);
    // A sum without a label, as the last row.
    sheet.getCell("C7").value = { formula: "SUM(C2:C3,C5)", result: 1670 };
    sheet.getCell("C8").value = { formula: "SUBTOTAL(9,C2:C5)", result: 1670 };
    const { table, result } = await importBytes(t, "totaux.xlsx", new Uint8Array(await book.xlsx.writeBuffer()));
    expect(table.skipped.map((s) => skippedRowLabel(s))).toEqual([
      "Ligne 4 ignorée\u00a0: ligne de total",
      "Ligne 6 ignorée\u00a0: ligne de total",
      "Ligne 7 ignorée\u00a0: ligne de total",
      "Ligne 8 ignorée\u00a0: ligne de total",
    ]);
    expect(result.written).toBe(true);
    expect(result.counts).toMatchObject({ created: 3, rejected: 0 });
    expect(await getFormationBySlug("total-general", t.db)).toBeUndefined();

    const text = await importBytes(
      t,
      "totaux.csv",
      csv("Titre;Catégorie;Tarif HT\nOutlook : le calendrier;bureautique;390\nTotal :;;390\n"),
    );
    expect(text.table.skipped).toEqual([{ line: 3, reason: "ligne de total" }]);
    expect(text.result.counts).toMatchObject({ created: 1, rejected: 0 });
  });

  it("a batch job imports past a totals row, and its report lists the sheets and the row left out", async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Catalogue").addRows([
      ["Adresse (slug)", "Titre", "Catégorie", "Tarif HT"],
      ["lot-outlook", "Outlook : les règles", "bureautique", "1.200 €"],
      ["Total", "", "", 1200],
    ]);
    book.addWorksheet("Planning 2027").addRows([
      ["Formation", "Début", "Fin", "Ville", "Places"],
      ["lot-outlook", "12/03/2027", "12/03/2027", "Lyon", 6],
    ]);
    const id = await createJob(actor, [{ name: "lot.xlsx", bytes: new Uint8Array(await book.xlsx.writeBuffer()) }], t.db);
    const job = (await getJob(id, t.db))!;
    expect(job.files[0]!.preview!.sheets!.map((s) => s.use)).toEqual(["formations", "sessions"]);
    const mappings = { [job.files[0]!.id]: guessMapping(job.files[0]!.preview!.headers) };
    expect(await confirmJob(id, { mappings, allOrNothing: true, acknowledged: true }, t.db)).toEqual({ ok: true });
    expect(await runJob((await claimJob(t.db))!, { target: t.db })).toBe("done");
    expect((await getJob(id, t.db))!.counts).toMatchObject({ created: 1, rejected: 0 });
    const f = (await getFormationBySlug("lot-outlook", t.db))!;
    expect([f.priceInter, f.sessions.length]).toEqual([1200, 1]);
    const report = (await jobReportCsv(id, t.db))!;
    expect(report).toContain("lot.xlsx;;;;Feuille «\u00a0Catalogue\u00a0»\u00a0: lue comme formations");
    expect(report).toContain("lot.xlsx;;;;Feuille «\u00a0Planning 2027\u00a0»\u00a0: lue comme sessions");
    expect(report).toContain("lot.xlsx;3;;;Ligne 3 ignorée\u00a0: ligne de total");
  });
});
