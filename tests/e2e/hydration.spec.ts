import { expect, test, type Page } from "@playwright/test";
import { sitemapPaths } from "./support/crawl";
import { hydrated } from "./support/hydration";

/**
 * The browser runs React DOM, the renderer the server uses (docs/decisions/0008-react-dom-in-the-browser.md):
 * the document is a React DOM root once hydrated, and hydrating the public pages raises no error
 * (a mismatch would make React throw the server's HTML away and render the page again).
 */

/** About 20 pages of the sitemap, every kind of page: the first two of each first path segment, in order. */
function sample(paths: string[], size = 20): string[] {
  const bySection = new Map<string, string[]>();
  for (const p of paths) {
    const section = p.split("/")[1] ?? "";
    bySection.set(section, [...(bySection.get(section) ?? []), p]);
  }
  const picked: string[] = [];
  for (let round = 0; picked.length < size && round < 5; round++)
    for (const list of bySection.values()) if (list[round] && picked.length < size) picked.push(list[round]!);
  return picked;
}

/** Console errors and uncaught errors of the page, from now on. */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
  return errors;
}

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

test("the public pages of a sitemap sample hydrate without any error in the console", async ({ page, request }) => {
  test.setTimeout(120_000);
  const paths = sample((await sitemapPaths(request)).map((p) => p.split("?")[0]!));
  expect(paths.length).toBeGreaterThanOrEqual(15);
  const errors = recordErrors(page);
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await hydrated(page);
  }
  expect(errors).toEqual([]);
});
