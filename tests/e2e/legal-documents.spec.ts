import { seedDemoLegalDocuments } from "~/domain/revisions/legal-documents.server";
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydration";
import { OWN_ACCOUNTS, ownServer } from "./support/own-server";
import { registrationPathOf } from "./support/sessions";

/**
 * The CGV and the règlement intérieur (registration asks to accept them through links to these
 * pages): a person reads their text, on the demonstration version of a fresh install, and after an
 * admin publishes a new version (the page's HTML is printed once, never as an object). The version
 * in force is one for the whole site, which every registration accepts: a new one is published on
 * a server of its own.
 */

test("a visitor opens the CGV from the registration form and reads them (fresh install)", async ({ page, context, newSession }) => {
  const sessionId = await newSession({ seats: 4 });
  await page.goto(registrationPathOf(sessionId));
  await hydrated(page);
  const [cgv] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("link", { name: /conditions générales de vente/ }).click(),
  ]);
  await expect(cgv.getByRole("heading", { level: 1 })).toHaveText("Conditions générales de vente");
  await expect(cgv.getByRole("heading", { level: 2, name: "1. Objet" })).toBeVisible();
  await expect(cgv.getByText("Toute inscription vaut acceptation de ces conditions.")).toBeVisible();
  await expect(cgv.locator("main")).not.toContainText("[object Object]");
  // Once hydrated, the text is still there (the browser keeps the server's HTML).
  await hydrated(cgv);
  await expect(cgv.getByText("Toute inscription vaut acceptation de ces conditions.")).toBeVisible();
  await cgv.close();

  const [reglement] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: /règlement intérieur/ }).click()]);
  await expect(reglement.getByRole("heading", { level: 1 })).toHaveText("Règlement intérieur");
  await expect(reglement.locator("main .prose-site h2").first()).toBeVisible();
  await expect(reglement.locator("main")).not.toContainText("[object Object]");
});

test.describe("a new version of the CGV", () => {
  const own = ownServer("cgv");
  // The demonstration CGV and règlement intérieur of a fresh install, and nothing else.
  test.beforeAll(() => seedDemoLegalDocuments(own.db));

  test("after an admin publishes a new version of the CGV, a visitor reads it", async ({ browser }) => {
    const marker = `Clause d'essai ${Date.now().toString(36)}`;
    const body = `## 1. Objet\n\nLes présentes conditions s'appliquent à toute formation. ${marker}.\n\n## 2. Prix\n\n${"Les prix sont indiqués sur chaque fiche formation, en euros, hors taxes ou nets de taxes selon la mention portée. ".repeat(3)}`;
    const visitor = await own.page(browser);
    const page = await own.page(browser, "admin");

    // Before: the demonstration text, marked as such.
    await visitor.goto("/conditions-generales-de-vente");
    await expect(visitor.getByRole("note").filter({ hasText: "Texte de démonstration" })).toBeVisible();
    await expect(visitor.getByText(marker)).toHaveCount(0);

    await page.goto("/admin/textes-legaux?document=cgv");
    await hydrated(page);
    await page.getByRole("textbox", { name: "Conditions générales de vente" }).fill(body);
    await page.getByRole("button", { name: "Publier une nouvelle version" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Nouvelle version publiée" })).toBeVisible();
    const revision = await own.db
      .selectFrom("revisions")
      .select("id")
      .where("entity_type", "=", "legal_document")
      .where("entity_id", "=", "cgv")
      .where("author_email", "=", OWN_ACCOUNTS.admin)
      .executeTakeFirst();
    expect(revision?.id).toBeTruthy();

    // A visitor (no session) opens the public page.
    await visitor.goto("/conditions-generales-de-vente");
    await expect(visitor.getByText(marker)).toBeVisible();
    await expect(visitor.getByRole("heading", { level: 2, name: "2. Prix" })).toBeVisible();
    await expect(visitor.locator("main")).not.toContainText("[object Object]");
    await expect(visitor.getByRole("note").filter({ hasText: "Texte de démonstration" })).toHaveCount(0);
    await visitor.context().close();

    // The admin opens the page too (signed in: the page is rendered, not taken from the cache).
    await page.goto("/conditions-generales-de-vente");
    await expect(page.getByText(marker)).toBeVisible();
    await expect(page.locator("main")).not.toContainText("[object Object]");
    await page.context().close();
  });
});
