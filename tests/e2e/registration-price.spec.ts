import { expect, test } from "@playwright/test";
import { formatEuros } from "~/platform/format";
import { serverDb, testClientIp, uniqueEmail } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { EXCEL, newExcelSession, registerOverHttp, registrationPathOf } from "./support/sessions";
import { hydrated } from "./support/hydration";

/**
 * The registration form shows the price per person, the number of trainees and the total, which
 * follows the rows of trainees; the confirmation shows it again (README, « Inscriptions en ligne »).
 */
test("a visitor sees the price, and the total follows the number of trainees", async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": testClientIp() } });
  const page = await context.newPage();
  const formation = await serverDb()
    .selectFrom("formations")
    .select(["price_inter_cents", "vat_mode"])
    .where("slug", "=", EXCEL)
    .executeTakeFirstOrThrow();
  const unit = Number(formation.price_inter_cents) / 100;
  expect(formation.vat_mode).toBe("exonere"); // the demo formation: a training organisation's exempted price
  const sessionId = await newExcelSession(serverDb(), 6, "2099-12-07", "2099-12-08");
  await page.goto(registrationPathOf(sessionId));
  await hydrated(page);

  const price = page.getByTestId("prix-inscription");
  await expect(price).toContainText(`Prix par personne${formatEuros(unit)}\u00a0net de taxe`);
  await expect(price).toContainText("Stagiaires1\u00a0stagiaire");
  await expect(price).toContainText(`Total${formatEuros(unit)}\u00a0net de taxe`);

  await page.getByRole("button", { name: "Ajouter un stagiaire" }).click();
  await expect(price).toContainText("Stagiaires2\u00a0stagiaires");
  await expect(price).toContainText(`Total${formatEuros(2 * unit)}\u00a0net de taxe`);
  await expect(price).toContainText("TVAnon applicable (exonération de TVA, article 261-4-4° a du Code général des impôts)");
  expect(await axeViolations(page)).toEqual([]);

  // Once sent, the confirmation gives the same price for the trainees registered.
  await registerOverHttp(page.request, sessionId, uniqueEmail("contact-prix"), [
    ["Inès", "Roux", uniqueEmail("ines")],
    ["Jules", "Blanc", uniqueEmail("jules")],
    ["Karim", "Noir", uniqueEmail("karim")],
  ]);
  await page.goto(registrationPathOf(sessionId));
  await expect(page.getByRole("heading", { name: "Votre inscription est bien reçue" })).toBeVisible();
  await expect(price).toContainText("Stagiaires3\u00a0stagiaires");
  await expect(price).toContainText(`Total${formatEuros(3 * unit)}\u00a0net de taxe`);
  await context.close();
});
