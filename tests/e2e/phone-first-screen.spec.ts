import { expect, test } from "@playwright/test";

/**
 * The first screen of a phone (375 × 667) belongs to the page: the cookie banner takes a quarter of
 * it at most, with « Tout refuser » and « Tout accepter » of equal weight (CNIL), and the catalogue's
 * filters fold behind one button that works without JavaScript.
 */
test.use({ viewport: { width: 375, height: 667 } });

test("the cookie banner is compact on a phone, refusing as visible as accepting", async ({ page }) => {
  await page.goto("/formations");
  const banner = page.getByTestId("cookie-banner");
  await expect(banner).toBeVisible();
  const box = (await banner.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(667 * 0.25);
  const refuse = banner.getByRole("button", { name: "Tout refuser" });
  const accept = banner.getByRole("button", { name: "Tout accepter" });
  const [r, a] = [(await refuse.boundingBox())!, (await accept.boundingBox())!];
  expect(Math.abs(r.width - a.width)).toBeLessThanOrEqual(1);
  expect(Math.abs(r.height - a.height)).toBeLessThanOrEqual(1);
  expect(r.y).toBe(a.y);
  expect(await refuse.getAttribute("class")).toBe(await accept.getAttribute("class"));
  await expect(banner.getByRole("link", { name: "En savoir plus" })).toBeVisible();
  await expect(banner).toContainText("Gérer les cookies");
  await refuse.click();
  await expect(banner).toBeHidden();
});

for (const javaScriptEnabled of [true, false]) {
  test(`the catalogue filters fold behind one button on a phone (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 667 }, javaScriptEnabled, locale: "fr-FR" });
    const page = await context.newPage();
    await page.goto("/formations");
    await expect(page.getByRole("searchbox", { name: "Rechercher" })).toBeVisible();
    await expect(page.getByLabel("Domaine")).toBeHidden();
    const toggle = page.getByText("Filtres et tri");
    await expect(toggle).toBeVisible();
    // Folded, the filter box is a search field and one button, no longer a whole screen.
    expect((await page.getByRole("form", { name: "Filtrer les formations" }).boundingBox())!.height).toBeLessThanOrEqual(260);
    await toggle.click();
    await expect(page.getByLabel("Domaine")).toBeVisible();
    await page.getByLabel("Domaine").selectOption({ index: 1 });
    await page.getByRole("button", { name: "Afficher les formations" }).click();
    await expect(page).toHaveURL(/categorie=/);
    // A chosen filter stays in view.
    await expect(page.getByLabel("Domaine")).toBeVisible();
    await context.close();
  });
}

test("on a computer the filters are shown at once", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: "fr-FR" });
  const page = await context.newPage();
  await page.goto("/formations");
  await expect(page.getByLabel("Domaine")).toBeVisible();
  await expect(page.getByText("Filtres et tri")).toBeHidden();
  await context.close();
});
