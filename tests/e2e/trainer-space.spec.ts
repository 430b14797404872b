import { axeViolations } from "./support/axe";
import { serverDb, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydration";
import { forgetSpaceOf, newPerson, spaceLink } from "./support/space";
import { openPass, visitAll } from "./support/page-pass";
import { registerOverHttp } from "./support/sessions";

/**
 * The trainer's space (README « Espace formateur », docs/decisions/0031-trainer-space.md): staff
 * create a trainer, assign them to a session and see the refusal on an overlapping one; the trainer
 * asks for a link at /espace/formateur, opens their space, sees the session with the trainee's name
 * and company but no e-mail, downloads the attendance sheet, gets their calendar address, and is
 * refused another session. axe finds no violation on the space's screens, which pass the page checks.
 */

test("staff assign a trainer, who opens their space by link and sees their session's trainees without their e-mails", async ({
  browser,
  request,
  baseURL,
  staff: staffAccount,
  newSession,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("formateur-espace");
  const contact = uniqueEmail("contact-formateur");
  const trainee = uniqueEmail("ana-formateur");
  const first = await newSession({ start: "2099-11-23", end: "2099-11-24" });
  const second = await newSession({ start: "2099-11-24", end: "2099-11-25" });
  const people: Array<Awaited<ReturnType<typeof newPerson>>> = [];
  try {
    await registerOverHttp(request, first, contact, [["Ana", "Durand", trainee]], { accessibilite: "Salle de plain-pied" });

    // Staff: the trainer's record, the assignment, the refusal on an overlapping session, the attendance sheet.
    const staff = await newPerson(browser);
    people.push(staff);
    await staffAccount(staff.page, "editor");
    await staff.page.goto("/admin/formateurs");
    await hydrated(staff.page);
    const form = staff.page.locator("#nouveau-formateur-form");
    await form.getByLabel("Nom et prénom").fill("Rosalind Franklin");
    await form.getByLabel("Adresse e-mail").fill(email);
    await form.getByLabel("Statut").selectOption("interne");
    await form.getByRole("button", { name: "Ajouter le formateur" }).click();
    await expect(staff.page.getByRole("heading", { name: "Rosalind Franklin", level: 1 })).toBeVisible();

    await staff.page.goto(`/admin/sessions/${first}`);
    await hydrated(staff.page);
    await staff.page.getByLabel("Affecter un formateur").selectOption({ label: "Rosalind Franklin" });
    await staff.page.getByRole("button", { name: "Affecter", exact: true }).click();
    await expect(staff.page.getByRole("link", { name: "Rosalind Franklin" })).toBeVisible();

    await staff.page.goto(`/admin/sessions/${second}`);
    await hydrated(staff.page);
    await staff.page.getByLabel("Affecter un formateur").selectOption({ label: "Rosalind Franklin" });
    await staff.page.getByRole("button", { name: "Affecter", exact: true }).click();
    await expect(staff.page.locator("#affecter-formateur-trainerId-error")).toContainText(
      /Ce formateur anime déjà la session «\u00a0.+\u00a0» du 23 au 24 novembre 2099\./,
    );

    await staff.page.goto(`/admin/sessions/${first}/documents`);
    await hydrated(staff.page);
    await staff.page.getByRole("button", { name: /Générer la feuille d'émargement/ }).click();
    await expect(staff.page.getByRole("row", { name: /EMARG-\d{4}-\d{4}/ })).toBeVisible();

    // The trainer asks for a link (the neutral answer), opens it, and lands in their space.
    const before = new Date(Date.now() - 1000).toISOString();
    const rosalind = await newPerson(browser);
    people.push(rosalind);
    const { page } = rosalind;
    await page.goto("/espace/formateur");
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByRole("button", { name: "Recevoir le lien" }).click();
    await expect(page.getByTestId("lien-envoye")).toContainText("Si cette adresse est celle d'un formateur de l'organisme");
    await page.goto(await spaceLink(email, before));
    await hydrated(page);
    await page.getByRole("button", { name: "Ouvrir mon espace" }).click();
    await expect(page).toHaveURL(/\/espace\/formateur$/);
    await expect(page.getByRole("heading", { name: "Vos prochaines sessions" })).toBeVisible();
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);

    // Their calendar address, shown once, serves their half-days.
    await page.getByRole("button", { name: "Obtenir mon adresse d'abonnement" }).click();
    const feedUrl = await page.getByLabel(/Votre adresse d'abonnement/).inputValue();
    const feed = await page.request.get(new URL(feedUrl).pathname);
    expect(feed.headers()["content-type"]).toContain("text/calendar");
    expect(await feed.text()).toContain("BEGIN:VEVENT");
    await expect(page.getByRole("button", { name: "Remplacer mon adresse d'abonnement" })).toBeVisible();

    // The session: the trainee's name and company, the needs, the attendance sheet; never an e-mail.
    await page.getByRole("region", { name: "Vos prochaines sessions" }).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/espace/formateur/sessions/${first}$`));
    await expect(page.getByTestId("stagiaires-formateur")).toContainText("Ana Durand — Boulangeries Martin");
    await expect(page.getByText("Salle de plain-pied")).toBeVisible();
    const main = page.locator("main");
    await expect(main).not.toContainText(trainee);
    await expect(main).not.toContainText(contact);
    await expect(main).not.toContainText("06 12 34 56 78");
    const sheet = page.getByRole("link", { name: /Feuille d'émargement n°\s*EMARG-/ });
    await expect(sheet).toBeVisible();
    const pdf = await page.request.get((await sheet.getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);

    // A session they do not teach, and the client's space: not theirs.
    expect((await page.request.get(`/espace/formateur/sessions/${second}`)).status()).toBe(404);
    await page.goto("/espace");
    await expect(page.getByRole("heading", { name: "Accéder à votre espace" })).toBeVisible();

    // The page pass on the trainer space's screens (axe at 375 and 1280 px in both themes, French
    // typography, no internal id shown, no console or CSP error), and on the trainer's admin page.
    const pass = await openPass(browser, baseURL!);
    const problems = await visitAll(pass, [{ path: "/espace/formateur", forOutsiders: true, axe: true }]);
    await pass.context.addCookies(await rosalind.context.cookies());
    problems.push(
      ...(await visitAll(pass, [
        { path: "/espace/formateur", forOutsiders: true, axe: true },
        { path: `/espace/formateur/sessions/${first}`, forOutsiders: true, axe: true },
      ])),
    );
    await pass.context.clearCookies();
    await pass.context.addCookies(await staff.context.cookies());
    const trainerId = (await serverDb().selectFrom("trainers").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    problems.push(...(await visitAll(pass, [{ path: `/admin/formateurs/${trainerId}`, forOutsiders: false, axe: true }])));
    await pass.context.close();
    expect(problems).toEqual([]);

    // « Se déconnecter » ends the trainer's session.
    await page.goto("/espace/formateur");
    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page.getByRole("heading", { name: "Accéder à votre espace" })).toBeVisible();
    expect((await page.request.get(`/espace/formateur/sessions/${first}`, { maxRedirects: 0 })).status()).toBe(302);
  } finally {
    for (const p of people) await p.context.close();
    await forgetSpaceOf([first, second], [email, contact, trainee]);
    const db = serverDb();
    const trainer = await db.selectFrom("trainers").select("id").where("email", "=", email).executeTakeFirst();
    if (trainer) {
      await db.deleteFrom("trainer_slots").where("trainer_id", "=", trainer.id).execute();
      await db.deleteFrom("trainers").where("id", "=", trainer.id).execute();
    }
  }
});
