import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { formationDefaultsSchema } from "~/domain/formations/defaults";
import { saveFormationDefaults } from "~/domain/formations/defaults.server";
import { closeDbHandle, openDb, type Db } from "~/platform/db/db.server";
import { createCategory } from "~/domain/formations/categories.server";
import { categoryInput } from "~/domain/formations/test-fixtures";
import { valueOf } from "~/platform/validation/errors";
import { insertAccount } from "../support/account-rows";
import { startServer, waitReady, type ServerProcess } from "../support/server-process";
import { PASSWORD, signInApi } from "./support/accounts";

/**
 * A new formation starts from the organisation's defaults (/admin/parametres/formations): prefilled,
 * each marked as a default, editable; what the editor changes is what is saved. A server of its own,
 * so that the defaults saved here do not reach the other tests' imports.
 */
const DEFAULTS = formationDefaultsSchema.parse({
  contactName: "Service formation",
  contactEmail: "formation@exemple.fr",
  contactPhone: "04 72 00 00 00",
  disabilityContactName: "Claire Martin",
  disabilityContactEmail: "handicap@exemple.fr",
  vatMode: "ht",
  accessLeadTime: "Inscription jusqu'à 10 jours ouvrés avant la session.",
  accessModalities: "Sur entretien préalable avec le responsable pédagogique.",
  teachingMethods: "Apports courts et mises en situation sur les cas des participants.",
  evaluationMethods: "Quiz de positionnement, exercices notés et évaluation à chaud.",
  accessibility: "Locaux accessibles ; adaptations étudiées avec le référent handicap.",
});

let server: ServerProcess;
let dataDir: string;
let database: Db;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "site-defaults-"));
  server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "0" });
  await waitReady(server);
  database = openDb({ engine: "sqlite", file: path.join(dataDir, "site.db") }).db;
  await saveFormationDefaults(DEFAULTS, database);
  valueOf(await createCategory(categoryInput(), { db: database }));
  await insertAccount(database, { email: "redaction@exemple.fr", password: PASSWORD, role: "editor" });
});

test.afterAll(async () => {
  await closeDbHandle(database);
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("a new formation starts from the organisation's defaults, marked as such and editable", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url, locale: "fr-FR" });
  const page = await context.newPage();
  await signInApi(page, server.url, "redaction@exemple.fr");
  await page.goto("/admin/formations/new");
  await expect(page.getByText("11 champs sont préremplis avec les valeurs communes de l'organisme")).toBeVisible();
  const contact = page.getByLabel("Contact pour cette formation");
  await expect(contact).toHaveValue("Service formation");
  await expect(contact).toHaveAccessibleDescription(/Valeur par défaut de l'organisme, modifiable pour cette formation/);
  await expect(page.getByLabel("Méthodes pédagogiques")).toHaveValue(DEFAULTS.teachingMethods);
  await expect(page.getByRole("combobox", { name: /^TVA/ })).toHaveValue("ht");
  await expect(page.getByTestId("default-mark")).toHaveCount(11);
  // A field with no default (the title) carries no mark.
  await expect(page.getByRole("textbox", { name: "Titre", exact: true })).not.toHaveAccessibleDescription(/Valeur par défaut/);

  await page.getByRole("textbox", { name: "Titre", exact: true }).fill("Gérer son temps");
  await page.getByLabel("Catégorie").selectOption({ label: "Bureautique" });
  await contact.fill("Julie Bernard");
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page).toHaveURL(/\/admin\/formations\/[^/n][^/]*$/);
  const saved = await database
    .selectFrom("formations")
    .select(["contact_name", "teaching_methods", "disability_contact_email", "vat_mode"])
    .where("title", "=", "Gérer son temps")
    .executeTakeFirstOrThrow();
  expect(saved).toEqual({
    contact_name: "Julie Bernard",
    teaching_methods: DEFAULTS.teachingMethods,
    disability_contact_email: DEFAULTS.disabilityContactEmail,
    vat_mode: "ht",
  });
  // Once saved, the values are the formation's own: no more « default » marks.
  await expect(page.getByLabel("Contact pour cette formation")).toHaveValue("Julie Bernard");
  await expect(page.getByTestId("default-mark")).toHaveCount(0);
  await context.close();
});
