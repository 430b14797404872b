import { expect, type Page } from "@playwright/test";

/**
 * The formation cards of the page's main list line up: each has its image frame (an image or
 * the placeholder), the frames have one height, and the cards of one row have one height.
 */
export async function expectUniformCards(page: Page): Promise<{ withImage: number; withoutImage: number }> {
  const cards = page
    .getByRole("main")
    .locator("article")
    .filter({ has: page.getByTestId("formation-card-image") });
  const count = await page.getByRole("main").locator("article").count();
  expect(count).toBeGreaterThan(1);
  await expect(cards).toHaveCount(count);
  const boxes = await page
    .getByRole("main")
    .locator("article")
    .evaluateAll((articles) =>
      articles.map((a) => {
        const card = a.getBoundingClientRect();
        const frame = a.querySelector('[data-testid="formation-card-image"]')!.getBoundingClientRect();
        return {
          top: Math.round(card.top),
          height: Math.round(card.height),
          width: Math.round(card.width),
          frameHeight: Math.round(frame.height),
          frameWidth: Math.round(frame.width),
          // An uploaded picture, not the category's cover drawing (public/illustrations/).
          image: [...a.querySelectorAll('[data-testid="formation-card-image"] img')].some(
            (img) => !(img.getAttribute("src") ?? "").startsWith("/illustrations/"),
          ),
        };
      }),
    );
  const rows = new Map<number, typeof boxes>();
  for (const b of boxes) rows.set(b.top, [...(rows.get(b.top) ?? []), b]);
  for (const row of rows.values()) {
    expect(new Set(row.map((b) => b.height)).size, `heights of a row: ${row.map((b) => b.height).join(", ")}`).toBe(1);
  }
  expect(new Set(boxes.map((b) => b.width)).size, "every card is as wide as its column").toBe(1);
  expect(new Set(boxes.map((b) => b.frameHeight)).size, "every image frame has the same height").toBe(1);
  for (const b of boxes) {
    expect(b.frameWidth).toBe(b.width - 2); // inside the card's 1 px border
    expect(b.frameHeight).toBeGreaterThan(0);
  }
  return { withImage: boxes.filter((b) => b.image).length, withoutImage: boxes.filter((b) => !b.image).length };
}
