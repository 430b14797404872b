import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { createAccount, e2eBaseURL, signInApi, uniqueEmail } from "./support/accounts";
import { expectUniformCards } from "./support/cards";
import { expectSelectFitsItsOptions } from "./support/selects";
import { hydrated } from "./support/hydration";

/**
 * The catalogue's browser scenario: an editor creates a formation, uploads its image,
 * publishes it and finds it on its page, its city page, its category-city page and in a
 * comparison; a draft is a 404 for a visitor; a slug change answers 301. It works in « rh » at
 * Strasbourg so that the public tests on the demo catalogue keep their counts.
 */
function inDays(n: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

async function signInAs(page: Page, role: "editor" | "viewer") {
  const account = await createAccount({ email: uniqueEmail(role === "editor" ? "editrice" : "lecteur"), role });
  await signInApi(page, e2eBaseURL(), account.email);
  return account;
}

test("an editor creates, illustrates, publishes, unpublishes and renames a formation", async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  await signInAs(page, "editor");
  const suffix = Date.now().toString(36);
  const title = `Gestion de la paie ${suffix}`;
  const slug = `gestion-de-la-paie-${suffix}`;

  await page.goto("/admin/formations/new");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Nouvelle formation" })).toBeVisible();
  await page.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await page.getByLabel("Catégorie").selectOption({ label: "Ressources humaines" });
  await page
    .getByRole("textbox", { name: "Présentation", exact: true })
    .fill("Comprendre **chaque ligne** d'un bulletin de paie.\n\n<script>alert(1)</script>");
  // The toolbar formats the selection.
  await page.getByRole("textbox", { name: "Présentation", exact: true }).press("End");
  await page.getByRole("toolbar", { name: "Mise en forme" }).first().getByRole("button", { name: "Liste à puces" }).click();
  await page.getByLabel("Objectifs pédagogiques").fill("Lire un bulletin de paie\nCalculer les cotisations sociales");
  await page.getByLabel("Titre du module").fill("Le bulletin de paie");
  await page.getByLabel("Contenu du module").fill("- Mentions obligatoires\n- Net à payer");
  await page.getByLabel("Durée (heures)").fill("7");
  await page.getByLabel("Public visé").fill("Gestionnaires de paie débutants et assistants RH.");
  await page.getByLabel("Durée en heures").fill("14");
  await page.getByLabel("Durée en jours").fill("2");
  await page
    .getByRole("group", { name: /Villes où la formation a lieu/ })
    .getByLabel("Strasbourg")
    .check();
  await page.getByLabel("Délai d'accès").fill("Inscription jusqu'à 10 jours ouvrés avant la session.");
  await page.getByLabel("Modalités d'accès").fill("Inscription par le formulaire de devis.");
  await page.getByLabel("Méthodes pédagogiques").fill("Exercices sur des bulletins réels anonymisés.");
  await page.getByLabel("Modalités d'évaluation").fill("Quiz final et attestation de fin de formation.");
  await page.getByRole("button", { name: "Ajouter une session" }).click();
  await page.locator("#formation-sessions-0-startDate").fill(inDays(40));
  await page.locator("#formation-sessions-0-endDate").fill(inDays(41));
  await page.getByRole("combobox", { name: "Lieu", exact: true }).selectOption({ label: "Strasbourg" });
  // Thousands written with a dot, as offices write them: 1 200 €, not 1,20 €.
  await page.getByLabel("Prix inter-entreprises par personne (€)").fill("1.200 €");
  await page.getByLabel("Accessibilité aux personnes handicapées").fill("Salle accessible en fauteuil roulant.");
  await page.getByRole("textbox", { name: "Référent handicap", exact: true }).fill("Karim Benali");
  await page.getByLabel("Contact pour cette formation").fill("Sophie Lambert");

  // Publishing checks everything: a refusal keeps everything typed, with the message beside the field.
  await page.getByRole("button", { name: "Publier maintenant" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "n'a pas été publiée" })).toBeVisible();
  await expect(page.locator("#formation-summary-error")).toHaveText("Le résumé est obligatoire.");
  await expect(page.getByLabel("Résumé")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("textbox", { name: "Titre", exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Titre du module")).toHaveValue("Le bulletin de paie");
  await expect(page.locator("#formation-sessions-0-startDate")).toHaveValue(inDays(40));
  await page.getByLabel("Résumé").fill("Établir et contrôler les bulletins de paie en toute sécurité juridique.");

  // Image: checked and re-encoded on the server.
  const png = await sharp({ create: { width: 1200, height: 630, channels: 3, background: { r: 20, g: 80, b: 160 } } })
    .png()
    .toBuffer();
  await page.getByLabel("Choisir une image").setInputFiles({ name: "paie.png", mimeType: "image/png", buffer: png });
  await expect(page.getByTestId("image-preview")).toBeVisible();
  await page.getByLabel("Texte alternatif").fill("Une gestionnaire de paie devant deux écrans");
  // Content is checked, not the name: a text file called .png is refused and the image stays.
  await page
    .locator("#formation-imageFile")
    .setInputFiles({ name: "faux.png", mimeType: "image/png", buffer: Buffer.from("pas une image") });
  await expect(page.getByRole("alert").filter({ hasText: "n'est pas une image lisible" })).toBeVisible();
  await expect(page.getByTestId("image-preview")).toBeVisible();

  await page.getByRole("button", { name: "Publier maintenant" }).click();
  await expect(page).toHaveURL(/\/admin\/formations\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Formation publiée")).toBeVisible();
  await expect(page.getByTestId("formation-status")).toContainText("Publiée");
  const editUrl = page.url().replace(/\?.*$/, "");

  // Public pages.
  await page.goto(`/formations/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("main")).toContainText(/1\s200\s€/);
  await expect(page.getByRole("main").getByText("chaque ligne")).toBeVisible();
  expect(await page.getByRole("main").locator("script").count()).toBe(0);
  await expect(page.getByRole("main").getByText("<script>alert(1)</script>")).toBeVisible();
  const img = page.getByRole("img", { name: "Une gestionnaire de paie devant deux écrans" });
  await expect(img).toBeVisible();
  const src = await img.getAttribute("src");
  expect(src).toMatch(/^\/uploads\/formations\/[0-9a-f-]{36}-960\.webp$/);
  const imageResponse = await request.get(src!);
  expect(imageResponse.status()).toBe(200);
  expect(imageResponse.headers()["content-type"]).toBe("image/webp");

  await page.goto("/formations/ville/strasbourg");
  await expect(page.getByRole("main").locator("article").getByRole("link", { name: title })).toBeVisible();
  // In the catalogue, its card (with an image) lines up with the demo cards (without one).
  await page.goto("/formations?categorie=rh");
  await expect(page.getByRole("main").locator("article").getByRole("link", { name: title })).toBeVisible();
  const cards = await expectUniformCards(page);
  expect(cards.withImage).toBeGreaterThanOrEqual(1);
  expect(cards.withoutImage).toBeGreaterThanOrEqual(1);
  await page.goto("/formation-rh/strasbourg");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Formation ressources humaines à Strasbourg");
  await expect(page.getByRole("main").locator("article").getByRole("link", { name: title })).toBeVisible();
  const other = "droit-du-travail-au-quotidien";
  const [a, b] = [slug, other].sort();
  await page.goto(`/comparatif/${a}-vs-${b}`);
  await expect(page.getByRole("table").getByRole("link", { name: title, exact: true })).toBeVisible();
  await expect(page.getByRole("table").getByRole("row", { name: /^Prix inter-entreprises/ })).toContainText(/1\s200\s€/);

  // Back to draft: visitors get a 404, the editor a preview.
  await page.goto(editUrl);
  await hydrated(page);
  await page.getByRole("button", { name: "Dépublier" }).click();
  await expect(page.getByText("Formation dépubliée")).toBeVisible();
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  expect((await visitorPage.goto(`/formations/${slug}`))?.status()).toBe(404);
  await expect(visitorPage.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
  await visitorPage.goto("/formations/ville/strasbourg");
  await expect(visitorPage.getByRole("main").getByRole("link", { name: title })).toHaveCount(0);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain(`/formations/${slug}<`);
  await page.goto(`/formations/${slug}`);
  await expect(page.getByText("Aperçu d'un brouillon")).toBeVisible();

  // A slug change answers 301 from the old address.
  await page.goto(editUrl);
  await hydrated(page);
  await page.getByLabel("Adresse de la page (slug)").fill(`${slug}-v2`);
  await page.getByRole("button", { name: "Publier maintenant" }).click();
  await expect(page.getByText("Formation publiée")).toBeVisible();
  const old = await visitor.request.get(`/formations/${slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toMatch(new RegExp(`/formations/${slug}-v2$`));
  expect((await visitorPage.goto(`/formations/${slug}`))?.url()).toMatch(new RegExp(`/formations/${slug}-v2$`));
  await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveText(title);
  await visitor.close();

  // Unsaved changes: leaving asks first.
  await page.goto(editUrl);
  await hydrated(page);
  await page.getByLabel("Public visé").fill("Un autre public");
  await page.getByRole("link", { name: "Retour à la liste" }).click();
  const dialog = page.getByRole("dialog", { name: "Quitter sans enregistrer ?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Rester sur la page" }).click();
  await expect(page).toHaveURL(editUrl);
  await expect(page.getByLabel("Public visé")).toHaveValue("Un autre public");
  await page.getByRole("link", { name: "Retour à la liste" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Quitter sans enregistrer" }).click();
  await expect(page).toHaveURL(/\/admin\/formations$/);

  // The list: accent-insensitive search, duplicate, delete with confirmation, bulk status.
  await page.getByLabel("Rechercher").fill(`GESTION de la PAIE ${suffix}`);
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^1 formation$/ })).toBeVisible();
  await page.getByRole("button", { name: `Dupliquer « ${title} »` }).click();
  await expect(page.getByText(`Copie créée en brouillon\u00a0: « ${title} (copie) ».`)).toBeVisible();
  await expect(page.getByRole("link", { name: `${title} (copie)`, exact: true })).toBeVisible();
  const confirm = page.getByRole("dialog", { name: "Supprimer cette formation ?" });
  // The list is read again after the copy: a click while its rows are replaced opens nothing.
  await expect(async () => {
    await page.getByRole("button", { name: `Supprimer « ${title} (copie) »` }).click();
    await expect(confirm).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await confirm.getByRole("button", { name: "Supprimer définitivement" }).click();
  await expect(page.getByText(`Formation « ${title} (copie) » supprimée.`)).toBeVisible();
  await expect(page.getByRole("link", { name: `${title} (copie)`, exact: true })).toHaveCount(0);
  await page.getByLabel(`Sélectionner « ${title} »`).check();
  await page.getByRole("button", { name: "Repasser en brouillon" }).click();
  await expect(page.getByText("1 formation repassée en brouillon.")).toBeVisible();
  await expect(page.getByTestId(`formation-row-${slug}-v2`).getByText("Brouillon")).toBeVisible();
});

test("the formation admin is for editors only", async ({ page, request }) => {
  const anonymous = await request.get("/admin/formations", { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toMatch(/^\/login\?/);
  const upload = await request.post("/admin/televersement-image", {
    multipart: { file: { name: "x.png", mimeType: "image/png", buffer: Buffer.from("x") } },
    maxRedirects: 0,
  });
  expect([302, 403]).toContain(upload.status());

  await signInAs(page, "viewer");
  for (const path of ["/admin/formations", "/admin/formations/new", "/admin/categories", "/admin/villes"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accès refusé");
  }
  const action = await page.request.post("/admin/formations", {
    form: { intent: "delete", id: "x" },
    headers: { origin: e2eBaseURL() },
    maxRedirects: 0,
  });
  expect(action.status()).toBe(403);
});

test("editors manage cities with validated coordinates", async ({ page }) => {
  await signInAs(page, "editor");
  await page.goto("/admin/villes");
  await hydrated(page);
  const form = page.getByRole("region", { name: "Nouvelle ville" });
  const slug = `ville-${Date.now().toString(36)}`;
  await form.getByLabel("Nom").fill("Clermont-Ferrand");
  await form.getByLabel("Identifiant").fill(slug);
  await form.getByLabel("Région").fill("Auvergne-Rhône-Alpes");
  await form.getByLabel("Latitude").fill("95");
  await form.getByLabel("Longitude").fill("3,0863");
  await form.getByLabel(/Présentation/).fill("Au pied des volcans d'Auvergne, nos sessions ont lieu près de la place de Jaude.");
  await form.getByRole("button", { name: "Ajouter la ville" }).click();
  await expect(form.getByText("La latitude est comprise entre -90 et 90.")).toBeVisible();
  // After saving, the focus goes to the result: the field in error, then the message.
  await expect(form.getByLabel("Latitude")).toBeFocused();
  await expect(form.getByLabel("Nom")).toHaveValue("Clermont-Ferrand");
  await form.getByLabel("Latitude").fill("45,7772");
  await form.getByRole("button", { name: "Ajouter la ville" }).click();
  await expect(page.getByTestId("mutation-result")).toHaveText("Ville « Clermont-Ferrand » créée.");
  await expect(page.getByTestId("mutation-result")).toBeFocused();
  const response = await page.goto(`/formations/ville/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Formations à Clermont-Ferrand");
});

test("a formation's breadcrumbs go through the list: Administration › Formations › its title", async ({ page }) => {
  await signInAs(page, "editor");
  await page.goto("/admin/formations?tri=titre");
  const first = page.getByRole("table").getByRole("link").first();
  const title = (await first.textContent())!.trim();
  await page.goto((await first.getAttribute("href"))!);
  const crumbs = page.getByRole("navigation", { name: "Fil d'Ariane" });
  await expect(crumbs.getByRole("listitem")).toHaveText(["Administration", "Formations", title]);
  await expect(crumbs.getByRole("link", { name: "Formations" })).toHaveAttribute("href", "/admin/formations");
  await expect(crumbs.getByRole("link", { name: "Administration" })).toHaveAttribute("href", "/admin");
  await expect(crumbs.getByText(title)).toHaveAttribute("aria-current", "page");

  // The other screens below a list or a settings page name it too.
  for (const [path, middle] of [
    ["/admin/formations/import", "Formations"],
    ["/admin/formations/batch-import", "Formations"],
    ["/admin/blog/new", "Blog"],
  ] as const) {
    await page.goto(path);
    await expect(crumbs.getByRole("listitem").nth(1), path).toHaveText(middle);
    await expect(crumbs.getByRole("link", { name: middle })).toBeVisible();
  }
});

test("the admin list's sort select shows its longest option at 375 px and at 1280 px", async ({ page }) => {
  await signInAs(page, "editor");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/formations");
    await expectSelectFitsItsOptions(page.getByLabel("Tri", { exact: true }));
  }
});
