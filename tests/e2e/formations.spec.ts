import { expect, test } from "@playwright/test";
import { expectUniformCards } from "./support/cards";
import { expectSelectFitsItsOptions } from "./support/selects";

/**
 * The catalogue's public pages, on the demo content: catalogue filters (without
 * JavaScript), a formation page and its JSON-LD, city and category-city pages, comparisons and
 * their canonical redirect, 404s and the sitemap.
 */
const EXCEL = "excel-perfectionnement-tableaux-croises-dynamiques";
const MANAGER = "prendre-son-poste-de-manager";
const ENTRETIENS = "conduire-les-entretiens-annuels-et-professionnels";

test.describe("catalogue without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("filters through the query string and paginates", async ({ page }) => {
    await page.goto("/formations");
    await expect(page.getByRole("heading", { level: 1, name: "Nos formations" })).toBeVisible();
    // The 15 demo formations at least (other tests add formations of their own while they run): the
    // count and the number of pages agree, 12 cards a page.
    const count = page.getByText(/^\d+ formations · page 1 sur \d+$/);
    await expect(count).toBeVisible();
    const text = (await count.textContent())!.replace(/\s+/g, " ").trim();
    const [, total, pages] = /^(\d+) formations · page 1 sur (\d+)$/.exec(text)!.map(Number);
    expect(total).toBeGreaterThanOrEqual(15);
    expect(pages).toBe(Math.ceil(total! / 12));
    await expect(page.locator("article")).toHaveCount(12);
    await expect(page.getByRole("navigation", { name: "Pagination" })).toBeVisible();

    await page.getByLabel("Domaine").selectOption("management");
    await page.getByLabel("Ville").selectOption("lyon");
    await page.getByRole("button", { name: "Afficher les formations" }).click();
    await expect(page).toHaveURL(/categorie=management/);
    await expect(page).toHaveURL(/ville=lyon/);
    const cards = page.locator("article");
    await expect(cards).toHaveCount(2);
    for (const card of await cards.all()) await expect(card.getByText("Management", { exact: true })).toBeVisible();

    // CPF and price filters, then an accent-free search that matches accented words.
    await page.goto("/formations?cpf=1");
    await expect(page.locator("article")).toHaveCount(2);
    await expect(page.getByRole("link", { name: /Excel perfectionnement/ })).toBeVisible();
    await page.goto("/formations?prix=300");
    for (const price of await page
      .locator("article")
      .getByText(/par personne$/)
      .allTextContents()) {
      expect(Number(price.replace(/[^\d]/g, ""))).toBeLessThanOrEqual(300);
    }
    await page.goto("/formations");
    await page.getByRole("main").getByLabel("Rechercher").fill("securite");
    await page.getByRole("button", { name: "Afficher les formations" }).click();
    await expect(page).toHaveURL(/q=securite/);
    await expect(page.getByRole("link", { name: /Cybersécurité/ })).toBeVisible();

    await page.goto("/formations?modalite=distanciel");
    await expect(page.locator("article")).toHaveCount(3);
    await page.goto("/formations?q=aucunresultatpossible");
    await expect(page.getByText("Aucune formation ne correspond à ces critères.")).toBeVisible();

    await page.goto("/formations");
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect.poll(() => page.locator("article").count()).toBeGreaterThanOrEqual(3);
  });
});

test("a formation page shows every Qualiopi item, its sessions, funding, a quote link and JSON-LD", async ({ page }) => {
  await page.goto(`/formations/${EXCEL}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(
    "Excel perfectionnement : tableaux croisés dynamiques et fonctions avancées",
  );
  await expect(page).toHaveTitle(/Excel perfectionnement/);
  await expect(main.getByText(/^Mis à jour le \d{1,2}(er)? \S+ \d{4}$/)).toBeVisible();
  for (const heading of [
    "Présentation",
    "Objectifs pédagogiques",
    "Programme",
    "Public visé et prérequis",
    "Durée, modalités et méthodes",
    "Tarifs et financement",
    "Prochaines sessions",
    "Accessibilité aux personnes handicapées",
    "Indicateurs de résultats",
    "Contact",
  ]) {
    await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  for (const text of [
    "Méthodes pédagogiques",
    "Modalités d'évaluation",
    "Modalités d'accès",
    "Délai d'accès",
    "Prérequis",
    "Certificateur",
    "Isograd",
    "Tosa Excel (RS5252)",
    "Taux de satisfaction",
    "Référent handicap",
  ]) {
    await expect(main.getByText(text, { exact: false }).first()).toBeVisible();
  }
  await expect(main.getByText(/Indicateurs mesurés au/)).toBeVisible();
  // Its 5 demo sessions under the header row; other scenarios may add sessions of their own to it.
  await expect
    .poll(() =>
      main
        .getByRole("table", { name: /Prochaines sessions/ })
        .getByRole("row")
        .count(),
    )
    .toBeGreaterThanOrEqual(6);
  await expect(main.getByRole("link", { name: "Demander un devis", exact: true })).toHaveAttribute("href", `/devis?formation=${EXCEL}`);
  await expect(main.getByRole("link", { name: "Compte personnel de formation (CPF)" })).toHaveAttribute("href", "/financement/cpf");
  await expect(main.getByRole("link", { name: "OPCO : Atlas" })).toHaveAttribute("href", "/financement/atlas");
  await expect(page.getByRole("navigation", { name: "Fil d'Ariane" }).getByRole("link", { name: "Formations" })).toHaveAttribute(
    "href",
    "/formations",
  );

  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
  const course = ld.find((x) => x["@type"] === "Course");
  expect(course.name).toBe("Excel perfectionnement\u00a0: tableaux croisés dynamiques et fonctions avancées");
  expect(course.provider.name).toBe("Formavia");
  expect(course.offers[0]).toMatchObject({ price: 690, priceCurrency: "EUR" });
  expect(course.hasCourseInstance.length).toBeGreaterThanOrEqual(5); // other scenarios may add sessions of their own
  expect(course.hasCourseInstance[0]).toMatchObject({ courseMode: "Onsite", courseWorkload: "PT14H" });
  const crumbs = ld.find((x) => x["@type"] === "BreadcrumbList");
  expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual(["Accueil", "Formations", "Bureautique", course.name]);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/formations/${EXCEL}$`));
});

