import { expect, test } from "@playwright/test";
import { serverDb } from "./support/accounts";
import { EXCEL, newExcelSession, registrationPathOf } from "./support/sessions";

/**
 * On a phone, a formation's sessions table shows each session's « S'inscrire » link without any
 * horizontal scroll, of the page or of the table (README, « Inscriptions en ligne »).
 */
for (const width of [320, 375]) {
  test(`at ${width} px, « S'inscrire » is within the screen, nothing scrolls sideways`, async ({ page }) => {
    const sessionId = await newExcelSession(serverDb(), 8, "2099-09-14", "2099-09-15");
    await page.setViewportSize({ width, height: 800 });
    const link = page.locator(`a[href="${registrationPathOf(sessionId)}"]`).filter({ visible: true });
    // The new session reaches the page once the public page cache has seen the write.
    await expect(async () => {
      await page.goto(`/formations/${EXCEL}`);
      await expect(link).toHaveCount(1, { timeout: 1000 });
    }).toPass();
    await expect(link).toHaveText("S'inscrire");
    await link.scrollIntoViewIfNeeded();
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    const table = page.getByRole("region", { name: /^Prochaines sessions de la formation/ });
    const scroll = await table.evaluate((el) => ({
      region: el.scrollWidth - el.clientWidth,
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }));
    expect(scroll).toEqual({ region: 0, page: 0 });
  });
}
