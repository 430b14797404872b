import { readFileSync } from "node:fs";
import { expectNoAxeViolationsAt } from "./support/axe";
import { serverDb, testClientIp, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydration";
import { forgetSpaceOf, newPerson, spaceLink } from "./support/space";
import { openPass, visitAll } from "./support/page-pass";
import { registerOverHttp } from "./support/sessions";

/**
 * The client's and trainee's space (README « Espace client et stagiaire »): a company registers two
 * trainees; the contact signs in by link and sees both trainees and the convention; a trainee signs
 * in and sees their convocation and calendar file, nothing of the other trainee. axe finds no
 * violation on the space's screens at 375 and 1280 px.
 */

test("a contact and a trainee sign in by link and see what concerns them, and only that", async ({
  browser,
  request,
  baseURL,
  staff: staffAccount,
  newSession,
}) => {
  test.setTimeout(120_000);
  const sessionId = await newSession({ seats: 5 });
  const contact = uniqueEmail("lea-espace");
  const ana = uniqueEmail("ana-espace");
  const bruno = uniqueEmail("bruno-espace");
  try {
    await journey();
  } finally {
    await forgetSpaceOf([sessionId], [contact, ana, bruno]);
  }

  async function journey() {
    await registerOverHttp(request, sessionId, contact, [
      ["Ana", "Durand", ana],
      ["Bruno", "Petit", bruno],
    ]);
    const registration = await serverDb()
      .selectFrom("registrations")
      .select(["id", "reference"])
      .where("contact_email", "=", contact)
      .executeTakeFirstOrThrow();

    // Staff generate the convention and Ana's convocation; a staff session does not open a space.
    const staff = await newPerson(browser);
    await staffAccount(staff.page, "editor");
    await staff.page.goto(`/admin/sessions/${sessionId}/documents`);
    await hydrated(staff.page);
    await staff.page.getByRole("button", { name: "Générer la convention" }).click();
    await expect(staff.page.getByRole("row", { name: /CONV-\d{4}-\d{4}/ })).toBeVisible();
    const anaRow = staff.page.getByRole("listitem").filter({ hasText: "Ana Durand" });
    await anaRow.getByRole("button", { name: "Convocation" }).click();
    await expect(staff.page.getByRole("row", { name: /CONVOC-\d{4}-\d{4}/ })).toBeVisible();
    await staff.page.goto("/espace");
    await expect(staff.page.getByRole("heading", { name: "Accéder à votre espace" })).toBeVisible();

    // The contact asks for a link, with the same answer an unknown address gets.
    const before = new Date(Date.now() - 1000).toISOString();
    const lea = await newPerson(browser);
    await lea.page.goto("/espace");
    await hydrated(lea.page);
    await expectNoAxeViolationsAt(lea.page);
    await lea.page.getByLabel("Adresse e-mail").fill(contact);
    await lea.page.getByRole("button", { name: "Recevoir le lien" }).click();
    await expect(lea.page.getByTestId("lien-envoye")).toContainText("Si cette adresse correspond à une inscription");
    await lea.page.goto(await spaceLink(contact, before));
    await hydrated(lea.page);
    await lea.page.getByRole("button", { name: "Ouvrir mon espace" }).click();
    await expect(lea.page.getByRole("heading", { name: "Vos inscriptions" })).toBeVisible();
    await expectNoAxeViolationsAt(lea.page);
    // Her data, as a file: the registration and its two trainees.
    const [download] = await Promise.all([
      lea.page.waitForEvent("download"),
      lea.page.getByRole("link", { name: "Télécharger mes données (JSON)" }).click(),
    ]);
    const data = JSON.parse(readFileSync((await download.path())!, "utf8"));
    const kept = data.inscriptionsCommeContact.find((r: { reference: string }) => r.reference === registration.reference);
    expect(kept.stagiaires.map((x: { email: string }) => x.email)).toEqual([ana, bruno]);
    await lea.page.getByRole("link", { name: new RegExp(registration.reference) }).click();
    await expect(lea.page).toHaveURL(new RegExp(`/espace/inscriptions/${registration.id}$`));
    // The trainees, to change until the deadline (the registrant's form).
    await expect(lea.page.locator('input[name="stagiaires.0.email"]')).toHaveValue(ana);
    await expect(lea.page.locator('input[name="stagiaires.1.email"]')).toHaveValue(bruno);
    await expect(lea.page.getByRole("link", { name: /Convention de formation n°\s*CONV-/ })).toBeVisible();
    await hydrated(lea.page);
    await expectNoAxeViolationsAt(lea.page);

    // Staff send Ana the link of her space from the registration's page.
    const beforeAna = new Date(Date.now() - 1000).toISOString();
    await staff.page.goto(`/admin/sessions/${sessionId}`);
    await staff.page.getByRole("link", { name: `Espace client et stagiaires de ${registration.reference}` }).click();
    await hydrated(staff.page);
    await staff.page.getByRole("button", { name: "Envoyer le lien de l'espace à Ana Durand (stagiaire)" }).click();
    await expect(staff.page.getByText(`Lien de l'espace envoyé à ${ana}.`).first()).toBeVisible();

    const anaSpace = await newPerson(browser);
    await anaSpace.page.goto(await spaceLink(ana, beforeAna));
    await anaSpace.page.getByRole("button", { name: "Ouvrir mon espace" }).click();
    await expect(anaSpace.page).toHaveURL(new RegExp(`/espace/formations/${registration.id}$`));
    await expect(anaSpace.page.getByRole("heading", { name: "Votre session" })).toBeVisible();
    await expect(anaSpace.page.getByRole("link", { name: /Convocation/ })).toBeVisible();
    await expect(anaSpace.page.getByRole("link", { name: "Ajouter à mon agenda (.ics)" })).toBeVisible();
    await expect(anaSpace.page.locator("main")).not.toContainText("Bruno");
    await expect(anaSpace.page.locator("main")).not.toContainText(bruno);
    await hydrated(anaSpace.page);
    await expectNoAxeViolationsAt(anaSpace.page);
    const ics = await anaSpace.page.request.get(`/espace/formations/${registration.id}/agenda.ics`);
    expect(ics.status()).toBe(200);
    expect(ics.headers()["content-type"]).toContain("text/calendar");
    expect(await ics.text()).toContain("BEGIN:VEVENT");
    // The contact's page of the registration is not Ana's.
    expect((await anaSpace.page.request.get(`/espace/inscriptions/${registration.id}`)).status()).toBe(404);

    // No document of Bruno's nor the contact's opens for Ana, and her space never opens the admin.
    const documents = await serverDb()
      .selectFrom("documents")
      .select(["id", "kind"])
      .where("registration_id", "=", registration.id)
      .execute();
    for (const d of documents.filter((d) => d.kind === "convention"))
      expect((await anaSpace.page.request.get(`/espace/documents/${d.id}`)).status()).toBe(404);
    expect((await anaSpace.page.request.get("/admin", { maxRedirects: 0 })).status()).not.toBe(200);

    // Bruno, without JavaScript: asks his link, opens it, sees his session and nothing of Ana's.
    const beforeBruno = new Date(Date.now() - 1000).toISOString();
    const brunoContext = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": testClientIp() } });
    const brunoPage = await brunoContext.newPage();
    await brunoPage.goto(`/espace?suite=/espace/formations/${registration.id}`);
    await brunoPage.getByLabel("Adresse e-mail").fill(bruno);
    await brunoPage.getByRole("button", { name: "Recevoir le lien" }).click();
    await expect(brunoPage.getByTestId("lien-envoye")).toBeVisible();
    await brunoPage.goto(await spaceLink(bruno, beforeBruno));
    await brunoPage.getByRole("button", { name: "Ouvrir mon espace" }).click();
    await expect(brunoPage).toHaveURL(new RegExp(`/espace/formations/${registration.id}$`));
    await expect(brunoPage.getByRole("heading", { name: "Votre session" })).toBeVisible();
    await expect(brunoPage.locator("main")).not.toContainText("Ana");
    await expect(brunoPage.getByRole("link", { name: /Convocation/ })).toHaveCount(0);
    const anaConvocation = documents.find((d) => d.kind === "convocation");
    expect(anaConvocation).toBeTruthy();
    expect((await brunoPage.request.get(`/espace/documents/${anaConvocation!.id}`)).status()).toBe(404);
    await brunoContext.close();

    // The page pass on the space's screens (axe at 375 and 1280 px in both themes, French typography,
    // no internal id shown, no console or CSP error), with each person's session.
    const pass = await openPass(browser, baseURL!);
    const problems = await visitAll(pass, [{ path: "/espace", forOutsiders: true, axe: true }]);
    await pass.context.addCookies(await lea.context.cookies());
    problems.push(
      ...(await visitAll(pass, [
        { path: "/espace", forOutsiders: true, axe: true },
        { path: `/espace/inscriptions/${registration.id}`, forOutsiders: true, axe: true },
      ])),
    );
    await pass.context.clearCookies();
    await pass.context.addCookies(await anaSpace.context.cookies());
    problems.push(...(await visitAll(pass, [{ path: `/espace/formations/${registration.id}`, forOutsiders: true, axe: true }])));
    // Staff's page of the registration's space (send the link, last accesses).
    await pass.context.clearCookies();
    await pass.context.addCookies(await staff.context.cookies());
    problems.push(...(await visitAll(pass, [{ path: `/admin/inscriptions/${registration.id}/espace`, forOutsiders: false, axe: true }])));
    await pass.context.close();
    expect(problems).toEqual([]);

    // « Se déconnecter » ends the session.
    await anaSpace.page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(anaSpace.page.getByRole("heading", { name: "Accéder à votre espace" })).toBeVisible();
    expect((await anaSpace.page.request.get(`/espace/formations/${registration.id}`, { maxRedirects: 0 })).status()).toBe(302);

    for (const p of [staff, lea, anaSpace]) await p.context.close();
  }
});
