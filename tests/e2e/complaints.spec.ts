import { expectNoAxeViolationsAt } from "./support/axe";
import { serverDb, testClientIp, waitForMail } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydration";
import { openPass, visitAll } from "./support/page-pass";
import { registerOverHttp } from "./support/sessions";

/**
 * The complaints register (README « Registre des réclamations », Qualiopi indicator 31): a complaint
 * sent from the contact form is acknowledged with its number, answered in the admin, and the answer
 * reaches the sender (the server's outbox); a viewer is refused; the space's form sends one under
 * the signed-in person's identity; axe finds nothing on the space's form, the register and a
 * complaint's page.
 */

test("a complaint from the contact form is answered in the admin, and the answer reaches the sender", async ({
  browser,
  baseURL,
  page,
  staff,
  complainant,
}) => {
  test.setTimeout(120_000);
  const sender = complainant();
  const visitor = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": testClientIp() } });
  const contact = await visitor.newPage();
  await contact.goto("/contact?sujet=reclamation");
  await hydrated(contact);
  await expect(contact.getByLabel("Sujet")).toHaveValue("reclamation");
  await contact.getByLabel("Nom et prénom").fill("Hélène Roussel");
  await contact.getByLabel("Adresse e-mail").fill(sender);
  await contact.getByLabel(/^Message/).fill("La formatrice est arrivée avec une heure de retard le deuxième jour.");
  await contact.getByLabel(/J'accepte que/).check();
  await contact.getByRole("button", { name: "Envoyer mon message" }).click();
  await expect(contact.getByRole("heading", { name: "Votre message est bien envoyé" })).toBeVisible();
  await expect(contact.getByText("Nous avons bien reçu votre réclamation.")).toBeVisible();
  await visitor.close();

  // The acknowledgement gives the register's number.
  const ack = await waitForMail(sender, { timeout: 20_000 });
  const reference = /REC-\d{4}-\d{4}/.exec(ack)?.[0];
  expect(reference, ack).toBeTruthy();
  expect(ack).toContain("réponse écrite");

  // An editor finds it in the register, takes it, answers, records the action and closes it.
  await staff(page, "editor");
  await page.goto("/admin/reclamations");
  await expect(page.getByRole("heading", { name: "Registre des réclamations", level: 1 })).toBeVisible();
  const row = page.getByTestId(`reclamation-${reference}`);
  await expect(row).toContainText("Hélène Roussel");
  await expect(row).toContainText("Reçue");
  await expect(row.getByTestId("delai")).toContainText("Réponse attendue au plus tard le");
  await hydrated(page);
  await expectNoAxeViolationsAt(page);

  await row.getByRole("link", { name: reference! }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(reference!);
  await hydrated(page);
  await expectNoAxeViolationsAt(page);
  await page.getByRole("button", { name: "Prendre en charge" }).click();
  await expect(page.getByText("Réclamation prise en charge.").first()).toBeVisible();

  // A mistake is said beside its field.
  await page.getByRole("button", { name: "Envoyer la réponse" }).click();
  await expect(page.locator("#reponse-answer-error")).toHaveText("La réponse écrite est obligatoire.");
  const answer = "Nous vous présentons nos excuses pour ce retard : la deuxième journée vous sera prolongée d'une heure.";
  await page.getByRole("textbox", { name: "Réponse écrite" }).fill(answer);
  const sentAt = Date.now();
  await page.getByRole("button", { name: "Envoyer la réponse" }).click();
  await expect(page.getByTestId("reponse-envoyee")).toContainText("Nous vous présentons nos excuses pour ce retard");
  await page.getByLabel("Action corrective décidée").fill("Rappel des horaires aux formateurs externes la veille de chaque session.");
  await page.getByRole("button", { name: "Clore la réclamation" }).click();
  await expect(page.getByText("Réclamation close.").first()).toBeVisible();
  await expect(page.getByTestId("delai")).toHaveText("Répondue le jour même");
  await expectNoAxeViolationsAt(page);

  // The answer reaches the sender, as written: the newest e-mail of their outbox once delivered.
  await expect
    .poll(async () => (await waitForMail(sender, { after: sentAt })).includes(`Voici notre réponse à votre réclamation ${reference}`), {
      timeout: 20_000,
    })
    .toBe(true);
  expect(await waitForMail(sender)).toContain("Nous vous présentons nos excuses pour ce retard");

  const id = new URL(page.url()).pathname.split("/").at(-1)!;
  // The page pass's checks (text, French spacing, axe in both themes and widths) on the register's
  // screens, this complaint included, and on the auditor's pack of a period that holds it.
  const today = new Date().toISOString().slice(0, 10);
  const pass = await openPass(browser, baseURL!);
  await pass.context.addCookies(await page.context().cookies());
  const problems = await visitAll(pass, [
    { path: "/admin/reclamations", forOutsiders: false, axe: true },
    { path: "/admin/reclamations?statut=sans-reponse", forOutsiders: false },
    { path: `/admin/reclamations/${id}`, forOutsiders: false, axe: true },
    { path: `/admin/qualiopi?date=${today}&du=2026-01-01&au=${today}`, forOutsiders: true, axe: true },
  ]);
  await pass.context.close();
  expect(problems, problems.join("\n")).toEqual([]);

  // A viewer reaches neither the register nor a complaint, and changes nothing.
  const viewer = await browser.newContext();
  const viewerPage = await viewer.newPage();
  await staff(viewerPage, "viewer");
  expect((await viewerPage.request.get("/admin/reclamations", { maxRedirects: 0 })).status()).toBe(403);
  expect((await viewerPage.request.get(`/admin/reclamations/${id}`, { maxRedirects: 0 })).status()).toBe(403);
  const post = await viewerPage.request.post(`/admin/reclamations/${id}`, {
    form: { intent: "effacer" },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(403);
  await viewer.close();
  const stored = await serverDb().selectFrom("complaints").select(["status", "email"]).where("id", "=", id).executeTakeFirstOrThrow();
  expect(stored).toEqual({ status: "close", email: sender });
});

test("a trainee sends a complaint from their space, under their own identity", async ({
  browser,
  baseURL,
  request,
  complainant,
  newSession,
}) => {
  test.setTimeout(120_000);
  const sessionId = await newSession({ seats: 4 });
  const contact = complainant("contact-reclamation");
  const trainee = complainant("stagiaire-reclamation");
  await registerOverHttp(request, sessionId, contact, [["Yasmine", "Haddad", trainee]]);

  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": testClientIp() } });
  const page = await context.newPage();
  const before = new Date(Date.now() - 1000).toISOString();
  await page.goto("/espace/reclamation");
  await expect(page.getByRole("heading", { name: "Accéder à votre espace" })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Adresse e-mail").fill(trainee);
  await page.getByRole("button", { name: "Recevoir le lien" }).click();
  await expect(page.getByTestId("lien-envoye")).toBeVisible();
  const link = await serverDb()
    .selectFrom("mail_queue")
    .select("text_body")
    .where("to_address", "=", trainee)
    .where("purpose", "=", "espace-lien")
    .where("created_at", ">", before)
    .executeTakeFirstOrThrow();
  await page.goto(/https?:\/\/\S+?(\/espace\/connexion\/[A-Za-z0-9_-]{43})/.exec(link.text_body)![1]!);
  await page.getByRole("button", { name: "Ouvrir mon espace" }).click();
  await expect(page).toHaveURL(/\/espace\/reclamation$/);
  await expect(page.getByRole("heading", { name: "Faire une réclamation" })).toBeVisible();
  await hydrated(page);
  await expectNoAxeViolationsAt(page);

  await page.getByRole("button", { name: "Envoyer la réclamation" }).click();
  await expect(page.locator("#reclamation-message-error")).toHaveText("Votre réclamation est obligatoire.");
  await expectNoAxeViolationsAt(page);
  await page.getByLabel("Formation concernée").selectOption({ index: 1 });
  await page.getByLabel("Votre réclamation").fill("La convocation ne donnait pas l'étage de la salle.");
  await page.getByRole("button", { name: "Envoyer la réclamation" }).click();
  await expect(page.getByTestId("reclamation-envoyee")).toContainText(/REC-\d{4}-\d{4}/);
  const reference = /REC-\d{4}-\d{4}/.exec((await page.getByTestId("reclamation-envoyee").textContent())!)![0];
  await expect(page.getByTestId(`ma-reclamation-${reference}`)).toContainText("Reçue");
  await expectNoAxeViolationsAt(page);
  const pass = await openPass(browser, baseURL!);
  await pass.context.addCookies(await context.cookies());
  const problems = await visitAll(pass, [
    { path: "/espace/reclamation", forOutsiders: true, axe: true },
    { path: "/espace", forOutsiders: true },
  ]);
  await pass.context.close();
  expect(problems, problems.join("\n")).toEqual([]);
  await context.close();

  const stored = await serverDb()
    .selectFrom("complaints")
    .select(["source", "name", "email", "registration_id"])
    .where("reference", "=", reference)
    .executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ source: "espace-stagiaire", name: "Yasmine Haddad", email: trainee });
  expect(stored.registration_id).toBeTruthy();
  // The acknowledgement reaches the trainee's address, the one of the space (never a typed one).
  await expect.poll(async () => (await waitForMail(trainee)).includes(reference), { timeout: 20_000 }).toBe(true);
});
