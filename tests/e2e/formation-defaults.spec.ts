import { expect, test } from "@playwright/test";
import { formationDefaultsSchema } from "~/domain/formations/defaults";
import { saveFormationDefaults } from "~/domain/formations/defaults.server";
import { createCategory } from "~/domain/formations/categories.server";
import { categoryInput } from "~/domain/formations/test-fixtures";
import { valueOf } from "~/platform/validation/errors";
import { hydrated } from "./support/hydration";
import { ownServer } from "./support/own-server";

/**
 * The organisation's formation defaults (/admin/parametres/formations) are an admin's setting; a new
 * formation starts from them: prefilled, each marked as a default, editable; what the editor changes
 * is what is saved. A server of its own, so that the defaults saved here do not reach the other
 * tests' imports.
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

const own = ownServer("defaults");

test.beforeAll(async () => {
  await saveFormationDefaults(DEFAULTS, own.db);
  valueOf(await createCategory(categoryInput(), { db: own.db }));
});

test("a new formation starts from the organisation's defaults, marked as such and editable", async ({ browser }) => {
  const page = await own.page(browser, "editor");
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
  const saved = await own.db
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
  await page.context().close();
});

test("the formation defaults are an admin's setting: French field messages, saved with a toast, refused to an editor", async ({
  browser,
}) => {
  const page = await own.page(browser, "admin");
  await page.goto("/admin/parametres/formations");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Valeurs par défaut des formations");
  const email = page.getByLabel("Contact (e-mail)", { exact: true });
  await expect(email).toHaveValue(DEFAULTS.contactEmail);
  await email.fill("pas-une-adresse");
  await email.blur();
  await expect(page.getByText("L'e-mail du contact n'est pas une adresse e-mail valide.").first()).toBeVisible();
  // The server answers the same without the browser's help.
  const refused = await page.request.post("/admin/parametres/formations", {
    headers: { origin: own.url },
    form: { contactEmail: "pas-une-adresse", vatMode: "ht" },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain("L'e-mail du contact n'est pas une adresse e-mail valide.");
  // A valid address is saved, and is what the screen shows from then on.
  await email.fill("inscriptions@exemple.fr");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Valeurs par défaut enregistrées" })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Contact (e-mail)", { exact: true })).toHaveValue("inscriptions@exemple.fr");
  await page.context().close();

  const editor = await own.page(browser, "editor");
  expect((await editor.goto("/admin/parametres/formations"))?.status()).toBe(403);
  await editor.context().close();
});
