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

/** React Router's data router, as the browser build exposes it: read only here. */
interface DataRouter {
  revalidate(): Promise<void>;
  state: { revalidation: "idle" | "loading" };
}

/** Whether the current screen's data is being read again (« loading ») or not (« idle »). */
export function revalidation(page: Page): Promise<"idle" | "loading"> {
  return page.evaluate(() => (window as unknown as { __reactRouterDataRouter: DataRouter }).__reactRouterDataRouter.state.revalidation);
}

/**
 * Reloads the data of the current screen as the live screens' polling does (React Router's
 * revalidation), without a navigation. Resolves when the new data is shown.
 */
export async function revalidate(page: Page) {
  await page.evaluate(() => (window as unknown as { __reactRouterDataRouter: DataRouter }).__reactRouterDataRouter.revalidate());
}
