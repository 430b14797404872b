import { expect, test } from "@playwright/test";

/**
 * The demo articles have real covers (drawings of the site's illustration set, stored as uploads):
 * on the blog's cards (decorative, the title is next to it) and on the article, described for
 * screen readers.
 */
test("every demo article shows its cover on the blog's cards and on its page, with a description", async ({ page }) => {
  await page.goto("/blog");
  const cards = page.locator("main article");
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(6);
  for (let i = 0; i < count; i++) {
    const image = cards.nth(i).locator("img");
    await expect(image).toHaveAttribute("alt", "");
    await expect(image).toHaveAttribute("src", /^\/uploads\/blog\/[0-9a-f-]{36}-\d+\.webp$/);
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }

  await cards.first().getByRole("link").click();
  await expect(page.locator("h1")).toBeVisible();
  const cover = page.locator("main img").first();
  await expect(cover).toHaveAttribute("alt", /^Pictogramme d/);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});
