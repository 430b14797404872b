import { expect, test } from "@playwright/test";

/**
 * A formation without its own image shows its category's illustrated cover (an SVG file shipped in
 * public/illustrations/, not drawn by the page's JavaScript), not a grey placeholder; decorative
 * (empty alt, the category is named in text next to it), drawn for the light and dark themes.
 */
test("catalogue cards without an image show their category's cover, in light and dark", async ({ page }) => {
  await page.goto("/formations");
  const covers = page.getByTestId("category-cover");
  await expect(covers.first()).toBeVisible();
  const categories = await covers.evaluateAll((els) => els.map((e) => e.getAttribute("data-category")));
  expect(new Set(categories).size).toBeGreaterThanOrEqual(3);
  const shown = covers.first().locator("img:visible");
  await expect(shown).toHaveCount(1);
  await expect(shown).toHaveAttribute("alt", "");
  await expect(shown).toHaveAttribute("src", /^\/illustrations\/[a-z]+-light\.svg$/);
  // The file is there and drawn (an image that failed to load has no natural width).
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const light = await shown.getAttribute("src");
  await page.evaluate(() => document.documentElement.classList.replace("light", "dark"));
  const dark = covers.first().locator("img:visible");
  await expect(dark).toHaveCount(1);
  await expect(dark).toHaveAttribute("src", light!.replace("-light.svg", "-dark.svg"));
  await expect.poll(() => dark.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});

test("the home page's category tiles show the same illustrations, decorative next to the category's name", async ({ page }) => {
  await page.goto("/");
  const tiles = page.getByTestId("category-illustration");
  await expect(tiles.first()).toBeVisible();
  expect(await tiles.count()).toBeGreaterThanOrEqual(3);
  const shown = tiles.first().locator("img:visible");
  await expect(shown).toHaveAttribute("alt", "");
  await expect(shown).toHaveAttribute("src", /^\/illustrations\/[a-z]+-(light|dark)\.svg$/);
});
