import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { formatDate } from "~/platform/format";
import { todayInParis } from "~/domain/formations/labels";
import { createAccount, e2eBaseURL, serverDb, signInApi, uniqueEmail } from "./support/accounts";
import { hydrated } from "./support/hydration";

/**
 * What staff read is written in French: counts agree with their number (« 1 place », never
 * « 1 place(s) »), dates are French dates (« du 2 décembre 2026 », never « du 2026-12-02 »), and
 * an unmeasured rate is « non mesurée ».
 */

const EXCEL = "excel-perfectionnement-tableaux-croises-dynamiques";

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

test("a session's page counts a one-seat registration as « 1 place »", async ({ page, browser, baseURL }) => {
  const db = serverDb();
  const formation = await db.selectFrom("formations").select("id").where("slug", "=", EXCEL).executeTakeFirstOrThrow();
  const city = await db.selectFrom("formation_cities").select("city_id").where("formation_id", "=", formation.id).executeTakeFirstOrThrow();
  const sessionId = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto("formation_sessions")
    .values({
      id: sessionId,
      formation_id: formation.id,
      start_date: "2099-10-05",
      end_date: "2099-10-06",
      city_id: city.city_id,
      seats_left: 3,
      created_at: now,
      updated_at: now,
    })
    .execute();
  try {
    // A visitor registers one trainee.
    const visitor = await browser.newContext({ baseURL, locale: "fr-FR" });
    const form = await visitor.newPage();
    await form.goto(`/formations/${EXCEL}/inscription/${sessionId}`);
    await hydrated(form);
    await form.getByLabel("Raison sociale").fill("Atelier Durand");
    await form.locator('[name="adresse"]').fill("12 rue de la République");
    await form.getByLabel("Code postal").fill("69002");
    await form.getByLabel("Ville").fill("Lyon");
    await form.locator('[name="contactNom"]').fill("Paul Durand");
    await form.locator('[name="contactEmail"]').fill(uniqueEmail("contact"));
    await form.locator('[name="stagiaires.0.prenom"]').fill("Paul");
    await form.locator('[name="stagiaires.0.nom"]').fill("Durand");
    await form.locator('[name="stagiaires.0.email"]').fill(uniqueEmail("paul"));
    await form.getByLabel("Fonds propres (l'entreprise ou vous-même)").check();
    await form.locator('[name="cgv"]').check();
    await form.locator('[name="reglement"]').check();
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
  } finally {
    const registrations = await db.selectFrom("registrations").select("id").where("session_id", "=", sessionId).execute();
    const ids = registrations.map((r) => r.id);
    for (const table of ids.length ? (["registration_trainees", "registration_status_history", "registration_offers"] as const) : []) {
      await db
        .deleteFrom(table)
        .where("registration_id", "in", ids)
        .execute()
        .catch(() => undefined);
    }
    await db
      .deleteFrom("registrations")
      .where("session_id", "=", sessionId)
      .execute()
      .catch(() => undefined);
    await db
      .deleteFrom("formation_sessions")
      .where("id", "=", sessionId)
      .execute()
      .catch(() => undefined);
  }
});
