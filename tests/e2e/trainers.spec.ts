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

test("a trainer's CV stays with staff; their lettre de mission sits with the session's documents; moving onto their other session is refused", async ({
  page,
  request,
  staff,
  newSession,
}) => {
  test.setTimeout(120_000);
  const email = `formatrice-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@formavia.test`;
  const first = await newSession({ start: "2099-11-16", end: "2099-11-17" });
  const second = await newSession({ start: "2099-11-19", end: "2099-11-20" });
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
  try {
    await staff(page, "editor");
    await page.goto("/admin/formateurs");
    await hydrated(page);
    const form = page.locator("#nouveau-formateur-form");
    await form.getByLabel("Nom et prénom").fill("Hélène Langevin");
    await form.getByLabel("Adresse e-mail").fill(email);
    await form.getByLabel("Statut").selectOption("interne");
    await form.getByRole("button", { name: "Ajouter le formateur" }).click();
    await expect(page.getByRole("heading", { name: "Hélène Langevin", level: 1 })).toBeVisible();
    const trainerPage = page.url();
    await hydrated(page);

    // CV: a text file is refused beside the field, a PDF is kept and listed.
    const file = page.getByLabel("Fichier (PDF ou image, 10 Mo au plus)");
    await file.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("pas un PDF") });
    await page.getByRole("button", { name: "Envoyer la pièce" }).click();
    await expect(page.locator("#piece-form-file-error")).toHaveText("Envoyez un PDF ou une image (JPEG, PNG ou WebP).");
    await file.setInputFiles({ name: "CV Hélène.pdf", mimeType: "application/pdf", buffer: pdf });
    await page.getByRole("button", { name: "Envoyer la pièce" }).click();
    const cv = page.getByRole("link", { name: "CV\u00a0: CV-Helene.pdf" });
    await expect(cv).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Staff download it; a visitor is sent to sign in, a viewer refused.
    const href = (await cv.getAttribute("href"))!;
    const download = await page.request.get(href);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("application/pdf");
    expect(download.headers()["cache-control"]).toContain("no-store");
    expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");
    const anonymous = await request.get(href, { maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
    expect(anonymous.headers()["location"]).toMatch(/^\/login/);
    const viewerPage = await page.context().browser()!.newPage();
    await staff(viewerPage, "viewer");
    expect((await viewerPage.request.get(href, { maxRedirects: 0 })).status()).toBe(403);
    await viewerPage.close();

    // Assigned to both sessions; the lettre de mission is generated next to the session's other documents.
    for (const sessionId of [first, second]) {
      await page.goto(`/admin/sessions/${sessionId}`);
      await hydrated(page);
      await page.getByLabel("Affecter un formateur").selectOption({ label: "Hélène Langevin" });
      await page.getByRole("button", { name: "Affecter", exact: true }).click();
      await expect(page.getByRole("link", { name: "Hélène Langevin" })).toBeVisible();
    }
    await page.goto(`/admin/sessions/${first}/documents`);
    await hydrated(page);
    await page.getByRole("button", { name: "Générer la lettre de mission de Hélène Langevin" }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: /Document MISS-\d{4}-\d{4} généré\./ })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Documents générés" }).getByText("Lettre de mission")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Moving the first session onto the second's dates: refused, the other session named beside the date.
    await page.goto(`/admin/sessions/${first}`);
    await hydrated(page);
    await page.getByLabel("Premier jour").fill("2099-11-19");
    await page.getByLabel("Dernier jour").fill("2099-11-20");
    await page.getByRole("button", { name: "Enregistrer la session" }).click();
    await expect(page.locator("#session-startDate-error")).toContainText(
      /La session n'a pas été déplacée\u00a0: Hélène Langevin anime déjà la session «\u00a0.+\u00a0» du 19 au 20 novembre 2099\./,
    );

    // The CV is deleted by staff (its file with it).
    await page.goto(trainerPage);
    await hydrated(page);
    await page.getByRole("button", { name: "Supprimer CV-Helene.pdf" }).click();
    await expect(page.getByText("Aucune pièce pour l'instant.")).toBeVisible();
    expect((await page.request.get(href)).status()).toBe(404);
  } finally {
    const db = serverDb();
    const trainer = await db.selectFrom("trainers").select("id").where("email", "=", email).executeTakeFirst();
    if (trainer) {
      await db.deleteFrom("documents").where("trainer_id", "=", trainer.id).execute();
      await db.deleteFrom("trainer_slots").where("trainer_id", "=", trainer.id).execute();
      await db.deleteFrom("trainer_session_changes").where("trainer_id", "=", trainer.id).execute();
      await db.deleteFrom("trainer_files").where("trainer_id", "=", trainer.id).execute();
      await db.deleteFrom("trainers").where("id", "=", trainer.id).execute();
    }
  }
});
