import { readFileSync } from "node:fs";
import { pdfText } from "../support/pdf-text";
import { parisCalendarDay } from "~/platform/intl";
import { axeViolations } from "./support/axe";
import { serverDb, testClientIp, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydration";
import { openPass, visitAll } from "./support/page-pass";
import { forgetSpaceOf, spaceLink } from "./support/space";
import { registerOverHttp } from "./support/sessions";

/**
 * Attendance signed online (README « Émargement en ligne »), on a phone (375 px): the staff screen
 * shows the room's code; a trainee opens what its QR code reads, chooses their name, draws a
 * signature and sees « Présence enregistrée »; the trainer, signed in to their space by link on a
 * 320 px screen, shows the room code read here, marks the other trainee absent and countersigns
 * without JavaScript, and can no longer change the closed half-day; staff download the signed
 * sheet. axe finds no violation on the signing page, the trainer's screen and the staff screen.
 */

test("a trainee signs with the room code shown in the trainer's space, the trainer countersigns there, staff download the signed sheet", async ({
  browser,
  request,
  baseURL,
  staff,
  newSession,
}) => {
  test.setTimeout(120_000);
  const sessionId = await newSession({ seats: 3 });
  const trainee = uniqueEmail("ines-emargement");
  const trainerEmail = uniqueEmail("formateur-emargement");
  const trainerId = crypto.randomUUID();
  const db = serverDb();
  try {
    await registerOverHttp(request, sessionId, uniqueEmail("lea-emargement"), [
      ["Inès", "Moreau", trainee],
      ["Hugo", "Petit", uniqueEmail("hugo-emargement")],
    ]);
    // Today, from midnight to midnight: a half-day is open to signing whatever the hour of the run.
    const today = parisCalendarDay(new Date());
    await db
      .updateTable("formation_sessions")
      .set({ start_date: today, end_date: today, day_start: "00:00", day_end: "23:59" })
      .where("id", "=", sessionId)
      .execute();
    // The trainer teaches both half-days of today (staff's assignment, made here in the database).
    const created = new Date().toISOString();
    await db
      .insertInto("trainers")
      .values({ id: trainerId, name: "Marie Curie", email: trainerEmail, status: "interne", created_at: created, updated_at: created })
      .execute();
    await db
      .insertInto("trainer_slots")
      .values(
        ["matin", "apres-midi"].map((part) => ({
          id: crypto.randomUUID(),
          trainer_id: trainerId,
          slot: `${today}:${part}`,
          session_id: sessionId,
          created_at: created,
        })),
      )
      .execute();

    // The trainer, on a 320 px screen, signs in to their space by link and opens the session: the room code.
    const before = new Date(Date.now() - 1000).toISOString();
    const room = await browser.newContext({
      viewport: { width: 320, height: 900 },
      extraHTTPHeaders: { "x-forwarded-for": testClientIp() },
    });
    const screen = await room.newPage();
    await screen.goto("/espace/formateur");
    await hydrated(screen);
    await screen.getByLabel("Adresse e-mail").fill(trainerEmail);
    await screen.getByRole("button", { name: "Recevoir le lien" }).click();
    await expect(screen.getByTestId("lien-envoye")).toBeVisible();
    await screen.goto(await spaceLink(trainerEmail, before));
    await hydrated(screen);
    await screen.getByRole("button", { name: "Ouvrir mon espace" }).click();
    await expect(screen).toHaveURL(/\/espace\/formateur$/);
    await screen.goto(`/espace/formateur/sessions/${sessionId}`);
    await hydrated(screen);
    await expect(screen.getByTestId("code-salle")).toHaveText(/^\d{3}\u00a0\d{3}$/);
    expect(await axeViolations(screen), "écran du formateur").toEqual([]);
    expect(await screen.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const signingAddress = await screen.getByTestId("lien-salle").getAttribute("href");
    expect(signingAddress).toMatch(new RegExp(`^/emargement/${sessionId}\\?d=\\d{4}-\\d{2}-\\d{2}-(matin|apres-midi)&code=\\d{6}$`));

    const phone = await browser.newContext({
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
      extraHTTPHeaders: { "x-forwarded-for": testClientIp() },
    });
    const mobile = await phone.newPage();
    await mobile.goto(signingAddress!);
    await hydrated(mobile);
    await expect(mobile.getByText("Code de la salle reconnu.")).toBeVisible();
    expect(await axeViolations(mobile), "page de signature").toEqual([]);
    await mobile.getByLabel("Votre nom", { exact: true }).selectOption({ label: "Inès Moreau" });
    const pad = mobile.getByTestId("zone-signature");
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await mobile.mouse.move(box.x + 20, box.y + box.height / 2);
    await mobile.mouse.down();
    for (const [dx, dy] of [
      [60, -30],
      [110, 20],
      [170, -25],
      [230, 15],
    ] as const)
      await mobile.mouse.move(box.x + dx, box.y + box.height / 2 + dy, { steps: 5 });
    await mobile.mouse.up();
    await expect(mobile.getByText("Signature dessinée.")).toBeVisible();
    await mobile.getByRole("button", { name: "Signer ma présence" }).click();
    await expect(mobile.getByTestId("presence-enregistree")).toContainText("Présence enregistrée");
    expect(await axeViolations(mobile), "présence enregistrée").toEqual([]);
    // The page fits the phone: nothing wider than the screen.
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The trainer, without JavaScript, marks the other trainee absent and countersigns: the half-day is closed.
    const plain = await browser.newContext({ viewport: { width: 320, height: 900 }, javaScriptEnabled: false });
    await plain.addCookies(await room.cookies());
    const form = await plain.newPage();
    await form.goto(`/espace/formateur/sessions/${sessionId}`);
    await expect(form.getByTestId("stagiaire-Inès Moreau")).toContainText("code affiché en salle, signature dessinée");
    const hugo = form.getByTestId("stagiaire-Hugo Petit");
    await hugo.getByLabel("Statut de Hugo Petit").selectOption("absent");
    await hugo.getByLabel("Motif pour Hugo Petit").fill("Malade");
    await hugo.getByRole("button", { name: "Enregistrer" }).click();
    await expect(form.getByRole("status")).toContainText("Statut enregistré.");
    await expect(form.getByTestId("stagiaire-Hugo Petit")).toContainText("Malade");
    await form.getByLabel("Nom du signataire").fill("Marie Curie");
    await form.getByRole("button", { name: "Contre-signer et clore" }).click();
    await expect(form.getByRole("heading", { level: 3, name: /close le .+Marie Curie/ })).toBeVisible();
    await plain.close();

    // Closed: the trainer reads it but changes nothing more (staff only); their screen stays axe-clean.
    await screen.reload();
    await hydrated(screen);
    await expect(screen.getByText("seule l'équipe de l'organisme peut encore la corriger")).toBeVisible();
    await expect(screen.getByLabel("Statut de Hugo Petit")).toHaveCount(0);
    await expect(screen.getByTestId("code-salle")).toHaveCount(0);
    expect(await axeViolations(screen), "demi-journée close, écran du formateur").toEqual([]);
    expect(await screen.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // Staff: the history keeps the signature, the absence and the countersignature, chained.
    const desk = await browser.newContext({ viewport: { width: 375, height: 900 } });
    const office = await desk.newPage();
    await staff(office, "editor");
    await office.goto(`/admin/sessions/${sessionId}/emargement`);
    await hydrated(office);
    await expect(office.getByRole("heading", { level: 2, name: /close le/ })).toBeVisible();
    await expect(office.getByText(/Chaîne intacte \(3 enregistrements\)/)).toBeVisible();
    expect(await axeViolations(office), "écran de l'équipe").toEqual([]);

    await office.getByRole("button", { name: "Générer la feuille d'émargement signée (PDF)" }).click();
    const [download] = await Promise.all([office.waitForEvent("download"), office.getByTestId("feuille-signee").click()]);
    const text = await pdfText(readFileSync((await download.path())!));
    expect(text).toContain("MOREAU Inès");
    expect(text).toMatch(/Signé le .+ à \d{1,2} h \d{2} \(code affiché en salle, signature dessinée\)/);
    expect(text).toContain("Contre-signature du formateur");
    expect(text).toContain("Annexe : preuve de l'émargement en ligne");
    // The page pass's checks (text, French typography, axe in both themes and widths) on the screens.
    const pass = await openPass(browser, baseURL!);
    await pass.context.addCookies(await desk.cookies());
    const problems = await visitAll(pass, [
      { path: `/admin/sessions/${sessionId}/emargement`, forOutsiders: false, axe: true },
      { path: `/admin/sessions/${sessionId}`, forOutsiders: false },
    ]);
    await pass.context.clearCookies();
    await pass.context.addCookies(await room.cookies());
    problems.push(...(await visitAll(pass, [{ path: `/espace/formateur/sessions/${sessionId}`, forOutsiders: true, axe: true }])));
    await pass.context.clearCookies();
    problems.push(...(await visitAll(pass, [{ path: signingAddress!, forOutsiders: true, axe: true }])));
    await pass.context.close();
    expect(problems).toEqual([]);
    await desk.close();
    await room.close();
    await phone.close();
  } finally {
    await forgetSpaceOf([sessionId], [trainerEmail]);
    await db.deleteFrom("trainer_slots").where("trainer_id", "=", trainerId).execute();
    await db.deleteFrom("trainers").where("id", "=", trainerId).execute();
    // The attendance records go with the session (ON DELETE CASCADE), removed by the fixture.
  }
});

test("without JavaScript, on a 320 px screen, a trainee signs from their reminder's link with an e-mail code and a typed name", async ({
  browser,
  request,
  staff,
  newSession,
}) => {
  test.setTimeout(90_000);
  const sessionId = await newSession({ seats: 3 });
  const trainee = uniqueEmail("bruno-emargement");
  const db = serverDb();
  await registerOverHttp(request, sessionId, uniqueEmail("lea-emargement"), [["Bruno", "Petit", trainee]]);
  const today = parisCalendarDay(new Date());
  await db
    .updateTable("formation_sessions")
    .set({ start_date: today, end_date: today, day_start: "00:00", day_end: "23:59" })
    .where("id", "=", sessionId)
    .execute();

  const desk = await browser.newContext();
  const screen = await desk.newPage();
  await staff(screen, "editor");
  await screen.goto(`/admin/sessions/${sessionId}`);
  await hydrated(screen);
  await expect(screen.getByText("Manquent\u00a0: Bruno Petit").first()).toBeVisible();
  const since = new Date().toISOString();
  await screen.getByRole("button", { name: "Envoyer un rappel aux absents de la signature" }).first().click();
  await expect(screen.getByRole("heading", { name: /^Émargement — / })).toBeVisible();
  const reminder = await db
    .selectFrom("mail_queue")
    .select("text_body")
    .where("to_address", "=", trainee)
    .where("purpose", "=", "emargement-rappel")
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  const link = /https?:\/\/\S+?(\/emargement\/\S+)/.exec(reminder.text_body)?.[1];
  expect(link, reminder.text_body).toBeTruthy();
  await desk.close();

  const phone = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 640 } });
  const page = await phone.newPage();
  await page.goto(link!);
  await expect(page.getByText("Vous signez en tant que Bruno Petit.")).toBeVisible();
  await expect(page.getByTestId("zone-signature")).toHaveCount(0);
  await page.getByRole("button", { name: "Recevoir un code" }).click();
  await expect(page.getByText(/un code à 6\u00a0chiffres vient de lui être envoyé/)).toBeVisible();
  const mail = await db
    .selectFrom("mail_queue")
    .select("subject")
    .where("to_address", "=", trainee)
    .where("purpose", "=", "emargement-code")
    .executeTakeFirstOrThrow();
  const code = /(\d{6})/.exec(mail.subject)![1]!;
  await page.getByLabel("Le code reçu par e-mail").check();
  await page.getByLabel("Code à 6 chiffres").fill(code);
  await page.getByLabel("Ou tapez votre prénom et votre nom").fill("Bruno Petit");
  await page.getByRole("button", { name: "Signer ma présence" }).click();
  await expect(page.getByTestId("presence-enregistree")).toContainText("Présence enregistrée");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  // The same code a second time: already signed, refused.
  await page.goto(link!);
  await expect(page.getByText(/Vous avez signé cette demi-journée le /)).toBeVisible();
  await phone.close();
});
