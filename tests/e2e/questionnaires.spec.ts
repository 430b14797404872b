import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectNoAxeViolationsAt } from "./support/axe";
import { e2eDataDir, serverDb, testClientIp, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydration";
import { registerOverHttp } from "./support/sessions";

/**
 * Questionnaires (README « Questionnaires »): a trainee answers the à-chaud questionnaire at 375 px
 * from the e-mail's signed link, once without JavaScript (errors beside the questions, a partial
 * answer saved, then sent) and once with it; a second sending is impossible; staff see the answers
 * on the results screen. axe finds no violation on the answer and results screens. The sending
 * itself (end of session, once, one reminder) is tested by app/domain/questionnaires/questionnaires.test.ts.
 *
 * The invitations are written here as the sending writes them, for a session of this test far in the
 * future (out of every published figure: only sessions ended in the last 12 months count), and
 * dated then too, so that they never start the period of the computed figures; removed after.
 */

/** The e-mail's signed link (app/platform/http/signed-link.server.ts), with the e2e server's secret. */
function signedPath(id: string): string {
  const secret = readFileSync(path.join(e2eDataDir(), "auth-secret"), "utf8").trim();
  const expires = Math.floor(Date.now() / 1000) + 60 * 86_400;
  const signature = createHmac("sha256", secret).update(`questionnaire:${id}:${expires}`).digest("base64url").slice(0, 32);
  return `/questionnaires/${id}.${expires}.${signature}`;
}

async function invite(sessionId: string, trainee: { id: string; email: string; name: string; registrationId: string }): Promise<string> {
  const db = serverDb();
  const session = await db
    .selectFrom("formation_sessions")
    .select(["formation_id", "end_date"])
    .where("id", "=", sessionId)
    .executeTakeFirstOrThrow();
  const id = randomUUID();
  const at = `${session.end_date}T17:30:00.000Z`;
  await db
    .insertInto("questionnaire_invitations")
    .values({
      id,
      questionnaire_id: "questionnaire-a_chaud",
      use: "a_chaud",
      person_kind: "stagiaire",
      person_key: trainee.id,
      scope: sessionId,
      version_id: null,
      formation_id: session.formation_id,
      session_id: sessionId,
      session_end: session.end_date,
      registration_id: trainee.registrationId,
      email: trainee.email,
      person_name: trainee.name,
      sent_at: at,
      reminded_at: null,
      answered_at: null,
      overall: null,
      recommend: null,
      score: null,
      anonymised_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

const group = (page: Page, name: RegExp) => page.getByRole("group", { name });

test("a trainee answers at 375 px without JavaScript and with it; staff see the answers", async ({
  browser,
  request,
  staff,
  page,
  newSession,
}) => {
  test.setTimeout(120_000);
  const sessionId = await newSession({ seats: 4 });
  const contact = uniqueEmail("contact-questionnaire");
  const ana = uniqueEmail("ana-questionnaire");
  const bruno = uniqueEmail("bruno-questionnaire");
  const invitations: string[] = [];
  try {
    await registerOverHttp(request, sessionId, contact, [
      ["Ana", "Durand", ana],
      ["Bruno", "Petit", bruno],
    ]);
    const trainees = await serverDb()
      .selectFrom("registration_trainees as t")
      .innerJoin("registrations as r", "r.id", "t.registration_id")
      .select(["t.id", "t.email", "t.first_name", "t.last_name", "r.id as registration_id"])
      .where("r.session_id", "=", sessionId)
      .execute();
    for (const t of trainees)
      invitations.push(
        await invite(sessionId, { id: t.id, email: t.email, name: `${t.first_name} ${t.last_name}`, registrationId: t.registration_id }),
      );
    const links = trainees.map((t, i) => ({ email: t.email, path: signedPath(invitations[i]!) }));
    const anaLink = links.find((l) => l.email === ana);
    const brunoLink = links.find((l) => l.email === bruno);

    // Without JavaScript, on a phone.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 375, height: 800 },
      extraHTTPHeaders: { "x-forwarded-for": testClientIp() },
    });
    const plain = await noScript.newPage();
    await plain.goto(anaLink!.path);
    await expect(plain.getByRole("heading", { level: 1, name: "Votre avis sur la formation" })).toBeVisible();
    expect(await plain.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Sent empty: each message beside its question, and in the summary.
    await plain.getByRole("button", { name: "Envoyer mes réponses" }).click();
    await expect(plain.getByRole("alert")).toContainText("Le formulaire contient 3 erreurs");
    await expect(group(plain, /Dans l'ensemble/)).toContainText("Choisissez une note de 1 à 5.");
    // A partial answer saved, found again.
    await group(plain, /Dans l'ensemble/)
      .getByLabel("5 — tout à fait")
      .check();
    await plain.getByRole("button", { name: "Enregistrer et finir plus tard" }).click();
    await expect(plain.getByTestId("questionnaire-enregistre")).toBeVisible();
    await plain.goto(anaLink!.path);
    await expect(group(plain, /Dans l'ensemble/).getByLabel("5 — tout à fait")).toBeChecked();
    await group(plain, /objectifs annoncés/)
      .getByLabel("4", { exact: true })
      .check();
    await group(plain, /Recommanderiez-vous/)
      .getByLabel("Oui")
      .check();
    await plain.getByLabel("Que pourrions-nous améliorer").fill("Plus d'exercices sur les segments, s'il vous plaît.");
    await plain.getByRole("button", { name: "Envoyer mes réponses" }).click();
    await expect(plain.getByTestId("questionnaire-merci")).toBeVisible();
    await plain.goto(anaLink!.path);
    await expect(plain.getByTestId("questionnaire-merci")).toBeVisible();
    await expect(plain.getByRole("button", { name: "Envoyer mes réponses" })).toHaveCount(0);
    await noScript.close();

    // With JavaScript: the same page, checked in the browser first; axe at 375 and 1280 px.
    const scripted = await browser.newContext({
      viewport: { width: 375, height: 800 },
      extraHTTPHeaders: { "x-forwarded-for": testClientIp() },
    });
    const js = await scripted.newPage();
    await js.goto(brunoLink!.path);
    await hydrated(js);
    await expectNoAxeViolationsAt(js, [375, 1280]);
    await js.setViewportSize({ width: 375, height: 800 });
    await js.getByRole("button", { name: "Envoyer mes réponses" }).click();
    await expect(js.getByRole("alert")).toContainText("3 erreurs");
    await expect(group(js, /Recommanderiez-vous/)).toContainText("Répondez par oui ou par non.");
    await group(js, /Dans l'ensemble/)
      .getByLabel("3", { exact: true })
      .check();
    await group(js, /objectifs annoncés/)
      .getByLabel("3", { exact: true })
      .check();
    await group(js, /Recommanderiez-vous/)
      .getByLabel("Non")
      .check();
    await js.getByRole("button", { name: "Envoyer mes réponses" }).click();
    await expect(js.getByTestId("questionnaire-merci")).toBeVisible();
    await expectNoAxeViolationsAt(js, [375]);
    await scripted.close();

    // Staff: the results of the session, the free text, axe.
    await staff(page, "editor");
    await page.goto(`/admin/questionnaires/questionnaire-a_chaud/resultats?session=${sessionId}`);
    await hydrated(page);
    await expect(page.getByTestId("resultat-Réponses")).toHaveText("2");
    await expect(page.getByTestId("resultat-Taux de réponse")).toHaveText("100\u00a0%");
    await expect(page.getByText("Plus d'exercices sur les segments, s'il vous plaît.")).toBeVisible();
    await expectNoAxeViolationsAt(page, [375, 1280]);
    await page.goto(`/admin/questionnaires/questionnaire-a_chaud`);
    await hydrated(page);
    await expectNoAxeViolationsAt(page, [1280]);
  } finally {
    if (invitations.length) await serverDb().deleteFrom("questionnaire_invitations").where("id", "in", invitations).execute();
  }
});
