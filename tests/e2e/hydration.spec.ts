import { expect, test } from "@playwright/test";
import { hydrated } from "./support/hydration";

/**
 * The browser runs React DOM, the renderer the server uses (docs/decisions/0008-react-dom-in-the-browser.md):
 * the document is a React DOM root once hydrated, and hydrating the public pages raises no error
 * (a mismatch would make React throw the server's HTML away and render the page again): the page
 * pass (tests/e2e/page-pass.spec.ts) checks that no page of the site writes an error to the console.
 */

test("the page is a React DOM root, hydrated from the server's HTML", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", async (r) => {
    if (r.request().resourceType() === "script") scripts.push(await r.text());
  });
  await page.goto("/");
  await hydrated(page);
  const root = await page.evaluate(() => ({
    container: Object.keys(document).some((k) => k.startsWith("__reactContainer$")),
    fiber: Object.keys(document.body).some((k) => k.startsWith("__reactFiber$")),
  }));
  expect(root).toEqual({ container: true, fiber: true });
  // The heading the server sent is the one on screen: hydration kept the document.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.some((code) => /preact/i.test(code))).toBe(false);
});
