import { expect, test, type APIRequestContext } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { createAccount, serverDb, signInApi, testClientIp, uniqueEmail } from "./support/accounts";
import { hydrated } from "./support/hydration";
import { EXCEL, newExcelSession } from "./support/sessions";

/**
 * The registrant's own page, reached by the link of the confirmation e-mail: change the trainees
 * (fewer seats go back to the session), cancel, and nothing more once the deadline has passed
 * (7 days before the start by default). axe finds no violation on any of its states.
 */

const newSession = newExcelSession;

/** Registers `trainees` people over HTTP as a form without JavaScript does (sent, then confirmed with its token). */
async function register(request: APIRequestContext, sessionId: string, contactEmail: string, trainees: Array<[string, string]>) {
  const url = `/formations/${EXCEL}/inscription/${sessionId}`;
  const form: Record<string, string> = {
    acheteur: "entreprise",
    entreprise: "Menuiserie Lefèvre",
    adresse: "8 rue de la République",
    codePostal: "69002",
    ville: "Lyon",
    contactNom: "Sophie Lefèvre",
    contactEmail,
    contactTelephone: "04 72 00 00 00",
    financement: "fonds_propres",
    cgv: "on",
    reglement: "on",
  };
  trainees.forEach(([prenom, nom], i) =>
    Object.assign(form, {
      [`stagiaires.${i}.prenom`]: prenom,
      [`stagiaires.${i}.nom`]: nom,
      [`stagiaires.${i}.email`]: uniqueEmail(`stagiaire${i}`),
    }),
  );
  const ip = testClientIp();
  const first = await request.post(url, { form, headers: { "x-forwarded-for": ip }, maxRedirects: 0 });
  expect(first.status()).toBe(200);
  const token = /name="jeton" value="([^"]+)"/.exec(await first.text())?.[1];
  expect(token).toBeTruthy();
  const second = await request.post(url, { form: { ...form, jeton: token! }, headers: { "x-forwarded-for": ip }, maxRedirects: 0 });
  expect(second.status()).toBe(302);
}

/** The registrant's page, from the link of the confirmation e-mail (queued in the same transaction). */
async function manageLink(contactEmail: string): Promise<string> {
  const mail = await serverDb()
    .selectFrom("mail_queue")
    .select("text_body")
    .where("to_address", "=", contactEmail)
    .where("purpose", "=", "inscription-recue")
    .executeTakeFirstOrThrow();
  const link = /https?:\/\/\S+?(\/inscription\/gerer\/[^\s)]+)/.exec(mail.text_body)?.[1];
  expect(link, mail.text_body).toBeTruthy();
  return link!;
}

async function seatsLeft(sessionId: string): Promise<number> {
  const row = await serverDb().selectFrom("formation_sessions").select("seats_left").where("id", "=", sessionId).executeTakeFirstOrThrow();
  return Number(row.seats_left);
}

/** A calendar day in Paris, `days` from today. */
function parisDay(days: number): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

