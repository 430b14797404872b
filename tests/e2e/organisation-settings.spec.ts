import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ORGANISATION_NAME_MAX } from "~/domain/settings/model";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { getOrganisation, saveOrganisation } from "~/domain/settings/settings.server";
import { closeDbHandle, openDb, type Db } from "~/platform/db/db.server";
import { insertAccount } from "../support/account-rows";
import { startServer, waitReady, type ServerProcess } from "../support/server-process";
import { PASSWORD, signInApi } from "./support/accounts";

/**
 * /admin/parametres checks the organisation's identity as every other form does (lengths, a French
 * or international phone number, the SIRET checksum), and the public pages hold the longest name it
 * accepts at phone and desktop widths. A server of its own: the identity changes here.
 */
const LONGEST = "Centre Interprofessionnel de Formation Continue AB";

let server: ServerProcess;
let dataDir: string;
let database: Db;

test.beforeAll(async () => {
  expect(LONGEST).toHaveLength(ORGANISATION_NAME_MAX);
  dataDir = mkdtempSync(path.join(tmpdir(), "site-organisation-"));
  server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "0" });
  await waitReady(server);
  database = openDb({ engine: "sqlite", file: path.join(dataDir, "site.db") }).db;
  await insertAccount(database, { email: "direction@exemple.fr", password: PASSWORD, role: "admin" });
});

test.afterAll(async () => {
  await closeDbHandle(database);
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("an invalid phone, SIRET or over-long name is refused beside its field, and nothing is saved", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url, locale: "fr-FR", javaScriptEnabled: false });
  const page = await context.newPage();
  await signInApi(page, server.url, "direction@exemple.fr");
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
  expect((await getOrganisation(database)).phone).toBe(DEMO_ORGANISATION.phone);

  // Past the field's limit (a request not sent by this form): refused by the server too.
  const form = new URLSearchParams({ ...Object.fromEntries(Object.entries(DEMO_ORGANISATION)), name: "I".repeat(420) });
  form.delete("logoUrl");
  const response = await page.request.post("/admin/parametres", {
    form: Object.fromEntries(form),
    headers: { origin: server.url },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect((await getOrganisation(database)).name).toBe(DEMO_ORGANISATION.name);
  await context.close();
});

test("the public pages hold the longest name allowed, at 320, 375 and 1280 px", async ({ browser }) => {
  await saveOrganisation({ ...DEMO_ORGANISATION, name: LONGEST }, database);
  for (const width of [320, 375, 1280]) {
    const context = await browser.newContext({ baseURL: server.url, locale: "fr-FR", viewport: { width, height: 800 } });
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