test("a city page lists its formations, sessions, categories and nearby cities", async ({ page }) => {
  await page.goto("/formations/ville/lyon");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Formations à Lyon");
  await expect(main.getByText(/rue de la République/)).toBeVisible();
  await expect(main.getByRole("heading", { name: "Nos formations à Lyon" })).toBeVisible();
  expect(await main.locator("article").count()).toBeGreaterThanOrEqual(8);
  await expect(main.getByRole("table", { name: "Prochaines sessions à Lyon" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Management à Lyon" })).toHaveAttribute("href", "/formation-management/lyon");
  await expect(main.getByRole("heading", { name: "Villes proches" })).toBeVisible();
  await expect(main.getByRole("link", { name: /Formations à Marseille/ })).toBeVisible();
});

test("a category-city page shows that category in that city; other pairs are 404", async ({ page, request }) => {
  await page.goto("/formation-management/lyon");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Formation management à Lyon");
  const cards = main.locator("article");
  await expect(cards).toHaveCount(2);
  await expect(cards.getByRole("link", { name: "Prendre son poste de manager" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Management à Paris" })).toHaveAttribute("href", "/formation-management/paris");

  for (const path of [
    "/formation-langues/lyon",
    "/formation-inconnue/lyon",
    "/formation-management/atlantide",
    "/formations-management/lyon",
    "/autre-chose/lyon",
    "/formation-securite-travail/lyon",
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  const notFound = await page.goto("/formation-langues/lyon");
  expect(notFound?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
});

test("a comparison is reached from a formation page and has one canonical URL", async ({ page, request }) => {
  await page.goto(`/formations/${MANAGER}`);
  await page.getByRole("link", { name: /Comparer avec « Conduire les entretiens/ }).click();
  await expect(page).toHaveURL(new RegExp(`/comparatif/${ENTRETIENS}-vs-${MANAGER}$`));
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toContainText("Conduire les entretiens annuels et professionnels");
  const table = main.getByRole("table");
  for (const row of [
    "Durée",
    "Modalité",
    "Prix inter-entreprises",
    "Prérequis",
    "Certification",
    "Financements",
    "Prochaine session",
    "Satisfaction",
  ]) {
    await expect(table.getByRole("rowheader", { name: row, exact: true })).toBeVisible();
  }
  await expect(table.getByRole("row", { name: /^Durée/ })).toContainText("21 h (3 jours)");

  // The compare form works too (it goes through /comparatif?a=…&b=…); its list starts with the
  // formations of the same domain.
  await page.goto(`/formations/${MANAGER}`);
  await page.getByLabel("Autre formation", { exact: true }).selectOption(ENTRETIENS);
  await page.getByRole("button", { name: "Comparer" }).click();
  await expect(page).toHaveURL(new RegExp(`/comparatif/${ENTRETIENS}-vs-${MANAGER}$`));

  const reversed = await request.get(`/comparatif/${MANAGER}-vs-${ENTRETIENS}`, { maxRedirects: 0 });
  expect(reversed.status()).toBe(301);
  expect(reversed.headers().location).toMatch(new RegExp(`/comparatif/${ENTRETIENS}-vs-${MANAGER}$`));
  for (const path of [
    `/comparatif/${MANAGER}-vs-${MANAGER}`,
    `/comparatif/${MANAGER}-vs-inconnue`,
    `/comparatif/${MANAGER}`,
    "/comparatif/a-vs-b-vs-c",
    "/comparatif?a=inconnue&b=autre",
  ]) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
  }
});

test("unknown formations and cities answer 404 with the not-found page", async ({ page, request }) => {
  for (const path of ["/formations/formation-inconnue", "/formations/ville/atlantide"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
  }
  expect((await request.get("/formations/ville/lyon/extra")).status()).toBe(404);
});

test("the sitemap lists published formations, cities and category-city pairs with formations", async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(locs).toContain("/formations");
  expect(locs).toContain(`/formations/${EXCEL}`);
  expect(locs.filter((p) => /^\/formations\/ville\//.test(p)).length).toBeGreaterThanOrEqual(8);
  expect(locs).toContain("/formation-management/lyon");
  expect(locs).not.toContain("/formation-langues/lyon");
  // Comparisons of two published formations of the same category (docs/seo.md).
  expect(locs).toContain(`/comparatif/${ENTRETIENS}-vs-${MANAGER}`);
  expect(locs).toContain(`/comparatif/${EXCEL}-vs-word-powerpoint-documents-professionnels`);
  expect(locs).not.toContain(`/comparatif/${EXCEL}-vs-${MANAGER}`);
  expect(locs.filter((p) => /^\/formations\/[^/]+$/.test(p)).length).toBeGreaterThanOrEqual(15);
});

test("the catalogue's cards line up, each with its image frame, and the sort select shows its longest option", async ({ page }) => {
  await page.goto("/formations");
  const cards = await expectUniformCards(page);
  expect(cards.withImage + cards.withoutImage).toBeGreaterThanOrEqual(12);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectSelectFitsItsOptions(page.getByLabel("Trier par"));
  }
});