test.describe("the registrant's page", () => {
  test("changes the trainees, then cancels: seats go back to the session; axe finds nothing", async ({ page, request }) => {
    test.setTimeout(90_000);
    const sessionId = await newSession(serverDb(), 6, "2099-09-14", "2099-09-15");
    const contact = uniqueEmail("gerer");
    await register(request, sessionId, contact, [
      ["Anne", "Lefèvre"],
      ["Bruno", "Martin"],
      ["Chloé", "Durand"],
    ]);
    expect(await seatsLeft(sessionId)).toBe(3);

    await page.goto(await manageLink(contact));
    await hydrated(page);
    await expect(page.getByTestId("statut")).toHaveText("Reçue");
    await expect(page.getByText(/Vous pouvez annuler ou changer de stagiaire ici jusqu'au 7 septembre 2099 inclus\./)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Another person instead of Anne, and Chloé no longer comes.
    await page.locator('[name="stagiaires.0.prenom"]').fill("Élise");
    await page.locator('[name="stagiaires.0.nom"]').fill("Bérard");
    await page.locator('[name="stagiaires.0.email"]').fill("elise.berard@menuiserie.test");
    await page.getByRole("button", { name: "Retirer le stagiaire 3" }).click();
    await expect(page.locator('[name="stagiaires.2.prenom"]')).toHaveCount(0);
    await expect(page.locator('[name="stagiaires.0.prenom"]')).toHaveValue("Élise");
    await page.getByRole("button", { name: "Enregistrer les stagiaires" }).click();
    await expect.poll(() => seatsLeft(sessionId)).toBe(4);
    const trainees = await serverDb()
      .selectFrom("registration_trainees as t")
      .innerJoin("registrations as r", "r.id", "t.registration_id")
      .select(["t.first_name", "t.last_name", "t.email"])
      .where("r.contact_email", "=", contact)
      .orderBy("t.position")
      .execute();
    expect(trainees.map((t) => `${t.first_name} ${t.last_name}`)).toEqual(["Élise Bérard", "Bruno Martin"]);
    expect(trainees[0]!.email).toBe("elise.berard@menuiserie.test");
    await page.reload();
    await hydrated(page);
    await expect(page.locator('[name="stagiaires.0.prenom"]')).toHaveValue("Élise");
    await expect(page.locator('[name="stagiaires.2.prenom"]')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    // A mistake is refused beside its field, with what was typed kept.
    await page.locator('[name="stagiaires.1.email"]').fill("pas-une-adresse");
    await page.getByRole("button", { name: "Enregistrer les stagiaires" }).click();
    await expect(page.locator('[name="stagiaires.1.email"]')).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator('[name="stagiaires.1.email"]')).toHaveValue("pas-une-adresse");
    expect(await axeViolations(page)).toEqual([]);
    await page.reload();
    await hydrated(page);

    await page.getByLabel("Motif (facultatif)").fill("L'entreprise reporte la formation.");
    await page.getByRole("button", { name: "Annuler mon inscription" }).click();
    // The link stops answering once the registration is cancelled: a French page says why and whom to contact.
    await expect(page.getByRole("heading", { name: "Ce lien a expiré" })).toBeVisible();
    await expect(page.getByTestId("raison")).toHaveText(
      "Cette inscription est annulée\u00a0: ce lien ne permet plus de la consulter ni de la modifier.",
    );
    await expect(page.getByText(/Pour toute question sur votre inscription, contactez .+ par e-mail à/)).toBeVisible();
    // The toast says it in French, its close button too; its colours pass axe (below).
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Inscription annulée" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Fermer la notification" }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Enregistrer les stagiaires" })).toHaveCount(0);
    await expect.poll(() => seatsLeft(sessionId)).toBe(6);
    const history = await serverDb()
      .selectFrom("registration_status_history as h")
      .innerJoin("registrations as r", "r.id", "h.registration_id")
      .select(["h.status", "h.reason"])
      .where("r.contact_email", "=", contact)
      .where("h.status", "=", "annulee")
      .execute();
    expect(history).toEqual([{ status: "annulee", reason: "L'entreprise reporte la formation." }]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("after the deadline, the page says so and refuses a change or a cancellation (409); axe finds nothing", async ({
    page,
    request,
  }) => {
    // Starts in 3 days: the deadline (7 days before) has passed, registration is still open.
    const sessionId = await newSession(serverDb(), 4, parisDay(3), parisDay(4));
    const contact = uniqueEmail("delai");
    await register(request, sessionId, contact, [["Denis", "Roux"]]);
    const link = await manageLink(contact);

    await page.goto(link);
    await hydrated(page);
    await expect(page.getByTestId("statut")).toHaveText("Reçue");
    await expect(page.getByText(/Le délai pour annuler ou changer en ligne est passé/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Enregistrer les stagiaires" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Annuler mon inscription" })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    // A form sent anyway (an old tab, a crafted request) is refused, and nothing changes.
    const cancel = await request.post(link, { form: { intention: "annuler", motif: "Trop tard" }, maxRedirects: 0 });
    expect(cancel.status()).toBe(409);
    expect(await cancel.text()).toContain("Le délai pour changer l'inscription en ligne est passé.");
    const change = await request.post(link, {
      form: {
        intention: "stagiaires",
        "stagiaires.0.prenom": "Autre",
        "stagiaires.0.nom": "Personne",
        "stagiaires.0.email": "autre@exemple.test",
      },
      maxRedirects: 0,
    });
    expect(change.status()).toBe(409);
    const row = await serverDb()
      .selectFrom("registrations")
      .select(["status", "seats"])
      .where("contact_email", "=", contact)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "recue", seats: 1 });
    expect(await seatsLeft(sessionId)).toBe(3);
  });

  test("the day after the session's last day, the link answers 410 with a French page saying whom to contact; axe finds nothing", async ({
    page,
    request,
  }) => {
    const sessionId = await newSession(serverDb(), 4, parisDay(20), parisDay(21));
    const contact = uniqueEmail("terminee");
    await register(request, sessionId, contact, [["Inès", "Marchal"]]);
    const link = await manageLink(contact);
    expect((await request.get(link)).status()).toBe(200);

    // The session took place: it ended yesterday.
    await serverDb()
      .updateTable("formation_sessions")
      .set({ start_date: parisDay(-2), end_date: parisDay(-1) })
      .where("id", "=", sessionId)
      .execute();
    const response = await page.goto(link);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole("heading", { name: "Ce lien a expiré" })).toBeVisible();
    await expect(page.getByTestId("raison")).toHaveText(
      "La session de formation est terminée\u00a0: ce lien ne permet plus de consulter ni de modifier l'inscription.",
    );
    await expect(page.getByText(/Pour toute question sur votre inscription, contactez .+ par e-mail à/)).toBeVisible();
    await expect(page.getByText("Inès")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    // A form sent anyway changes nothing.
    const cancel = await request.post(link, { form: { intention: "annuler", motif: "Trop tard" }, maxRedirects: 0 });
    expect(cancel.status()).toBe(410);
    const row = await serverDb()
      .selectFrom("registrations")
      .select("status")
      .where("contact_email", "=", contact)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("recue");
  });

  test("a cancellation on this page offers the seat to the first waiting, who takes it on the offer page (axe finds nothing); the trainees' CSV keeps its accents", async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const sessionId = await newSession(serverDb(), 1, "2099-11-02", "2099-11-03");
    const first = uniqueEmail("premiere-place");
    const second = uniqueEmail("attente-place");
    await register(request, sessionId, first, [["Chloé", "Lefèvre"]]);
    await register(request, sessionId, second, [["Loïc", "Bérénice"]]);

    await page.goto(await manageLink(first));
    await hydrated(page);
    await page.getByRole("button", { name: "Annuler mon inscription" }).click();
    await expect(page.getByRole("heading", { name: "Ce lien a expiré" })).toBeVisible();

    const offer = await serverDb()
      .selectFrom("mail_queue")
      .select("text_body")
      .where("to_address", "=", second)
      .where("purpose", "=", "inscription-offre")
      .executeTakeFirstOrThrow();
    const offerPath = /https?:\/\/\S+?(\/inscription\/offre\/[^\s)]+)/.exec(offer.text_body)?.[1];
    expect(offerPath, offer.text_body).toBeTruthy();
    const visitor = await browser.newContext({ baseURL });
    const offerPage = await visitor.newPage();
    await offerPage.goto(offerPath!);
    await hydrated(offerPage);
    await expect(offerPage.getByText(/Une place vous est réservée jusqu'au/)).toBeVisible();
    expect(await axeViolations(offerPage)).toEqual([]);
    await offerPage.getByRole("button", { name: "Confirmer mon inscription" }).click();
    await expect(offerPage.getByText(/Votre inscription est enregistrée/)).toBeVisible();
    expect(await axeViolations(offerPage)).toEqual([]);
    await visitor.close();
    expect(await seatsLeft(sessionId)).toBe(0);

    // The trainee list for Excel: UTF-8 with its BOM, so that « Loïc Bérénice » opens as typed.
    const editor = await createAccount({ email: uniqueEmail("editrice-csv"), role: "editor" });
    await signInApi(page, baseURL!, editor.email);
    const csv = await page.request.get(`/admin/sessions/${sessionId}/stagiaires.csv`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const bytes = await csv.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.includes(Buffer.from("Loïc Bérénice;", "utf8"))).toBe(true);
    expect(new TextDecoder("utf-8").decode(bytes)).toContain("Référence;");
    expect(new TextDecoder("utf-8").decode(bytes)).not.toContain("Chloé");
  });
});
