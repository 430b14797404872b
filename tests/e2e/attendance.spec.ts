import { readFileSync } from "node:fs";
import { pdfText } from "../support/pdf-text";
import { parisCalendarDay } from "~/platform/intl";
import { axeViolations } from "./support/axe";
import { serverDb, testClientIp, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydration";
import { registerOverHttp } from "./support/sessions";

/**
 * Attendance signed online (README « Émargement en ligne »), on a phone (375 px): the staff screen
 * shows the room's code; a trainee opens what its QR code reads, chooses their name, draws a
 * signature and sees « Présence enregistrée »; the half-day is countersigned and closed (by staff
 * here: the trainer's space, which will do it too, is built separately), and staff download the
 * signed sheet. axe finds no violation on the signing page and the staff screen.
 */

test("a trainee signs with the room code on a phone, staff countersign and download the signed sheet", async ({
  browser,
  request,
  staff,
  newSession,
}) => {
  test.setTimeout(120_000);
  const sessionId = await newSession({ seats: 3 });
  const trainee = uniqueEmail("ines-emargement");
  const db = serverDb();
  try {
    await registerOverHttp(request, sessionId, uniqueEmail("lea-emargement"), [["Inès", "Moreau", trainee]]);
    // Today, from midnight to midnight: a half-day is open to signing whatever the hour of the run.
    const today = parisCalendarDay(new Date());
    await db
      .updateTable("formation_sessions")
      .set({ start_date: today, end_date: today, day_start: "00:00", day_end: "23:59" })
      .where("id", "=", sessionId)
      .execute();

    const desk = await browser.newContext({ viewport: { width: 375, height: 900 } });
    const screen = await desk.newPage();
    await staff(screen, "editor");
    await screen.goto(`/admin/sessions/${sessionId}/emargement`);
    await hydrated(screen);
    await expect(screen.getByTestId("code-salle")).toHaveText(/^\d{3}\u00a0\d{3}$/);
    expect(await axeViolations(screen), "écran de l'équipe").toEqual([]);
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

    // The countersignature closes the half-day (staff here, standing in for the trainer's space).
    await screen.reload();
    await hydrated(screen);
    await expect(screen.getByTestId("stagiaire-Inès Moreau")).toContainText("code affiché en salle, signature dessinée");
    await screen.getByLabel("Nom du signataire").fill("Marie Curie");
    await screen.getByRole("button", { name: "Contre-signer et clore" }).click();
    await expect(screen.getByRole("heading", { level: 2, name: /close le/ })).toBeVisible();
    await expect(screen.getByText(/Chaîne intacte \(2 enregistrements\)/)).toBeVisible();
    expect(await axeViolations(screen), "demi-journée close").toEqual([]);

    await screen.getByRole("button", { name: "Générer la feuille d'émargement signée (PDF)" }).click();
    const [download] = await Promise.all([screen.waitForEvent("download"), screen.getByTestId("feuille-signee").click()]);
    const text = await pdfText(readFileSync((await download.path())!));
    expect(text).toContain("MOREAU Inès");
    expect(text).toMatch(/Signé le .+ à \d{1,2} h \d{2} \(code affiché en salle, signature dessinée\)/);
    expect(text).toContain("Contre-signature du formateur");
    expect(text).toContain("Annexe : preuve de l'émargement en ligne");
    await desk.close();
    await phone.close();
  } finally {
    await db.deleteFrom("documents").where("session_id", "=", sessionId).execute();
    // The attendance records go with the session (ON DELETE CASCADE), removed by the fixture.
  }
});
