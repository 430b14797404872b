import { formatDate } from "~/platform/format";
import { todayInParis } from "~/domain/formations/labels";
import { createAccount, e2eBaseURL, signInApi, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydration";
import { fillRegistration, registrationPathOf } from "./support/sessions";

/**
 * What staff read is written in French: counts agree with their number (« 1 place », never
 * « 1 place(s) »), dates are French dates (« du 2 décembre 2026 », never « du 2026-12-02 »), and
 * an unmeasured rate is « non mesurée ».
 */

test("the evidence pack screen dates its download and its formations in French, with agreed words", async ({ page }) => {
  const { email } = await createAccount({ email: uniqueEmail("preuves"), role: "editor" });
  await signInApi(page, e2eBaseURL(), email);
  // Staff reach it from the sidebar, editors included.
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Preuves Qualiopi" }).click();
  await expect(page).toHaveURL(/\/admin\/qualiopi$/);
  const today = formatDate(todayInParis());
  await expect(page.getByRole("link", { name: new RegExp(`^Télécharger le dossier du ${today} `) })).toBeVisible();
  await expect(page.getByRole("heading", { name: new RegExp(`^Formations publiées le ${today} `) })).toBeVisible();
  const main = page.locator("main");
  await expect(main).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(main).not.toContainText("non mesuré,");
  await expect(main.getByText(/réussite non mesurée/).first()).toBeVisible();
});

test("a session's page counts a one-seat registration as « 1 place »", async ({ page, browser, baseURL, newSession }) => {
  const sessionId = await newSession({ seats: 3 });
  // A visitor registers one trainee.
  const visitor = await browser.newContext({ baseURL, locale: "fr-FR" });
  const form = await visitor.newPage();
  await form.goto(registrationPathOf(sessionId));
  await hydrated(form);
  await fillRegistration(form, {
    company: "Atelier Durand",
    address: "12 rue de la République",
    postalCode: "69002",
    city: "Lyon",
    contactName: "Paul Durand",
    contactEmail: uniqueEmail("contact"),
    trainee: ["Paul", "Durand", uniqueEmail("paul")],
  });
  await form.getByRole("button", { name: "Envoyer mon inscription" }).click();
  await expect(form.getByRole("heading", { name: "Votre inscription est bien reçue" })).toBeVisible();
  await visitor.close();

  const { email } = await createAccount({ email: uniqueEmail("session-admin"), role: "admin" });
  await signInApi(page, e2eBaseURL(), email);
  await page.goto(`/admin/sessions/${sessionId}`);
  const main = page.locator("main");
  await expect(main.getByText(/Atelier Durand · .* · 1\u00a0place$/)).toBeVisible();
  await expect(main).not.toContainText("(s)");
  await expect(main).not.toContainText(/\d{4}-\d{2}-\d{2}/);
});
