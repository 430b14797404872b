import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { closeDbHandle, openDb, type Db } from "~/platform/db/db.server";
import { insertAccount } from "../support/account-rows";
import { startServer, waitReady, type ServerProcess } from "../support/server-process";
import { PASSWORD, signInApi } from "./support/accounts";

/**
 * The dashboard's go-live checklist names every remaining demo value with a link to the field or
 * record that replaces it; a demo record edited and saved by staff leaves the list. A server of its
 * own with the demo content, so that the edit does not change the other tests' data.
 */
let server: ServerProcess;
let dataDir: string;
let database: Db;

// A server of its own: its first start (migrations, build loading) may be slow on a busy machine.
test.setTimeout(120_000);

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "site-go-live-"));
  server = await startServer({ DATA_DIR: dataDir });
  await waitReady(server);
  database = openDb({ engine: "sqlite", file: path.join(dataDir, "site.db") }).db;
  await insertAccount(database, { email: "direction@exemple.fr", password: PASSWORD, role: "admin" });
});

test.afterAll(async () => {
  if (database) await closeDbHandle(database);
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("the checklist names each demo field and record; one edited by staff leaves it", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url, locale: "fr-FR" });
  const page = await context.newPage();
  await signInApi(page, server.url, "direction@exemple.fr");
  await page.goto("/admin");

  const legal = page.getByTestId("go-live-legal");
  await expect(legal.getByRole("link", { name: "SIRET", exact: true })).toHaveAttribute("href", "/admin/parametres#org-siret");
  await legal.getByRole("link", { name: "SIRET", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/parametres#org-siret$/);
  await expect(page.locator("#org-siret")).toBeVisible();

  await page.goto("/admin");
  const items = page.getByTestId("go-live-arguments").getByRole("listitem");
  const count = await items.count();
  expect(count).toBeGreaterThan(1);
  const first = (await items.first().textContent())!.trim();
  await items.first().getByRole("link").click();
  await expect(page.locator("input[name=title]")).toHaveValue(first);
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page).not.toHaveURL(/modifier=/);

  await page.goto("/admin");
  await expect(page.getByTestId("go-live-arguments").getByRole("listitem")).toHaveCount(count - 1);
  await expect(page.getByTestId("go-live-arguments").getByRole("link", { name: first, exact: true })).toHaveCount(0);
  await page.goto("/admin/temoignages?onglet=arguments");
  await expect(page.getByRole("listitem").filter({ hasText: first }).getByText("Démonstration")).toHaveCount(0);
  await context.close();
});
