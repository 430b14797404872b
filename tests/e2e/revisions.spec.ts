import { expect, test, type Page } from "@playwright/test";
import { todayInParis } from "~/domain/formations/labels";
import { axeViolations } from "./support/axe";
import { createAccount, e2eBaseURL, signInApi, uniqueEmail } from "./support/accounts";
import { hydrated } from "./support/hydration";

/**
 * Revision history (app/domain/revisions): an editor saves a formation twice, opens « Historique
 * des versions », compares the two versions (the changed field, word by word), restores the older
 * one as a draft (nothing is published), and the screen passes axe with no violation.
 */
/** The screen as loaded (no toast left from the previous step: the toasts are audited elsewhere), then axe. */
async function reloadedViolations(page: Page): Promise<string[]> {
  await page.reload();
  await hydrated(page);
  return axeViolations(page);
}

test("an editor opens the history, compares two versions and restores one as a draft", async ({ page }) => {
  test.setTimeout(120_000);
  const account = await createAccount({ email: uniqueEmail("historique"), role: "editor" });
  await signInApi(page, e2eBaseURL(), account.email);
  const title = `Historique ${Date.now().toString(36)}`;

  await page.goto("/admin/formations/new");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page).toHaveURL(/\/admin\/formations\/[0-9a-f-]{36}$/);
  const editorUrl = page.url();
  await hydrated(page);
  await page.getByRole("textbox", { name: "Résumé" }).fill("Apprendre à relire un historique de versions sans rien perdre.");
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Brouillon enregistré" }).last()).toBeVisible();

  await page.getByRole("link", { name: "Historique des versions" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  await expect(page.getByTestId("revision-row")).toHaveCount(2);
  await hydrated(page);
  await page.getByRole("button", { name: "Comparer les deux versions choisies" }).click();
  const diff = page.getByTestId("revision-diff");
  await expect(diff.getByTestId("diff-field").filter({ hasText: "Résumé" })).toBeVisible();
  await expect(diff.locator("ins")).toContainText("relire un historique");
  expect(await reloadedViolations(page)).toEqual([]);

  // Restore the older version (the first one saved): a new draft, nothing published.
  await page
    .getByTestId("revision-row")
    .nth(1)
    .getByRole("button", { name: /Restaurer comme brouillon/ })
    .click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Brouillon restauré" })).toBeVisible();
  await expect(page.getByTestId("revision-row")).toHaveCount(3);
  await expect(page.getByTestId("revision-row").first()).toContainText("Brouillon restauré");
  await expect(page.getByTestId("diff-field").filter({ hasText: "Résumé" })).toBeVisible();
  expect(await reloadedViolations(page)).toEqual([]);

  // The editor opens the restored draft; the formation is still an unpublished draft with today's summary.
  await page.getByRole("link", { name: "Ouvrir ce brouillon dans l'éditeur" }).click();
  await expect(page.getByRole("note").filter({ hasText: "brouillon restauré" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Résumé" })).toHaveValue("");
  await page.goto(editorUrl);
  await expect(page.getByTestId("formation-status")).toContainText("Brouillon");
  await expect(page.getByRole("textbox", { name: "Résumé" })).toHaveValue("Apprendre à relire un historique de versions sans rien perdre.");
});

test("« ?a-la-date= » shows staff a formation as it was that day, and is ignored for visitors", async ({ page, request }) => {
  const catalogue = await (await request.get("/formations")).text();
  const slug = /href="\/formations\/([a-z0-9-]+)"/.exec(catalogue)?.[1];
  expect(slug).toBeTruthy();
  // A visitor: the query string changes nothing (today's page, no staff banner, no 404 for a date without history).
  const anonymous = await request.get(`/formations/${slug}?a-la-date=2020-01-01`);
  expect(anonymous.status()).toBe(200);
  expect(await anonymous.text()).not.toContain('data-testid="as-of"');
  // Staff: the page of that day, marked as such; before any version was saved, there is nothing to show.
  const account = await createAccount({ email: uniqueEmail("a-la-date"), role: "editor" });
  await signInApi(page, e2eBaseURL(), account.email);
  // The pack's day is a day in Paris.
  const today = todayInParis();
  await page.goto(`/formations/${slug}?a-la-date=${today}`);
  await expect(page.getByTestId("as-of")).toHaveText(today);
  expect((await page.goto(`/formations/${slug}?a-la-date=2020-01-01`))?.status()).toBe(404);
});

test("the evidence pack: roles, bad date, the ZIP, and axe on /admin/qualiopi", async ({ page, playwright }) => {
  test.setTimeout(90_000);
  // A visitor never reaches the pack.
  const anonymous = await playwright.request.newContext({ baseURL: e2eBaseURL(), maxRedirects: 0 });
  expect((await anonymous.get("/admin/qualiopi/export?date=2027-01-01")).status()).not.toBe(200);
  await anonymous.dispose();

  const account = await createAccount({ email: uniqueEmail("qualiopi"), role: "editor" });
  await signInApi(page, e2eBaseURL(), account.email);
  // An editor: the legal documents' history is for admins (403), an unknown item is a 404, a bad date a 400.
  expect((await page.request.get("/admin/historique/legal_document/cgv")).status()).toBe(403);
  expect((await page.request.get("/admin/historique/formation/inconnue")).status()).toBe(404);
  expect((await page.request.get("/admin/qualiopi/export?date=2027-13-45")).status()).toBe(400);
  // The pack's day is a day in Paris.
  const today = todayInParis();
  const zip = await page.request.get(`/admin/qualiopi/export?date=${today}`);
  expect(zip.status()).toBe(200);
  expect(zip.headers()["content-type"]).toBe("application/zip");
  expect((await zip.body()).subarray(0, 2).toString()).toBe("PK");

  await page.goto(`/admin/qualiopi?date=${today}`);
  await expect(page.getByTestId("pack-formation").first()).toBeVisible();
  await page.goto("/admin/qualiopi?date=2027-13-45");
  await expect(page.locator("#pack-date-error")).toBeVisible();
  await page.goto(`/admin/qualiopi?date=${today}`);
  expect(await reloadedViolations(page)).toEqual([]);
});
