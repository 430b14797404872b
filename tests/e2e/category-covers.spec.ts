import { expect, test } from "@playwright/test";

/**
 * A formation without its own image shows its category's illustrated cover (shipped SVG), not a
 * grey placeholder; decorative (hidden from screen readers), drawn for the light and dark themes.
 */
test("catalogue cards without an image show their category's cover, in light and dark", async ({ page }) => {
  await page.goto("/formations");
  const covers = page.getByTestId("category-cover");
  await expect(covers.first()).toBeVisible();
  const categories = await covers.evaluateAll((els) => els.map((e) => e.getAttribute("data-category")));
  expect(new Set(categories).size).toBeGreaterThanOrEqual(3);
  await expect(covers.first()).toHaveAttribute("aria-hidden", "true");
  // The motif and the pictogram.
  await expect(covers.first().locator("svg")).toHaveCount(2);
  const light = await covers.first().evaluate((e) => getComputedStyle(e).backgroundImage);
  await page.evaluate(() => document.documentElement.classList.replace("light", "dark"));
  const dark = await covers.first().evaluate((e) => getComputedStyle(e).backgroundImage);
  expect(light).toContain("gradient");
  expect(dark).not.toBe(light);
});
