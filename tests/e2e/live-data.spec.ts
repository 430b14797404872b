import { expect, test, type Page } from "@playwright/test";
import { createAccount, signInApi, uniqueEmail } from "./support/accounts";
import { hydrated, revalidation } from "./support/hydration";

/**
 * Admin live data (docs/spec.md#requetes): a background refresh that fails (HTTP 500, aborted) is
 * retried 3 times (1 s, 2 s, 4 s), the last good data stays on screen with « Données non
 * actualisées », and only a navigation that fails shows the error screen.
 */

/**
 * A failed refresh is over in the page (its retry is then scheduled): only then may the fake clock
 * move on, or the retry's timer is set after the time it was meant to cover (as on a busy machine).
 */
async function refreshOver(page: Page) {
  await expect.poll(() => revalidation(page)).toBe("idle");
}

/** Comes back to the tab after 6 minutes: the dashboard's data is no longer fresh and is read again. */
async function comeBackLater(page: Page) {
  await page.clock.fastForward("06:00");
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
}

test("a failing background refresh keeps the dashboard, says so, retries 3 times, then recovers", async ({ page, baseURL }) => {
  const admin = await createAccount({ email: uniqueEmail("donnees-vivantes"), role: "admin" });
  await signInApi(page, baseURL!, admin.email);
  await page.clock.install();
  await page.goto("/admin");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();

  let failures = 0;
  let mode: "500" | "abort" | "pass" = "500";
  await page.route(/\.data(\?|$)/, async (route) => {
    if (mode === "pass") return route.continue();
    failures++;
    if (mode === "abort") return route.abort("connectionreset");
    return route.fulfill({ status: 500, contentType: "text/plain", body: "Erreur" });
  });

  await comeBackLater(page);
  await expect(page.getByTestId("stale-notice")).toHaveText("Données non actualisées");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await expect(page.getByText("Une erreur est survenue")).toHaveCount(0);
  expect(failures).toBe(1);
  // The 3 retries, 1 s, 2 s and 4 s apart; aborted requests are retried the same way.
  mode = "abort";
  await refreshOver(page);
  await page.clock.runFor(1_000);
  await expect.poll(() => failures).toBe(2);
  await refreshOver(page);
  await page.clock.runFor(2_000);
  await expect.poll(() => failures).toBe(3);
  await refreshOver(page);
  await page.clock.runFor(4_000);
  await expect.poll(() => failures).toBe(4);
  await refreshOver(page);
  await page.clock.runFor(30_000);
  expect(failures).toBe(4);
  await expect(page.getByTestId("stale-notice")).toHaveText("Données non actualisées");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();

  // The server answers again: fresh data, the notice goes.
  mode = "pass";
  await comeBackLater(page);
  await expect(page.getByTestId("stale-notice")).toHaveText("");

  // A navigation that fails still shows the error screen.
  mode = "500";
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Formations", exact: true }).click();
  await expect(page.getByText("Une erreur est survenue")).toBeVisible();
});
