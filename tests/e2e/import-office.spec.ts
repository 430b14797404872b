import ExcelJS from "exceljs";
import { expect, test, type Page } from "@playwright/test";
import { createAccount, e2eBaseURL, signInApi, uniqueEmail } from "./support/accounts";
import { hydrated } from "./support/hydration";

/**
 * A catalogue laid out as an office lays it out (a merged title, a blank line, the headers on row 4,
 * the category written once down a merged cell), on the one-file import screen: the header row is
 * shown and can be changed, and « Simuler l'import » uses the mapping on screen. Nothing is imported.
 */

async function signInEditor(page: Page) {
  const account = await createAccount({ email: uniqueEmail("import-bureau"), role: "editor" });
  await signInApi(page, e2eBaseURL(), account.email);
}

async function officeWorkbook(suffix: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Catalogue 2027");
  sheet.getCell("A1").value = "Catalogue des formations 2027";
  sheet.mergeCells("A1:E1");
  sheet.getCell("A3").value = "Document de travail du service formation";
  sheet.getRow(4).values = ["Domaine", "Intitulé de la formation", "Nb jours", "Tarif HT", "Référence interne"];
  ["Excel : les bases", "Word : les documents longs", "PowerPoint : convaincre"].forEach((title, i) => {
    sheet.getRow(5 + i).values = [i === 0 ? "bureautique" : null, `${title} ${suffix}`, 1 + i, `${990 + i * 100} €`, `REF-${i + 1}`];
  });
  sheet.mergeCells("A5:A7");
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(page: Page, buffer: Buffer) {
  await page.goto("/admin/formations/import");
  await page.getByLabel("Fichier à importer").setInputFiles({
    name: "catalogue-bureau.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer,
  });
  await page.getByRole("button", { name: "Téléverser et analyser" }).click();
  await expect(page.getByTestId("mapping-step")).toBeVisible();
}

test("an office spreadsheet: header row found on row 4 and changed, simulation with the mapping on screen", async ({ page }) => {
  test.setTimeout(90_000);
  await signInEditor(page);
  await upload(page, await officeWorkbook(`e2e ${Date.now().toString(36)}`));
  await hydrated(page);

  const header = page.getByTestId("header-row");
  await expect(header).toContainText(/ligne 4 du fichier\s\(trouvée automatiquement/);
  await expect(page.getByTestId("file-summary")).toContainText("3 formations");
  const mapping = page.getByTestId("mapping-step");
  await expect(mapping.getByLabel("Champ pour la colonne « Domaine »")).toHaveValue("categorie");
  await expect(mapping.getByLabel("Champ pour la colonne « Tarif HT »")).toHaveValue("prix_inter");
  // The category merged down the rows is read on each of them: no row is refused.
  await expect(page.getByTestId("preview-summary")).toContainText("Aucune erreur");

  // Another header row: its cells become the columns, the mapping is guessed again.
  await page.getByLabel("Ligne d'en-tête").selectOption({ label: "Ligne 3 : Document de travail du service formation" });
  await page.getByRole("button", { name: "Lire les en-têtes de cette ligne" }).click();
  await expect(header).toContainText(/ligne 3 du fichier\s\(choisie par vous\)/);
  await expect(mapping.getByLabel("Champ pour la colonne « Document de travail du service formation »")).toBeVisible();
  await expect(page.getByTestId("file-summary")).toContainText("4 formations");
  // And back to row 4.
  await page.getByLabel("Ligne d'en-tête").selectOption("4");
  await page.getByRole("button", { name: "Lire les en-têtes de cette ligne" }).click();
  await expect(header).toContainText(/ligne 4 du fichier/);
  await hydrated(page);

  // A mapping change followed at once by « Simuler l'import »: the simulation uses it.
  await mapping.getByLabel("Champ pour la colonne « Tarif HT »").selectOption({ label: "— Ignorer cette colonne —" });
  await page.getByRole("button", { name: "Simuler l'import" }).click();
  await expect(page.getByRole("heading", { name: "3. Simulation" })).toBeVisible();
  await expect(page).toHaveURL(/simulation=1/);
  await expect(mapping.getByLabel("Champ pour la colonne « Tarif HT »")).toHaveValue("");
  await expect(page.getByTestId("ignored-columns")).toContainText("« Tarif HT »");
  await expect(page.getByTestId("dry-run-created")).toContainText("3");

  // Changed again after the simulation: « Importer » waits for a new simulation, and says why.
  const importButton = page.getByRole("button", { name: "Importer", exact: true });
  await expect(importButton).toBeEnabled();
  await mapping.getByLabel("Champ pour la colonne « Tarif HT »").selectOption({ label: "Prix inter-entreprises (€ par personne)" });
  await expect(page.getByTestId("mapping-edited")).toContainText("La correspondance a changé depuis cette simulation");
  await expect(importButton).toBeDisabled();
  await page.getByRole("button", { name: "Simuler l'import" }).click();
  await expect(page.getByTestId("ignored-columns")).not.toContainText("« Tarif HT »");
  await expect(importButton).toBeEnabled();
});

test("the batch import: another header row for one file, the mapping on screen kept for the other, then imported from row 4", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInEditor(page);
  const suffix = `lot ${Date.now().toString(36)}`;
  const other = "slug;Titre;Remarques internes\nespagnol-professionnel-niveau-intermediaire;Espagnol professionnel;à relire\n";
  await page.goto("/admin/formations/batch-import");
  await hydrated(page);
  await page.getByLabel("Fichiers à importer").setInputFiles([
    {
      name: "catalogue-bureau.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: await officeWorkbook(suffix),
    },
    { name: "notes.csv", mimeType: "text/csv", buffer: Buffer.from(other) },
  ]);
  await page.getByRole("button", { name: "Envoyer et vérifier les colonnes" }).click();
  await expect(page).toHaveURL(/lot=/);
  const files = page.getByTestId("review-file");
  await expect(files).toHaveCount(2);
  const workbook = files.nth(0);
  await expect(workbook.getByTestId("header-row")).toContainText(/ligne 4 du fichier\s\(trouvée automatiquement/);
  await expect(workbook.getByLabel("Champ pour la colonne « Tarif HT »")).toHaveValue("prix_inter");
  await hydrated(page);

  // The other file's mapping changed on screen, then the workbook read from row 3: the change stays.
  await files.nth(1).getByLabel("Champ pour la colonne « Remarques internes »").selectOption({ label: "Résumé" });
  await workbook.getByLabel("Ligne d'en-tête").selectOption("3");
  await workbook.getByRole("button", { name: "Lire les en-têtes de cette ligne" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Ligne d'en-tête changée" })).toContainText(
    "« catalogue-bureau.xlsx » : noms des colonnes lus sur la ligne 3.",
  );
  await expect(workbook.getByTestId("header-row")).toContainText(/ligne 3 du fichier\s\(choisie par vous\)/);
  await expect(workbook.getByLabel("Champ pour la colonne « Document de travail du service formation »")).toBeVisible();
  await expect(files.nth(1).getByLabel("Champ pour la colonne « Remarques internes »")).toHaveValue("resume");

  // Back to row 4, and imported: the three formations of the workbook are read under it.
  await workbook.getByLabel("Ligne d'en-tête").selectOption("4");
  await workbook.getByRole("button", { name: "Lire les en-têtes de cette ligne" }).click();
  await expect(workbook.getByTestId("header-row")).toContainText(/ligne 4 du fichier/);
  await expect(workbook.getByLabel("Champ pour la colonne « Domaine »")).toHaveValue("categorie");
  await hydrated(page);
  const review = page.getByTestId("job-review");
  await review.getByTestId("ignored-columns").getByRole("checkbox").check();
  await review.getByRole("button", { name: "Lancer l'import" }).click();
  await expect(page.getByTestId("job-detail")).toHaveAttribute("data-state", "done", { timeout: 60_000 });
  await expect(page.getByTestId("job-file").nth(0)).toContainText("3 créées");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header row is changed and the simulation takes the mapping on screen", async ({ page }) => {
    test.setTimeout(90_000);
    await signInEditor(page);
    await upload(page, await officeWorkbook(`sans-js ${Date.now().toString(36)}`));
    await expect(page.getByTestId("header-row")).toContainText("ligne 4 du fichier");
    await page.getByLabel("Ligne d'en-tête").selectOption("3");
    await page.getByRole("button", { name: "Lire les en-têtes de cette ligne" }).click();
    await expect(page.getByTestId("header-row")).toContainText(/ligne 3 du fichier\s\(choisie par vous\)/);
    await page.getByLabel("Ligne d'en-tête").selectOption("4");
    await page.getByRole("button", { name: "Lire les en-têtes de cette ligne" }).click();
    await page.getByTestId("mapping-step").getByLabel("Champ pour la colonne « Nb jours »").selectOption("");
    await page.getByRole("button", { name: "Simuler l'import" }).click();
    await expect(page.getByRole("heading", { name: "3. Simulation" })).toBeVisible();
    await expect(page.getByTestId("ignored-columns")).toContainText("« Nb jours »");
  });
});

test("a workbook as an office keeps it: every sheet listed, the totals row skipped, « 1.200 € » stored as 1 200 €", async ({ page }) => {
  test.setTimeout(90_000);
  await signInEditor(page);
  const suffix = `feuilles ${Date.now().toString(36)}`;
  const book = new ExcelJS.Workbook();
  book.addWorksheet("Catalogue 2027").addRows([
    ["Titre", "Catégorie", "Tarif HT", "Villes"],
    [`Excel : les macros ${suffix}`, "bureautique", "1.200 €", "Lyon / À distance"],
    [`Excel : Power Query ${suffix}`, "bureautique", "990 €", "Lyon"],
    ["Total", "", "2.190 €", ""],
  ]);
  book.addWorksheet("Planning 2027").addRows([
    ["Formation", "Début", "Fin", "Lieu", "Places"],
    [`Excel : les macros ${suffix}`, "12/03/2031", "13/03/2031", "Lyon", 10],
  ]);
  book.addWorksheet("Notes").addRows([["À relire avant l'envoi"]]);
  await upload(page, Buffer.from(await book.xlsx.writeBuffer()));

  const sheets = page.getByTestId("sheet-list");
  await expect(sheets).toContainText("« Catalogue 2027 » : lue comme formations");
  await expect(sheets).toContainText("« Planning 2027 » : lue comme sessions");
  await expect(sheets).toContainText("« Notes » : ignorée : une seule feuille de formations est lue par fichier");
  await expect(page.getByTestId("skipped-rows")).toHaveText("Ligne 4 ignorée : ligne de total");
  await expect(page.getByTestId("file-summary")).toContainText("2 formations");
  await expect(page.getByTestId("preview-summary")).toContainText("Aucune erreur");

  // « Tout ou rien » is checked: the totals row no longer stops the file.
  await page.getByRole("button", { name: "Simuler l'import" }).click();
  await expect(page.getByTestId("dry-run-created")).toContainText("2");
  await expect(page.getByTestId("dry-run-rejected")).toContainText("0");
  await page.getByRole("button", { name: "Importer", exact: true }).click();
  const result = page.getByTestId("import-result");
  await expect(result.getByRole("heading", { name: "4. Import terminé" })).toBeVisible();
  await expect(page.getByTestId("import-counts-created")).toContainText("2");

  await result.getByRole("link", { name: "Voir les formations" }).click();
  await page.getByLabel("Rechercher").fill(`Excel : les macros ${suffix}`);
  await page.getByRole("button", { name: "Filtrer" }).click();
  await page.getByRole("link", { name: `Excel : les macros ${suffix}`, exact: true }).click();
  await expect(page.getByLabel("Prix inter-entreprises par personne (€)")).toHaveValue("1200");
  await expect(page.locator('select[name="modality"]')).toHaveValue("mixte");
  await expect(page.locator("#formation-sessions-0-startDate")).toHaveValue("2031-03-12");
});
