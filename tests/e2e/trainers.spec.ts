import { axeViolations } from "./support/axe";
import { serverDb } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydration";

/**
 * Trainers (README, « Formateurs »): staff create a trainer, assign them to a session and see the
 * refusal on an overlapping one; a viewer never reaches the screens; the screens pass axe.
 */

test("staff create a trainer, assign them to a session, and an overlapping session is refused", async ({ page, staff, newSession }) => {
  test.setTimeout(60_000);
  const email = `formateur-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@formavia.test`;
  const first = await newSession({ start: "2099-12-15", end: "2099-12-16" });
  const second = await newSession({ start: "2099-12-16", end: "2099-12-17" });
  try {
    await staff(page, "editor");
    await page.goto("/admin/formateurs");
    await expect(page.getByRole("heading", { name: "Formateurs", level: 1 })).toBeVisible();
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);

    // A mistake is said beside its field.
    const form = page.locator("#nouveau-formateur-form");
    await form.getByLabel("Nom et prénom").fill("Irène Joliot");
    await form.getByLabel("Adresse e-mail").fill(email);
    await form.getByLabel("Statut").selectOption("independant");
    await form.getByRole("button", { name: "Ajouter le formateur" }).click();
    await expect(page.locator("#nouveau-formateur-form-siret-error")).toHaveText("Le SIRET est obligatoire pour un formateur externe.");
    await form.getByLabel("SIRET").fill("732 829 320 00074");
    await form.getByLabel("Qualifications").fill("Excel expert");
    await form.getByRole("button", { name: "Ajouter le formateur" }).click();
    await expect(page.getByRole("heading", { name: "Irène Joliot", level: 1 })).toBeVisible();
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`/admin/sessions/${first}`);
    await hydrated(page);
    await page.getByLabel("Affecter un formateur").selectOption({ label: "Irène Joliot" });
    await page.getByRole("button", { name: "Affecter", exact: true }).click();
    await expect(page.getByRole("link", { name: "Irène Joliot" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`/admin/sessions/${second}`);
    await hydrated(page);
    await page.getByLabel("Affecter un formateur").selectOption({ label: "Irène Joliot" });
    await page.getByRole("button", { name: "Affecter", exact: true }).click();
    await expect(page.locator("#affecter-formateur-trainerId-error")).toContainText(
      /Ce formateur anime déjà la session «\u00a0.+\u00a0» du 15 au 16 décembre 2099\./,
    );

    // The trainer's calendar subscription: a secret address, shown once, that serves their sessions.
    await page.goto("/admin/formateurs");
    await page.getByRole("link", { name: "Irène Joliot" }).click();
    await expect(page.getByRole("heading", { name: "Irène Joliot", level: 1 })).toBeVisible();
    await hydrated(page);
    await page.getByRole("button", { name: "Créer un lien d'agenda" }).click();
    const feedUrl = await page.getByLabel("Adresse à transmettre (affichée une seule fois)").inputValue();
    const feed = await page.request.get(new URL(feedUrl).pathname);
    expect(feed.headers()["content-type"]).toContain("text/calendar");
    expect(await feed.text()).toContain("BEGIN:VEVENT");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Révoquer le lien d'agenda" }).click();
    await expect(page.getByRole("button", { name: "Créer un lien d'agenda" })).toBeVisible();
    expect((await page.request.get(new URL(feedUrl).pathname)).status()).toBe(404);

    // A viewer is refused.
    const viewerPage = await page.context().browser()!.newPage();
    await staff(viewerPage, "viewer");
    expect((await viewerPage.request.get("/admin/formateurs", { maxRedirects: 0 })).status()).toBe(403);
    await viewerPage.close();
  } finally {
    const db = serverDb();
    const trainer = await db.selectFrom("trainers").select("id").where("email", "=", email).executeTakeFirst();
    if (trainer) {
      await db.deleteFrom("trainer_slots").where("trainer_id", "=", trainer.id).execute();
      await db.deleteFrom("trainers").where("id", "=", trainer.id).execute();
    }
  }
});
