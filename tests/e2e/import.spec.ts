import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { createAccount, e2eBaseURL, signInApi, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydration";

/**
 * Formation import in the browser. The imports create drafts (as the files say), removed after
 * each test; the batch updates a published formation of its own. The organisation's formation
 * defaults, which the imports read, are an admin's setting tested on a server of its own
 * (formation-defaults.spec.ts).
 */
async function signInAs(page: Page, role: "admin" | "editor" | "viewer") {
  const account = await createAccount({ email: uniqueEmail(role === "viewer" ? "lecteur-import" : "importatrice"), role });
  await signInApi(page, e2eBaseURL(), account.email);
  return account;
}

function inDays(n: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const HEADERS = [
  "Adresse (slug)",
  "Statut",
  "Intitulé du stage",
  "Résumé",
  "Catégorie",
  "Présentation",
  "Programme",
  "Objectifs",
  "Prérequis",
  "Public visé",
  "Durée (heures)",
  "Durée (jours)",
  "Modalité",
  "Méthodes pédagogiques",
  "Modalités d'évaluation",
  "Modalités d'accès",
  "Délai d'accès",
  "Prix",
  "TVA",
  "Contact (nom)",
  "Contact (e-mail)",
  "Contact (téléphone)",
  "Accessibilité (handicap)",
  "Référent handicap (nom)",
  "Référent handicap (e-mail)",
  "Villes",
  "Sessions",
];

function row(slug: string, title: string, modality: string): string[] {
  return [
    slug,
    "brouillon",
    title,
    "Maîtriser les règles de la paie et les déclarations sociales, du bulletin à la DSN mensuelle.",
    "rh",
    "Deux jours pour comprendre **chaque ligne** du bulletin de paie.",
    "Le bulletin de paie (7 h) | La DSN (7 h)",
    "Lire un bulletin de paie | Préparer la DSN",
    "Aucun",
    "Gestionnaires de paie débutants.",
    "14",
    "2",
    modality,
    "Exercices sur des bulletins anonymisés.",
    "Quiz final et attestation.",
    "Inscription par le formulaire de devis.",
    "10 jours ouvrés",
    "850",
    "exonéré",
    "Sophie Lambert",
    "formations@example.fr",
    "04 65 71 00 12",
    "Salle accessible en fauteuil roulant.",
    "Karim Benali",
    "handicap@example.fr",
    "strasbourg",
    `${inDays(60)};${inDays(61)};strasbourg;8`,
  ];
}

function csv(rows: string[][]): string {
  const cell = (v: string) => (/[;"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return "\uFEFF" + rows.map((r) => r.map(cell).join(";")).join("\r\n") + "\r\n";
}

test("an editor uploads a CSV, fixes the mapping, sees the errors, simulates, imports a draft", async ({
  page,
  browser,
  removeFormationsAfter,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, "editor");
  const suffix = Date.now().toString(36);
  const slug = `paie-et-dsn-${suffix}`;
  const title = `Paie et DSN ${suffix}`;
  removeFormationsAfter({ slugs: [slug, `${slug}-bis`] });

  await page.goto("/admin/formations");
  await hydrated(page);
  await page.getByRole("link", { name: "Importer", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/formations\/import$/);
  await expect(page.getByRole("heading", { level: 1, name: "Importer des formations" })).toBeVisible();
  await hydrated(page);

  await page.getByLabel("Fichier à importer").setInputFiles({
    name: "catalogue-paie.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv([HEADERS, row(slug, title, "présentiel"), row(`${slug}-bis`, `${title} bis`, "en avion")])),
  });
  await page.getByRole("button", { name: "Téléverser et analyser" }).click();
  await expect(page).toHaveURL(/fichier=/);
  await expect(page.getByTestId("file-summary")).toContainText("« catalogue-paie.csv »");
  await expect(page.getByTestId("file-summary")).toContainText("CSV UTF-8, séparateur « ; »");
  await expect(page.getByTestId("file-summary")).toContainText("2 formations");

  // "Intitulé du stage" is not recognised: the title is missing on every row.
  const titleSelect = page.getByLabel("Champ pour la colonne « Intitulé du stage »");
  await expect(titleSelect).toHaveValue("");
  await expect(page.getByText(/Aucune colonne n'est associée à\s:\sTitre/)).toBeVisible();
  await expect(page.getByTestId("preview-row-2")).toContainText(
    /Colonnes absentes du fichier\s:\sPour créer cette formation, il manque la colonne\s:\sTitre\./,
  );

  // The editor fixes the mapping.
  await titleSelect.selectOption({ label: "Titre" });
  await page.getByRole("button", { name: "Appliquer la correspondance et vérifier" }).click();
  await expect(page).toHaveURL(/c2=titre/);
  await expect(page.getByTestId("preview-summary")).toContainText("1 ligne sur 2 contient des erreurs");
  const bad = page.getByTestId("preview-row-3");
  await expect(bad).toContainText("Refusée");
  await expect(bad).toContainText(/Modalité\s:\sChoisissez une modalité/);
  await expect(page.getByTestId("preview-row-2")).toContainText("Création");

  // Dry run: counts, nothing written yet.
  await page.getByRole("button", { name: "Simuler l'import" }).click();
  await expect(page.getByRole("heading", { name: "3. Simulation" })).toBeVisible();
  await expect(page.getByTestId("dry-run-created")).toContainText("1");
  await expect(page.getByTestId("dry-run-rejected")).toContainText("1");
  const visitor = await browser.newPage();
  expect((await visitor.goto(`/formations/${slug}`))?.status()).toBe(404);

  // All or nothing (default) refuses the file; unchecked, the valid row is imported.
  await page.getByRole("button", { name: "Importer", exact: true }).click();
  await expect(page.getByText("Import refusé (tout ou rien)")).toBeVisible();
  await page.getByLabel(/Tout ou rien/).uncheck();
  await page.getByRole("button", { name: "Importer", exact: true }).click();
  const result = page.getByTestId("import-result");
  await expect(result.getByRole("heading", { name: "4. Import terminé" })).toBeVisible();
  await expect(page.getByTestId("import-counts-created")).toContainText("1");
  await expect(page.getByTestId("import-counts-rejected")).toContainText("1");

  // The formation is a draft, as the file says: listed as such, 404 for a visitor, previewable by the editor.
  await result.getByRole("link", { name: "Voir les formations" }).click();
  await page.getByLabel("Rechercher").fill(title);
  await page.getByRole("button", { name: "Filtrer" }).click();
  const listed = page.getByTestId(`formation-row-${slug}`);
  await expect(listed).toContainText("Brouillon");
  await expect(page.getByTestId(`formation-row-${slug}-bis`)).toHaveCount(0);
  expect((await visitor.goto(`/formations/${slug}`))?.status()).toBe(404);
  await page.goto(`/formations/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText("Le bulletin de paie")).toBeVisible();
  await visitor.close();
});

test("a batch job shows its progress across a reload, its summary and the report of rejected rows", async ({
  page,
  request,
  newFormation,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, "editor");
  const formation = await newFormation();
  const lead = `Inscription possible jusqu'à 5 jours ouvrés avant la session (${Date.now().toString(36)}).`;
  // A header the import does not know (mapped by hand below) and a column of notes (ignored, with the editor's consent).
  const update = csv([
    ["slug", "Statut", "Inscription jusqu'à", "Remarques internes"],
    [formation.slug, "publiée", lead, "à relire"],
  ]);
  const volume = csv([["slug", "Titre"], ...Array.from({ length: 3000 }, (_, i) => [`lot-inconnu-${i}`, `Formation incomplète ${i}`])]);

  await page.goto("/admin/formations/batch-import");
  await hydrated(page);
  await page.getByLabel("Fichiers à importer").setInputFiles([
    { name: "mise-a-jour.csv", mimeType: "text/csv", buffer: Buffer.from(update) },
    { name: "volume.csv", mimeType: "text/csv", buffer: Buffer.from(volume) },
    { name: "casse.csv", mimeType: "text/csv", buffer: Buffer.from('Titre;Résumé\n"ouvert;jamais fermé\n') },
  ]);
  await page.getByRole("button", { name: "Envoyer et vérifier les colonnes" }).click();
  await expect(page).toHaveURL(/lot=/);

  // The columns of each file are checked before anything is written; the broken file is set aside.
  const review = page.getByTestId("job-review");
  await expect(review.getByTestId("review-file")).toHaveCount(2);
  await expect(review).toContainText("« casse.csv » ne sera pas importé");
  const leadColumn = review.getByLabel("Champ pour la colonne « Inscription jusqu'à »");
  await expect(leadColumn).toHaveValue("");
  await leadColumn.selectOption({ label: "Délai d'accès" });
  await expect(review.getByTestId("ignored-columns")).toContainText("« Remarques internes (mise-a-jour.csv) »");
  await expect(review.getByLabel(/Tout ou rien/)).toBeChecked();
  await review.getByLabel(/Tout ou rien/).uncheck();
  await hydrated(page);
  // Not acknowledged, the ignored columns keep the import from starting.
  await review.getByRole("button", { name: "Lancer l'import" }).click();
  await expect(review.getByTestId("ignored-columns").getByRole("checkbox")).toHaveJSProperty("validity.valueMissing", true);
  await expect(page.getByTestId("job-detail")).toHaveCount(0);
  await review.getByTestId("ignored-columns").getByRole("checkbox").check();
  await review.getByRole("button", { name: "Lancer l'import" }).click();
  const detail = page.getByTestId("job-detail");
  await expect(detail.locator("progress")).toBeVisible();
  await expect(detail.getByTestId("job-file")).toHaveCount(3);

  // The job lives in the database: a reload shows the same job, which goes on to its end.
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("job-detail")).toHaveAttribute("data-state", "done", { timeout: 60_000 });
  await expect(page.getByTestId("job-detail").locator("progress")).toHaveAttribute("value", "100");
  await expect(page.getByTestId("job-stage")).toContainText("Terminé : 0 créée, 1 mise à jour, 0 inchangée, 3 000 refusées.");
  const files = page.getByTestId("job-file");
  await expect(files.nth(0)).toContainText("Importé");
  await expect(files.nth(1)).toContainText("Importé");
  await expect(files.nth(2)).toContainText("Non importé");
  await expect(files.nth(2)).toContainText("guillemet ouvert ligne 2 n'est jamais fermé");
  await expect(files.nth(0)).toContainText("Colonnes ignorées (avec votre accord) : Remarques internes");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /Télécharger le rapport des lignes refusées/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^rapport-import-.+\.csv$/);
  const report = readFileSync(await download.path(), "utf8");
  expect(report.split("\r\n")[0]).toBe("\uFEFFFichier;Ligne;Adresse (slug);Titre;Motifs du refus");
  expect(report).toContain("volume.csv;2;lot-inconnu-0;Formation incomplète 0;");
  expect(report).toContain("Pour créer cette formation, il manque la colonne : Catégorie.");
  expect(report).toContain("casse.csv;;;;");

  // The updated formation stays published, as the file says, with its new access lead time.
  expect((await request.get(`/formations/${formation.slug}`)).status(), "pour un visiteur").toBe(200);
  await page.goto(`/formations/${formation.slug}`);
  await expect(page.getByText(lead)).toBeVisible();
});

test("a viewer is refused every import screen and file; a file over 20 MB is refused in French", async ({ page, browser }) => {
  await signInAs(page, "viewer");
  for (const path of ["/admin/formations/import", "/admin/formations/batch-import"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accès refusé");
  }
  for (const path of [
    "/admin/formations/export/csv",
    "/admin/formations/modele/xlsx",
    "/admin/formations/batch-import/00000000-0000-0000-0000-000000000000/rapport",
  ]) {
    expect((await page.request.get(path)).status(), path).toBe(403);
  }

  const editor = await browser.newPage();
  await signInAs(editor, "editor");
  const res = await editor.request.post("/admin/formations/import?etape=televersement", {
    headers: { origin: e2eBaseURL() },
    // One byte over the file limit: the request itself is within the route's body limit, the import refuses the file.
    multipart: { file: { name: "enorme.csv", mimeType: "text/csv", buffer: Buffer.alloc(20 * 1024 * 1024 + 1, 0x41) } },
  });
  expect(res.status()).toBe(413);
  expect(await res.text()).toContain("Le fichier dépasse 20 Mo");
  const template = await editor.request.get("/admin/formations/modele/csv");
  expect(template.status()).toBe(200);
  expect(template.headers()["content-disposition"]).toContain("modele-import-formations.csv");
  await editor.close();
});

/** Windows-1252 text from a string (the encoder browsers and Node lack). */
function windows1252(text: string): Buffer {
  const high = new TextDecoder("windows-1252").decode(Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i));
  return Buffer.from(
    [...text].map((c) => {
      const code = c.charCodeAt(0);
      if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
      const i = high.indexOf(c);
      if (i === -1) throw new Error(`« ${c} » n'existe pas en Windows-1252`);
      return 0x80 + i;
    }),
  );
}

test("the Excel catalogue of an organisation: headers mapped, ignored column acknowledged, drafts to complete listed", async ({
  page,
  removeFormationsAfter,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, "editor");
  // The realistic fixture, with titles of its own for this run (the demo catalogue has some of the same).
  const suffix = `e2e ${Date.now().toString(36)}`;
  removeFormationsAfter({ titleEndsWith: ` ${suffix}` });
  const fixture = new TextDecoder("windows-1252").decode(readFileSync("tests/fixtures/catalogue-excel-windows-1252.csv"));
  const lines = fixture.split("\r\n");
  const file = windows1252(
    [
      lines[0],
      ...lines.slice(1).map((l) => l.replace(/^([A-Z]+-\d+);([^;"]+);/, (_, ref: string, title: string) => `${ref};${title} ${suffix};`)),
    ].join("\r\n"),
  );

  const upload = async (buffer: Buffer) => {
    await page.goto("/admin/formations/import");
    await hydrated(page);
    await page.getByLabel("Fichier à importer").setInputFiles({ name: "catalogue.csv", mimeType: "text/csv", buffer });
    await page.getByRole("button", { name: "Téléverser et analyser" }).click();
    await expect(page.getByTestId("mapping-step")).toBeVisible();
  };
  if (process.env.UPDATE_SCREENSHOTS) {
    // docs/screenshots/import-mapping.png: the mapping step of the file as the organisation wrote it.
    await upload(readFileSync("tests/fixtures/catalogue-excel-windows-1252.csv"));
    await page.getByTestId("mapping-step").screenshot({ path: "docs/screenshots/import-mapping.png" });
  }
  await upload(file);
  await expect(page.getByTestId("file-summary")).toContainText("CSV Windows-1252 (Excel), séparateur « ; »");
  await expect(page.getByTestId("file-summary")).toContainText("20 formations");

  // French headers found their fields; the reference column is ignored, the defaults fill the contacts.
  const mapping = page.getByTestId("mapping-step");
  await expect(mapping.getByLabel("Champ pour la colonne « Tarif HT »")).toHaveValue("prix_inter");
  await expect(mapping.getByLabel("Champ pour la colonne « Nb jours »")).toHaveValue("duree_jours");
  await expect(mapping.getByLabel("Champ pour la colonne « Lieux »")).toHaveValue("villes");
  await expect(mapping.getByLabel("Champ pour la colonne « Réf. »")).toHaveValue("");
  await expect(mapping.getByTestId("defaults-notice")).toContainText("Contact (e-mail)");

  // Cities of the demo site only: rows in Grenoble or Saint-Étienne are refused; the others become drafts.
  await expect(page.getByTestId("preview-summary")).toContainText("4 lignes sur 20 contiennent des erreurs");
  await expect(page.getByTestId("preview-summary")).toContainText("16 formations seront importées en brouillon");
  await expect(page.getByTestId("preview-table")).toContainText("La ville « Grenoble » n'existe pas : créez-la d'abord dans Villes.");
  await expect(page.getByTestId("preview-table")).toContainText("Brouillon à compléter");
  await page.getByRole("button", { name: "Simuler l'import" }).click();
  await expect(page.getByTestId("dry-run-created")).toContainText("16");
  await expect(page.getByTestId("dry-run-incomplete")).toContainText("16");

  // The ignored column must be acknowledged: the browser asks for the box, and so does the server.
  const ignored = page.getByTestId("ignored-columns");
  await expect(ignored).toContainText("La colonne « Réf. » ne correspond à aucun champ");
  const fileId = new URL(page.url()).searchParams.get("fichier")!;
  const posted = await page.request.post("/admin/formations/import", {
    headers: { origin: e2eBaseURL() },
    form: Object.fromEntries([["fichier", fileId], ...[...new URL(page.url()).searchParams].filter(([k]) => /^c\d+$/.test(k))]),
  });
  expect(posted.status()).toBe(422);
  expect(await posted.text()).toContain("La colonne « Réf. » ne sera pas importée");
  await page.getByRole("button", { name: "Importer", exact: true }).click();
  await expect(ignored.getByRole("checkbox")).toHaveJSProperty("validity.valueMissing", true);
  await ignored.getByRole("checkbox").check();
  await page.getByLabel(/Tout ou rien/).uncheck();
  await page.getByRole("button", { name: "Importer", exact: true }).click();
  const result = page.getByTestId("import-result");
  await expect(result.getByRole("heading", { name: "4. Import terminé" })).toBeVisible();
  await expect(page.getByTestId("import-counts-created")).toContainText("16");
  await expect(result).toContainText("Brouillons à compléter avant publication");

  // In the list and in the editor, each draft says what it lacks.
  await result.getByRole("link", { name: "Voir les formations" }).click();
  await page.getByLabel("Rechercher").fill(`Excel : les fondamentaux ${suffix}`);
  await page.getByRole("button", { name: "Filtrer" }).click();
  const row = page.locator("tr", { hasText: `Excel : les fondamentaux ${suffix}` });
  await expect(row.getByTestId("to-complete")).toContainText("À compléter");
  await row.getByRole("link", { name: `Excel : les fondamentaux ${suffix}`, exact: true }).click();
  await expect(page.getByTestId("to-complete-notice")).toContainText("Contact (nom)");
});
