import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { hydrated } from "./support/hydration";

/**
 * Site-wide search (/recherche): a visitor types in the header's box, gets ranked results with the
 * words found marked, pages through them; the page passes axe, is never indexed nor kept by the
 * page cache, and works without JavaScript.
 */

async function searchFromHeader(page: Page, words: string) {
  const header = page.getByRole("banner");
  await header.getByLabel("Rechercher sur le site", { exact: true }).first().click();
  const box = header.getByRole("searchbox", { name: "Rechercher sur le site" });
  await box.fill(words);
  await box.press("Enter");
}

test.describe("site-wide search", () => {
  test("a visitor searches from the header and sees marked results; the page passes axe", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/formations");
    await hydrated(page);
    await searchFromHeader(page, "Tableaux croises");
    await expect(page).toHaveURL(/\/recherche\?q=Tableaux\+croises$/);
    await expect(page.getByRole("heading", { level: 1, name: "Rechercher sur le site" })).toBeVisible();
    await expect(page.getByTestId("search-count")).toContainText("pour «\u00a0Tableaux croises\u00a0»");
    const first = page.getByTestId("search-results").getByRole("listitem").first();
    // Typed without accents, found with them; the words are marked in the title.
    await expect(first.getByRole("link")).toContainText("tableaux croisés dynamiques");
    await expect(first.locator("mark").first()).toHaveText(/tableaux/i);
    expect(await first.locator("mark").allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^croisés$/i)]));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    expect(await axeViolations(page)).toEqual([]);

    // The result leads to its page.
    await first.getByRole("link").click();
    await expect(page).toHaveURL(/\/formations\/excel-/);
  });

  test("finds funding pages and cities, with a form on the page to search again", async ({ page }) => {
    await page.goto("/recherche?q=opco%20sant%C3%A9");
    await expect(page.getByTestId("search-results").getByRole("link").first()).toHaveAttribute("href", "/financement/opco-sante");
    await page.getByLabel("Formations, articles, financement, villes…").fill("lyon");
    await page.getByRole("button", { name: "Rechercher", exact: true }).click();
    await expect(page).toHaveURL(/q=lyon/);
    await expect(page.getByTestId("search-results")).toContainText("Formations professionnelles à Lyon");
    await expect(page.getByTestId("search-results").locator("mark").first()).toHaveText(/lyon/i);
  });

  test("finds a category's page and the city's page for « management lyon », and shows extracts that read as French", async ({ page }) => {
    await page.goto("/recherche?q=management%20lyon");
    const items = page.getByTestId("search-results").getByRole("listitem");
    await expect(items.nth(0).getByRole("link")).toHaveAttribute("href", "/formation-management/lyon");
    await expect(items.nth(0)).toContainText("Formations dans une ville");
    await expect(items.nth(0).getByRole("heading", { level: 2 })).toHaveText("Formation management à Lyon");
    await expect(items.nth(1).getByRole("link")).toHaveAttribute("href", "/formations/ville/lyon");
    await expect(items.nth(2)).toContainText("Formation");
    await items.nth(0).getByRole("link").click();
    await expect(page).toHaveURL(/\/formation-management\/lyon$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Formation management à Lyon");

    // The audience where the words were found, without the prerequisites glued after it; the cities listed in French.
    await page.goto("/recherche?q=pme%20lyon");
    const recruiting = page.getByTestId("search-results").getByRole("listitem").filter({ hasText: "Recruter sans discriminer" });
    const extract = recruiting.locator("p").nth(1);
    await expect(extract).toHaveText(/TPE et PME\.$/);
    await expect(extract).not.toContainText("Aucun");
    await expect(recruiting.getByText(/^Villes\u00a0: /)).toHaveText("Villes\u00a0: Lyon, Paris et Toulouse");
    await expect(recruiting.locator("mark").filter({ hasText: "Lyon" })).toHaveCount(1);
  });

  test("says when nothing matches and pages through many results", async ({ page }) => {
    await page.goto("/recherche?q=zzzyyyxxx");
    await expect(page.getByTestId("search-count")).toHaveText("Aucun résultat pour «\u00a0zzzyyyxxx\u00a0».");
    await expect(page.getByRole("link", { name: "le catalogue des formations" })).toBeVisible();
    await page.goto("/recherche?q=formation");
    await expect(page.getByTestId("search-count")).toContainText("(page 1 sur");
    await expect(page.getByTestId("search-results").getByRole("listitem")).toHaveCount(10);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Suivante" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId("search-count")).toContainText("(page 2 sur");
  });

  test("is never kept by the page cache nor by a shared cache", async ({ request }) => {
    for (let i = 0; i < 2; i++) {
      const response = await request.get("/recherche?q=excel");
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toBe("no-store");
      expect(response.headers()["x-page-cache"]).toBeUndefined();
    }
    const sitemap = await request.get("/sitemap.xml");
    expect(await sitemap.text()).not.toContain("/recherche");
  });

  test("on a phone, the header's search opens within the screen", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("banner").getByLabel("Rechercher sur le site", { exact: true }).first().click();
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Rechercher sur le site" });
    await expect(box).toBeVisible();
    const bounds = (await box.boundingBox())!;
    expect(bounds.x).toBeGreaterThanOrEqual(0);
    expect(bounds.x + bounds.width).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});

test.describe("site-wide search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header's box and the result pages work as plain HTML", async ({ page }) => {
    await page.goto("/blog");
    await searchFromHeader(page, "OPCO");
    await expect(page).toHaveURL(/\/recherche\?q=OPCO$/);
    await expect(page.getByTestId("search-results").locator("mark").first()).toHaveText(/opco/i);
  });
});
