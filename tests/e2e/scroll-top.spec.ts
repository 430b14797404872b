import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./support/hydration";

/**
 * Each navigation starts at the top of the page (docs/spec.md#comportement), the browser's Back
 * and Forward included: no old scroll position comes back.
 */

async function scrollDown(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
}

/** At the top once the page is shown, and still there a moment later (a late restoration would move it). */
async function expectAtTop(page: Page, heading: string) {
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

test("links, Back and Forward all start at the top of the page", async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 400 });
  await page.goto("/mentions-legales");
  await hydrated(page);
  await scrollDown(page);

  await page.getByRole("contentinfo").getByRole("link", { name: "Politique de confidentialité" }).click();
  await expect(page).toHaveURL(/\/politique-confidentialite$/);
  await expectAtTop(page, "Politique de confidentialité");
  await scrollDown(page);

  // Back to the page left scrolled to its bottom: it shows from the top.
  await page.goBack();
  await expect(page).toHaveURL(/\/mentions-legales$/);
  await expectAtTop(page, "Mentions légales");
  await scrollDown(page);

  // Forward again: the top too.
  await page.goForward();
  await expect(page).toHaveURL(/\/politique-confidentialite$/);
  await expectAtTop(page, "Politique de confidentialité");
});
