import type { Page } from "@playwright/test";

/**
 * Waits until React DOM has hydrated the page and drawn the address the browser shows: the root
 * layout sets `data-hydrated` on <html> once the first commit is done, and `data-rendered` to the
 * address of each page it has drawn (app/ui/server-html.tsx, HydrationMark). From then on, forms
 * check their fields, buttons react and links navigate on the client. After a client navigation the
 * address changes before the new page's nodes are in place: a field filled in between belongs to
 * the page that is leaving.
 */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.waitForFunction(() => document.documentElement.dataset.rendered === location.pathname + location.search);
}

/**
 * Reloads the data of the current screen as the live screens' polling does (React Router's
 * revalidation), without a navigation. Resolves when the new data is shown.
 */
export async function revalidate(page: Page) {
  await page.evaluate(() =>
    (window as unknown as { __reactRouterDataRouter: { revalidate(): Promise<void> } }).__reactRouterDataRouter.revalidate(),
  );
}
