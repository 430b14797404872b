import { expect, test, type Page } from "@playwright/test";

/**
 * The finished content pages: each answers 200 with its own title, one h1 and its
 * distinctive content, taken from the organisation's settings (demo identity: Formavia).
 */
const NBSP = "\u00a0";

interface PageCase {
  path: string;
  title: string;
  h1: string;
  content: (string | RegExp)[];
}

const PAGES: PageCase[] = [
  {
    path: "/",
    title: "Organisme de formation sur site et à distance | Formavia",
    h1: "Des formations concrètes pour progresser dans votre métier",
    content: ["Nos domaines de formation", "Votre formation peut être financée", "Un organisme certifié Qualiopi"],
  },
  {
    path: "/certification-qualiopi",
    title: `Certification Qualiopi${NBSP}: ce qu'elle vous garantit | Formavia`,
    h1: "Notre certification Qualiopi",
    content: ["7 critères", "32 indicateurs", "QUA-2025-04187", "AFNOR Certification", "14 mars 2028", "Actions de formation"],
  },
  {
    path: "/temoignages",
    title: "Témoignages et avis de nos stagiaires | Formavia",
    h1: "Témoignages de nos stagiaires",
    // The typed figures' month (in one sentence, or on their own line once figures computed from the
    // questionnaires stand beside them: README « Questionnaires »).
    content: ["janvier 2026", "4,6/5"],
  },
  {
    path: "/pourquoi-nous-choisir",
    title: `Pourquoi nous choisir${NBSP}: nos engagements de formation`,
    h1: "Pourquoi choisir Formavia ?",
    content: ["Un référent handicap à votre écoute", "Nos résultats, mesurés et publiés"],
  },
  {
    path: "/accessibilite",
    title: "Déclaration d'accessibilité (RGAA 4.1) | Formavia",
    h1: "Déclaration d'accessibilité",
    content: [
      "partiellement conforme",
      "auto-évaluation",
      "Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07",
      "09 69 39 00 00",
      "accessibilite@formavia.fr",
    ],
  },
  {
    path: "/mentions-legales",
    title: "Mentions légales | Formavia",
    h1: "Mentions légales",
    content: [
      "SIRET : 912 345 678 00011",
      "Déclaration d'activité enregistrée sous le numéro 84 69 12345 69 auprès du préfet de la région Auvergne-Rhône-Alpes. Cet enregistrement ne vaut pas agrément de l'État.",
      "OVH SAS",
      "Claire Martin, présidente",
    ],
  },
  {
    path: "/politique-confidentialite",
    title: "Politique de confidentialité et données personnelles",
    h1: "Politique de confidentialité",
    content: ["36 mois (3 ans)", "dpo@formavia.fr", "3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07", "Supprimer mon compte"],
  },
  {
    path: "/conditions-utilisation",
    title: "Conditions générales d'utilisation du site | Formavia",
    h1: "Conditions générales d'utilisation",
    content: ["ne constitue ni une commande, ni un contrat", "Lecteur"],
  },
  {
    path: "/politique-cookies",
    title: "Politique de cookies et stockage local | Formavia",
    h1: "Politique de cookies",
    content: ["better-auth.session_token", "cookie-consent", "app_cache", "sw-cleanup-done"],
  },
];

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), `HTTP status of ${path}`).toBe(200);
  return response!;
}

for (const p of PAGES) {
  test(`${p.path} shows its title, its one h1 and its content`, async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    const response = await visit(page, p.path);
    // The exact <title> is in the server-rendered HTML.
    const html = await response.text();
    const escaped = p.title.replace(/&/g, "&amp;").replace(/'/g, "&#x27;");
    expect(html.includes(`<title>${p.title}</title>`) || html.includes(`<title>${escaped}</title>`), "server-rendered title").toBe(true);
    expect(await page.title()).toBe(p.title);

    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("h1")).toHaveText(p.h1);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length ?? 0).toBeGreaterThan(100);
    expect(description?.length ?? 0).toBeLessThanOrEqual(165);
    for (const text of p.content) await expect(page.locator("main").getByText(text).first()).toBeVisible();
    // Hydrated without mismatch or script error.
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });
}

test("the home page leads to a quote request, the catalogue and every category", async ({ page }) => {
  await visit(page, "/");
  const hero = page.locator("section", { has: page.locator("h1") });
  await expect(hero.getByRole("link", { name: "Demander un devis" })).toHaveAttribute("href", "/devis");
  await expect(hero.getByRole("link", { name: "Découvrir nos formations" })).toHaveAttribute("href", "/formations");

  const categories = page.locator("#domaines");
  for (const slug of ["bureautique", "management", "langues", "numerique", "securite", "commercial", "rh"]) {
    await expect(categories.locator(`a[href="/formations?categorie=${slug}"]`)).toHaveCount(1);
  }
  const main = page.locator("main");
  for (const href of ["/pourquoi-nous-choisir", "/temoignages", "/financement", "/simulateur-opco", "/certification-qualiopi"]) {
    await expect(main.locator(`a[href="${href}"]`).first()).toBeVisible();
  }
  await expect(page.locator("#temoignages figure")).toHaveCount(3);

  // Headings follow each other without skipping a level.
  const levels = await main.locator("h1, h2, h3, h4").evaluateAll((els) => els.map((e) => Number(e.tagName[1])));
  for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1]).toBeLessThanOrEqual(1);
});

test("the testimonials page shows at least nine rated, dated testimonials", async ({ page }) => {
  await visit(page, "/temoignages");
  const cards = page.locator("main figure");
  expect(await cards.count()).toBeGreaterThanOrEqual(9);
  await expect(cards.first().getByText(/Note\s:\s\d sur 5/)).toHaveCount(1);
  await expect(cards.first().getByText(/Avis recueilli en \p{L}+ \d{4}/u)).toBeVisible();
  await expect(page.getByRole("link", { name: "Demander un devis" }).last()).toHaveAttribute("href", "/devis");
});

test("the certification page links to the official public list", async ({ page }) => {
  await visit(page, "/certification-qualiopi");
  const link = page.getByRole("link", { name: /Liste publique des organismes de formation/ });
  await expect(link).toHaveAttribute("href", /^https:\/\/www\.data\.gouv\.fr\//);
});

test("« Modifier mes choix » on the cookie policy reopens the consent preferences", async ({ page }) => {
  await visit(page, "/politique-cookies");
  const banner = page.getByTestId("cookie-banner");
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Tout refuser" }).click();
  await expect(banner).toBeHidden();

  await page.locator("main").getByRole("button", { name: "Modifier mes choix" }).click();
  await expect(banner).toBeVisible();
  await expect(banner.getByLabel(/Mesure d'audience/)).not.toBeChecked();
  await banner.getByLabel(/Mesure d'audience/).check();
  await banner.getByRole("button", { name: "Enregistrer mes choix" }).click();
  await expect(banner).toBeHidden();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("cookie-consent") ?? "null"));
  expect(stored?.audience).toBe(true);
});

test("a path below a content page is not found", async ({ page }) => {
  const response = await page.goto("/mentions-legales/inconnue");
  expect(response?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText("Page introuvable");
});
