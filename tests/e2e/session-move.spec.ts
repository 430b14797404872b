import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createAccount, serverDb, signInApi, testClientIp, uniqueEmail } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { newExcelSession, registerOverHttp } from "./support/sessions";
import { hydrated } from "./support/hydration";

/**
 * Moving a session that has registrants (README, « Déplacer une session »): staff are asked first,
 * with the number of registrations and trainees, with JavaScript (a dialog) and without (the form
 * comes back with the warning and a confirmation button); then every contact and trainee is e-mailed.
 */

async function sessionRow(sessionId: string) {
  return serverDb()
    .selectFrom("formation_sessions")
    .select(["start_date", "end_date", "day_start"])
    .where("id", "=", sessionId)
    .executeTakeFirstOrThrow();
}

async function movedMails(sessionId: string) {
  return serverDb()
    .selectFrom("mail_queue as m")
    .innerJoin("registrations as r", "r.id", "m.registration_id")
    .select(["m.to_address", "m.purpose"])
    .where("r.session_id", "=", sessionId)
    .where("m.purpose", "in", ["session-deplacee", "deplacee-stagiaire"])
    .execute();
}

/** A convocation issued before the move (its file is not needed to flag it). */
async function issuedConvocation(sessionId: string) {
  const registration = await serverDb()
    .selectFrom("registrations")
    .select("id")
    .where("session_id", "=", sessionId)
    .executeTakeFirstOrThrow();
  await serverDb()
    .insertInto("documents")
    .values({
      id: randomUUID(),
      number: `CONVOC-2099-${randomUUID().slice(0, 8)}`,
      kind: "convocation",
      subject_key: `convocation:${randomUUID()}`,
      session_id: sessionId,
      registration_id: registration.id,
      trainee_id: null,
      version: 1,
      state: "actif",
      storage_key: "documents/2099/absent.pdf",
      filename: "convocation.pdf",
      size: 1,
      created_by: "editeur@example.org",
      created_at: new Date(Date.now() - 60_000).toISOString(),
    })
    .execute();
}

test("with JavaScript: a dialog names the registrations and trainees; cancelling saves nothing, confirming e-mails them", async ({
  page,
  request,
  baseURL,
}) => {
  const sessionId = await newExcelSession(serverDb(), 6, "2099-10-05", "2099-10-06");
  await registerOverHttp(request, sessionId, uniqueEmail("contact-deplacement"), [
    ["Anne", "Durand", uniqueEmail("anne")],
    ["Bruno", "Petit", uniqueEmail("bruno")],
  ]);
  await issuedConvocation(sessionId);
  const editor = await createAccount({ email: uniqueEmail("editrice-deplacement"), role: "editor" });
  await signInApi(page, baseURL!, editor.email);
  await page.goto(`/admin/sessions/${sessionId}`);
  await hydrated(page);

  await page.getByLabel("Premier jour").fill("2099-10-12");
  await page.getByLabel("Dernier jour").fill("2099-10-13");
  await page.getByRole("button", { name: "Enregistrer la session" }).click();
  const dialog = page.getByRole("dialog", { name: "Déplacer la session\u00a0?" });
  await expect(dialog).toContainText("Cette session a 1\u00a0inscription en cours (2\u00a0stagiaires).");
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toBeHidden();
  expect((await sessionRow(sessionId)).start_date).toBe("2099-10-05");

  await page.getByRole("button", { name: "Enregistrer la session" }).click();
  await dialog.getByRole("button", { name: "Confirmer et prévenir les inscrits" }).click();
  await expect(page.getByText("Session déplacée\u00a0: 3\u00a0e-mails aux inscrits.").first()).toBeVisible();
  expect(await sessionRow(sessionId)).toMatchObject({ start_date: "2099-10-12", end_date: "2099-10-13" });
  expect(await movedMails(sessionId)).toHaveLength(3);
  await expect(page.getByRole("heading", { name: "À régénérer\u00a0: 1\u00a0document" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("without JavaScript: the form comes back with the warning, what was typed, and a button that confirms", async ({
  browser,
  request,
  baseURL,
}) => {
  const sessionId = await newExcelSession(serverDb(), 6, "2099-11-02", "2099-11-03");
  await registerOverHttp(request, sessionId, uniqueEmail("contact-sans-js"), [["Chloé", "Martin", uniqueEmail("chloe")]]);
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": testClientIp() } });
  const page = await context.newPage();
  const editor = await createAccount({ email: uniqueEmail("editeur-sans-js"), role: "editor" });
  await signInApi(page, baseURL!, editor.email);
  await issuedConvocation(sessionId);
  await page.goto(`/admin/sessions/${sessionId}`);
  await expect(page.getByRole("heading", { name: /À régénérer/ })).toHaveCount(0);

  await page.getByLabel("Début de journée").fill("09:30");
  await page.getByRole("button", { name: "Enregistrer la session" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Confirmez le déplacement" })).toContainText(
    "Cette session a 1\u00a0inscription en cours (1\u00a0stagiaire).",
  );
  await expect(page.getByLabel("Début de journée")).toHaveValue("09:30");
  expect((await sessionRow(sessionId)).day_start).toBe("09:00");
  expect(await movedMails(sessionId)).toHaveLength(0);

  await page.getByRole("button", { name: "Confirmer et prévenir les inscrits" }).click();
  await expect(page.getByRole("button", { name: "Enregistrer la session" })).toBeVisible();
  expect((await sessionRow(sessionId)).day_start).toBe("09:30");
  expect(await movedMails(sessionId)).toHaveLength(2);
  // The convocation issued before is flagged on the session's page.
  await expect(page.getByRole("heading", { name: "À régénérer\u00a0: 1\u00a0document" })).toBeVisible();
  await expect(page.getByText(/Convocation CONVOC-2099-\S+, du .+ — à régénérer/)).toBeVisible();
  await context.close();
});

test("a viewer cannot move a session, and moving a session that does not exist answers 404", async ({ browser, request, baseURL }) => {
  const sessionId = await newExcelSession(serverDb(), 6, "2099-12-07", "2099-12-08");
  await registerOverHttp(request, sessionId, uniqueEmail("contact-role"), [["Inès", "Roux", uniqueEmail("ines")]]);
  const move = {
    intent: "details",
    confirmation: "oui",
    kind: "inter",
    startDate: "2099-12-14",
    endDate: "2099-12-15",
    dayStart: "09:00",
    dayEnd: "17:00",
    address: "",
  };
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": testClientIp() } });
  try {
    const page = await context.newPage();
    const viewer = await createAccount({ email: uniqueEmail("lecteur-deplacement"), role: "viewer" });
    await signInApi(page, baseURL!, viewer.email);
    const refused = await page.request.post(`/admin/sessions/${sessionId}`, { form: move, headers: { origin: baseURL! }, maxRedirects: 0 });
    expect(refused.status()).not.toBe(200);
    expect((await sessionRow(sessionId)).start_date).toBe("2099-12-07");
    expect(await movedMails(sessionId)).toHaveLength(0);

    const editor = await createAccount({ email: uniqueEmail("editeur-introuvable"), role: "editor" });
    await context.clearCookies();
    await signInApi(page, baseURL!, editor.email);
    const missing = await page.request.post(`/admin/sessions/${randomUUID()}`, {
      form: move,
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect(missing.status()).toBe(404);
  } finally {
    await context.close();
  }
});
