import type { Page } from "@playwright/test";
import { insertAccount } from "../support/account-rows";
import { createAccount, PASSWORD, signInApi, testClientIp, uniqueEmail } from "./support/accounts";
import { hydrated } from "./support/hydration";
import { expect, test } from "./support/outage";

/**
 * The session is read from the database: when the database stops under an open admin screen, that
 * is a 503 to try again (docs/spec.md#requetes), never a sign-out; and when the session really
 * ends while the app is open, the sign-in page brings the editor back to the screen, never to the
 * router's `.data` address.
 */

async function adminNav(page: Page, name: string) {
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name, exact: true }).click();
}

test("a session that ends while the app is open: back to the screen after signing in, not to its data address", async ({
  page,
  baseURL,
}) => {
  const editor = await createAccount({ email: uniqueEmail("session-finie"), role: "editor" });
  await signInApi(page, baseURL!, editor.email);
  await page.goto("/admin");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();

  // The session ends (cookie gone) while the dashboard is open; the editor goes on to the formations.
  await page.context().clearCookies();
  await adminNav(page, "Formations");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fformations$/);
  await page.getByLabel("Adresse e-mail").fill(editor.email);
  await page.getByLabel("Mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/admin\/formations$/);
  await expect(page.getByRole("heading", { level: 1, name: "Formations" })).toBeVisible();

  // A data address that reached the sign-in page anyway is cleaned there too.
  await page.goto("/login?redirectTo=%2Fadmin.data%3F_routes%3Droutes%252Fadmin%252Fdashboard");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
});

test.describe("PostgreSQL stops under an open admin screen", () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL (PostgreSQL)");
  test.use({ outageKind: "postgres", outageEnv: { SEED_DEMO: "0", TRUST_PROXY: "1" } });

  test("the session cannot be read: 503 retried with the screen kept, never /login; « Réessayer » reloads the screen", async ({
    page,
    outage,
  }) => {
    test.setTimeout(120_000);
    const { server } = outage;
    const { email } = await insertAccount(outage.store, { email: uniqueEmail("panne-session"), password: PASSWORD, role: "editor" });
    const signIn = await page.request.post(`${server.url}/api/auth/sign-in/email`, {
      data: { email, password: PASSWORD },
      headers: { origin: server.url, "x-forwarded-for": testClientIp() },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    await page.clock.install();
    await page.goto(`${server.url}/admin`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();

    await outage.cut();
    // The screen's data, read as the router does, and the screen itself: a 503, not a redirect to /login.
    const answer = await page.request.get(`${server.url}/admin.data?_routes=routes%2Fadmin%2Fdashboard`, { maxRedirects: 0 });
    expect(answer.status()).toBe(503);
    expect(answer.headers()["x-remix-redirect"]).toBeUndefined();
    const screen = await page.request.get(`${server.url}/admin`, { maxRedirects: 0 });
    expect(screen.status()).toBe(503);
    expect(server.output()).toContain("la base de données ne répond pas (503)");

    // The dashboard is read again in the background (back to the tab after 6 minutes): it stays, marked stale.
    await page.clock.fastForward("06:00");
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(page.getByTestId("stale-notice")).toHaveText("Données non actualisées");
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/admin`);

    // The database answers again: a retry (1 s later, then 2 s, 4 s) brings fresh data.
    await outage.restore();
    await page.clock.runFor(8_000);
    await expect(page.getByTestId("stale-notice")).toHaveText("", { timeout: 20_000 });
    await expect(page).toHaveURL(`${server.url}/admin`);

    // A navigation while the database is down shows the error screen at the screen's own address.
    await outage.cut();
    await adminNav(page, "Formations");
    await expect(page.getByText("Une erreur est survenue")).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/admin/formations`);
    await outage.restore();
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Formations" })).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/admin/formations`);
    await page.getByRole("button", { name: "Réessayer" }).waitFor({ state: "detached" });
  });
});
