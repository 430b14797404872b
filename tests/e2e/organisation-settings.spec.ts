import { expect, test, type Page } from "@playwright/test";
import { ORGANISATION_NAME_MAX } from "~/domain/settings/model";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { getOrganisation, saveOrganisation } from "~/domain/settings/settings.server";
import { hydrated } from "./support/hydration";
import { OWN_ACCOUNTS, ownServer } from "./support/own-server";

/**
 * /admin/parametres checks the organisation's identity as every other form does (lengths, a French
 * or international phone number, the SIRET checksum), a save reaches the legal notices, and the
 * public pages hold the longest name it accepts at phone and desktop widths. A server of its own:
 * the identity changes here.
 */
const LONGEST = "Centre Interprofessionnel de Formation Continue AB";

const own = ownServer("organisation");

test("an invalid phone, SIRET or over-long name is refused beside its field, and nothing is saved", async ({ browser }) => {
  expect(LONGEST).toHaveLength(ORGANISATION_NAME_MAX);
  const page = await own.page(browser, "admin", { javaScriptEnabled: false });
  await page.goto("/admin/parametres");
  await expect(page.locator("#org-name")).toHaveAttribute("maxlength", String(ORGANISATION_NAME_MAX));
  await page.locator("#org-phone").fill("appelez-moi 😀");
  await page.locator("#org-siret").fill("73282932000075");
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.locator("#org-phone-error")).toHaveText(
    "Le téléphone n'est pas valide (exemple : 04 72 00 00 00 ou +33 4 72 00 00 00).",
  );
  await expect(page.locator("#org-siret-error")).toHaveText("Ce numéro SIRET n'est pas valide (clé de contrôle incorrecte).");
  // Everything typed stays in the form.
  await expect(page.locator("#org-phone")).toHaveValue("appelez-moi 😀");
  expect((await getOrganisation(own.db)).phone).toBe(DEMO_ORGANISATION.phone);

  // Past the field's limit (a request not sent by this form): refused by the server too.
  const form = new URLSearchParams({ ...Object.fromEntries(Object.entries(DEMO_ORGANISATION)), name: "I".repeat(420) });
  form.delete("logoUrl");
  const response = await page.request.post("/admin/parametres", {
    form: Object.fromEntries(form),
    headers: { origin: own.url },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect((await getOrganisation(own.db)).name).toBe(DEMO_ORGANISATION.name);
  await page.context().close();
});

test("the public pages hold the longest name allowed, at 320, 375 and 1280 px", async ({ browser }) => {
  await saveOrganisation({ ...DEMO_ORGANISATION, name: LONGEST }, own.db);
  for (const width of [320, 375, 1280]) {
    const context = await browser.newContext({ baseURL: own.url, locale: "fr-FR", viewport: { width, height: 800 } });
    const page = await context.newPage();
    for (const pathname of ["/", "/formations", "/contact", "/mentions-legales"]) {
      await page.goto(pathname);
      const header = page.locator("header").first();
      const name = header.getByTestId("site-name");
      await expect(name, `${pathname} à ${width} px`).toContainText(LONGEST);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${pathname} à ${width} px`).toBeLessThanOrEqual(width);
      expect((await header.boundingBox())!.height, `${pathname} à ${width} px`).toBeLessThanOrEqual(72);
      const clipped = await name
        .locator("span")
        .evaluate((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);
      expect(clipped, `nom coupé : ${pathname} à ${width} px`).toBe(false);
    }
    await context.close();
  }
});

/** A sonner toast with its title and text. */
function toastWith(page: Page, title: string, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title }).filter({ hasText: text });
}

test("settings: errors beside each field with the values kept, then a save reaches the legal notices", async ({ browser }) => {
  const page = await own.page(browser, "admin");
  await page.goto("/admin/parametres");
  await hydrated(page);
  const siret = page.getByLabel("SIRET");
  const postalCode = page.getByLabel("Code postal");
  const hostPhone = page.getByLabel("Téléphone de l'hébergeur (facultatif)");
  const original = { siret: await siret.inputValue(), postalCode: await postalCode.inputValue() };
  await siret.fill("12345678901234");
  await postalCode.fill("75");
  await hostPhone.fill("09 72 10 10 07");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  // The shared form pattern: the summary of what to correct takes the focus, each message is beside its field.
  const summary = page.getByRole("alert").filter({ hasText: "Le formulaire contient 2 erreurs" });
  await expect(summary).toBeFocused();
  await expect(page.locator("#org-siret-error")).toHaveText("Ce numéro SIRET n'est pas valide (clé de contrôle incorrecte).");
  await expect(page.locator("#org-postalCode-error")).toHaveText("Le code postal comporte 5 chiffres.");
  await expect(siret).toHaveValue("12345678901234");
  await expect(siret).toHaveAttribute("aria-invalid", "true");
  await expect(hostPhone).toHaveValue("09 72 10 10 07");
  await summary.getByRole("link", { name: /^SIRET/ }).click();
  await expect(siret).toBeFocused();

  await siret.fill(original.siret);
  await postalCode.fill(original.postalCode);
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(toastWith(page, "Paramètres enregistrés", "pied de page")).toBeVisible();
  // After saving, the focus is on the result, not lost on the page.
  await expect(page.getByTestId("mutation-result")).toBeFocused();
  await expect(page.getByTestId("mutation-result")).toContainText("le pied de page et les mentions légales sont à jour");
  await page.goto("/mentions-legales");
  await expect(page.locator("main")).toContainText("09 72 10 10 07");
  await page.goto("/admin/journal?entity=settings");
  await expect(page.getByRole("table")).toContainText(OWN_ACCOUNTS.admin);
  await page.context().close();
});
