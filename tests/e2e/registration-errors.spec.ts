import { expect, test, type Page } from "@playwright/test";
import { serverDb } from "./support/accounts";
import { removeSessions } from "./support/fixtures";
import { hydrated } from "./support/hydration";
import { newExcelSession, registrationPathOf } from "./support/sessions";

/**
 * The registration form shows every error at the first submission (the browser's check and the
 * server's alike): the missing raison sociale beside the missing funding, not one after the
 * other; and its « Besoins d'adaptation » field has its name (no id shared with a heading).
 */

/** Everything but the raison sociale and the funding. */
async function fillAllButCompanyAndFunding(page: Page) {
  await page.locator('[name="adresse"]').fill("4 quai des Chartrons");
  await page.getByLabel("Code postal").fill("33000");
  await page.getByLabel("Ville").fill("Bordeaux");
  await page.locator('[name="contactNom"]').fill("Léa Martin");
  await page.locator('[name="contactEmail"]').fill("lea.martin@example.org");
  await page.locator('[name="stagiaires.0.prenom"]').fill("Léa");
  await page.locator('[name="stagiaires.0.nom"]').fill("Martin");
  await page.locator('[name="stagiaires.0.email"]').fill("lea.martin@example.org");
  await page.locator('[name="cgv"]').check();
  await page.locator('[name="reglement"]').check();
}

async function expectBothErrors(page: Page) {
  await expect(page.getByText("Indiquez la raison sociale de l'entreprise qui paie la formation.").first()).toBeVisible();
  await expect(page.getByText("Indiquez le financement envisagé.").first()).toBeVisible();
  await expect(page.getByLabel("Raison sociale")).toHaveAttribute("aria-invalid", "true");
}

let sessionId: string;
test.beforeAll(async () => {
  sessionId = await newExcelSession(serverDb(), 3, "2099-09-14", "2099-09-15");
});
test.afterAll(async () => {
  await removeSessions([sessionId]);
});

test("with JavaScript, the first submission shows the missing raison sociale and the missing funding together", async ({ page }) => {
  await page.goto(registrationPathOf(sessionId));
  await hydrated(page);
  await expect(page.getByRole("textbox", { name: /Besoins d'adaptation/ })).toBeVisible();
  await fillAllButCompanyAndFunding(page);
  await page.getByRole("button", { name: "Envoyer mon inscription" }).click();
  await expectBothErrors(page);
  await expect(page.locator('[name="stagiaires.0.nom"]')).toHaveValue("Martin");
});

test("without JavaScript, the server's answer shows the missing raison sociale and the missing funding together", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, locale: "fr-FR" });
  const page = await context.newPage();
  await page.goto(registrationPathOf(sessionId));
  await fillAllButCompanyAndFunding(page);
  await page.getByRole("button", { name: "Envoyer mon inscription" }).click();
  await expectBothErrors(page);
  await expect(page.locator('[name="stagiaires.0.nom"]')).toHaveValue("Martin");
  await context.close();
});
