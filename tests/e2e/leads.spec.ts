import { expect, test, type Page, type Response } from "@playwright/test";
import { createAccount, signInApi, uniqueEmail, waitForMail } from "./support/accounts";
import { hydrated } from "./support/hydration";

/** Clicks the submit button and returns the POST's response (the document itself without JavaScript). */
async function submit(page: Page, button: string): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: button }).click(),
  ]);
  return response;
}

async function fillValidQuote(page: Page, { withFormation = true } = {}) {
  await page.getByLabel("Entreprise ou structure").fill("Boulangeries Martin");
  await page.getByLabel("SIRET (facultatif)").fill("732 829 320 00074");
  await page.getByLabel("Nom et prénom").fill("Léa Martin");
  await page.getByLabel("Adresse e-mail").fill("lea.martin@boulangeries-martin.test");
  await page.getByRole("textbox", { name: /^Téléphone/ }).fill("06 12 34 56 78");
  if (withFormation)
    await page
      .getByLabel(/Autre besoin|Formation souhaitée/)
      .first()
      .fill("Excel intermédiaire pour la comptabilité");
  await page.getByLabel("Nombre de stagiaires").fill("4");
  await page.getByLabel("Intra-entreprise").check();
  await page.getByLabel("Financement envisagé").selectOption("opco-opcommerce");
  await page.getByLabel(/J'accepte que/).check();
}

test.describe("quote request (/devis)", () => {
  test("with JavaScript: prefilled from the simulator, checked on blur, draft kept on reload, sent with a toast", async ({ page }) => {
    // A formation of the catalogue (the quote form no longer lists them all: it searches them).
    const slug = /href="\/formations\/(?!ville\/)([a-z0-9-]+)"/.exec(await (await page.request.get("/formations")).text())?.[1];
    expect(slug).toBeTruthy();
    await page.goto(`/devis?opco=atlas&stagiaires=6&financement=opco-atlas&formation=${slug}&formation=formation-hors-catalogue`);
    await hydrated(page);
    await expect(page.locator(`input[name="formation"][value="${slug}"]`)).toBeChecked();
    await expect(page.getByRole("heading", { level: 1, name: "Demander un devis" })).toBeVisible();
    await expect(page.getByLabel("Nombre de stagiaires")).toHaveValue("6");
    await expect(page.getByLabel("Financement envisagé")).toHaveValue("opco-atlas");
    // A formation that is not in the catalogue is kept as written.
    await expect(page.getByLabel(/Autre besoin|Formation souhaitée/).first()).toHaveValue("formation-hors-catalogue");

    // Inline validation on blur, with the shared French messages.
    const email = page.getByLabel("Adresse e-mail");
    await email.fill("lea.martin@");
    await email.blur();
    await expect(page.getByText(/L'adresse e-mail n'est pas valide/)).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await email.fill("lea.martin@boulangeries-martin.test");
    await expect(page.getByText(/L'adresse e-mail n'est pas valide/)).toHaveCount(0);

    await fillValidQuote(page, { withFormation: false });
    // The draft survives a reload.
    await page.reload();
    await hydrated(page);
    await expect(page.getByLabel("Entreprise ou structure")).toHaveValue("Boulangeries Martin");
    await expect(page.getByLabel("Intra-entreprise")).toBeChecked();
    await expect(page.getByLabel("Financement envisagé")).toHaveValue("opco-opcommerce");
    await page.getByLabel(/J'accepte que/).check();

    await page.getByRole("button", { name: "Envoyer ma demande de devis" }).click();
    await expect(page.getByRole("heading", { name: "Votre demande de devis est bien envoyée" })).toBeVisible();
    await expect(page.getByTestId("reference")).toHaveText(/^DEV-\d{4}-[A-Z2-9]{6}$/);
    await expect(page.getByText("Demande de devis envoyée")).toBeVisible();

    // The draft is cleared once sent.
    await page.goto("/devis");
    await hydrated(page);
    await expect(page.getByLabel("Entreprise ou structure")).toHaveValue("");
  });

  test("without JavaScript: errors beside each field with status 400, values kept, then sent", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/devis");
    await page.getByLabel("Entreprise ou structure").fill("Menuiserie Dupré");
    await page.getByLabel("SIRET (facultatif)").fill("12345678901234");
    await page.getByLabel("Nom et prénom").fill("Paul Dupré");
    await page.getByLabel("Adresse e-mail").fill("paul@");
    await page.getByRole("textbox", { name: /^Téléphone/ }).fill("12");
    await page.getByLabel("Nombre de stagiaires").fill("3");
    await page.getByLabel("Ville de la formation (facultatif)").fill("Villeurbanne");

    const invalid = await submit(page, "Envoyer ma demande de devis");
    expect(invalid.status()).toBe(400);
    await expect(page.getByRole("heading", { name: /Le formulaire contient \d+ erreurs/ })).toBeVisible();
    await expect(page.locator("#devis-siret-error")).toHaveText("Ce numéro SIRET n'est pas valide (clé de contrôle incorrecte).");
    await expect(page.locator("#devis-email-error")).toContainText("L'adresse e-mail n'est pas valide");
    await expect(page.locator("#devis-telephone-error")).toContainText("Le numéro de téléphone n'est pas valide");
    await expect(page.locator("#devis-format-error")).toContainText("Choisissez un format");
    await expect(page.locator("#devis-financement-error")).toHaveText("Choisissez un mode de financement.");
    await expect(page.locator("#devis-consentement-error")).toContainText("Cochez cette case");
    await expect(page.getByLabel("Adresse e-mail")).toHaveAttribute("aria-invalid", "true");
    // Every value is kept.
    await expect(page.getByLabel("Entreprise ou structure")).toHaveValue("Menuiserie Dupré");
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue("paul@");
    await expect(page.getByLabel("Nombre de stagiaires")).toHaveValue("3");
    await expect(page.getByLabel("Ville de la formation (facultatif)")).toHaveValue("Villeurbanne");

    await page.getByLabel("SIRET (facultatif)").fill("");
    await fillValidQuote(page);
    // The refused form came back with a token of its own: this time the request is stored (and redirected to its confirmation).
    const ok = await submit(page, "Envoyer ma demande de devis");
    expect(ok.status()).toBe(302);
    await expect(page.getByRole("heading", { name: "Votre demande de devis est bien envoyée" })).toBeVisible();
    await expect(page.getByTestId("reference")).toHaveText(/^DEV-/);
    await context.close();
  });
});

test.describe("a cached quote page", () => {
  test("served from the cache to two visitors, with and without JavaScript: both quotes are stored", async ({ browser, request }) => {
    // Four visitors fill and send the whole form: give it the time of four ordinary tests.
    test.setTimeout(90_000);
    await request.get("/devis");
    expect((await request.get("/devis")).headers()["x-page-cache"]).toBe("hit");
    const references: string[] = [];
    for (const javaScriptEnabled of [true, false]) {
      for (const visitor of ["Alice Premier", "Bruno Second"]) {
        const context = await browser.newContext({ javaScriptEnabled });
        const page = await context.newPage();
        // Other tests running at the same time may change content (which empties the cache): warm it
        // again until this visitor gets the shared copy.
        let shown = await page.goto("/devis");
        for (let attempt = 0; attempt < 5 && shown?.headers()["x-page-cache"] !== "hit"; attempt++) {
          await request.get("/devis");
          shown = await page.goto("/devis");
        }
        expect(shown?.headers()["x-page-cache"]).toBe("hit");
        if (javaScriptEnabled) {
          await hydrated(page);
          // The form fetched a token of its own.
          await expect(page.locator('input[name="jeton"]')).not.toHaveValue("");
        }
        await fillValidQuote(page);
        await page.getByLabel("Nom et prénom").fill(visitor);
        await page
          .getByLabel("Adresse e-mail")
          .fill(`${visitor.split(" ")[0]!.toLowerCase()}.${javaScriptEnabled ? "js" : "sansjs"}@exemple.test`);
        await page.getByRole("button", { name: "Envoyer ma demande de devis" }).click();
        if (!javaScriptEnabled) {
          await expect(page.getByRole("status").filter({ hasText: "Dernière étape" })).toBeVisible();
          await page.getByRole("button", { name: "Envoyer ma demande de devis" }).click();
        }
        await expect(page.getByRole("heading", { name: "Votre demande de devis est bien envoyée" })).toBeVisible();
        references.push((await page.getByTestId("reference").textContent())!.trim());
        await context.close();
      }
    }
    expect(references).toHaveLength(4);
    expect(new Set(references).size).toBe(4);
  });
});

test.describe("contact (/contact)", () => {
  test("with JavaScript: nothing is sent while invalid, the draft survives a reload, success toast", async ({ page }) => {
    await page.goto("/contact");
    await hydrated(page);
    let posted = false;
    page.on("request", (r) => {
      if (r.method() === "POST") posted = true;
    });
    await page.getByRole("button", { name: "Envoyer mon message" }).click();
    await expect(page.getByRole("heading", { name: "Le formulaire contient 5 erreurs" })).toBeVisible();
    await expect(page.locator('[aria-labelledby="contact-summary-title"]')).toBeFocused();
    await expect(page.locator("#contact-nom-error")).toHaveText("Indiquez votre nom.");
    await expect(page.locator("#contact-message-error")).toHaveText("Écrivez votre message.");
    expect(posted).toBe(false);

    await page.getByLabel("Nom et prénom").fill("Karim Benali");
    await page.getByLabel("Adresse e-mail").fill("karim.benali@exemple.test");
    await page.getByLabel("Sujet").selectOption("financement");
    await page.getByLabel(/^Message/).fill("Mon CPF peut-il financer la formation management ?");
    await page.reload();
    await hydrated(page);
    await expect(page.getByLabel("Nom et prénom")).toHaveValue("Karim Benali");
    await expect(page.getByLabel("Sujet")).toHaveValue("financement");
    await expect(page.getByLabel(/^Message/)).toHaveValue("Mon CPF peut-il financer la formation management ?");

    await page.getByLabel(/J'accepte que/).check();
    await page.getByRole("button", { name: "Envoyer mon message" }).click();
    await expect(page.getByRole("heading", { name: "Votre message est bien envoyé" })).toBeVisible();
    await expect(page.getByTestId("reference")).toHaveText(/^MSG-\d{4}-[A-Z2-9]{6}$/);
    await expect(page.getByText("Message envoyé", { exact: true })).toBeVisible();
  });

  test("without JavaScript: status 400 with field errors and values kept, then sent", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact?sujet=handicap");
    await expect(page.getByLabel("Sujet")).toHaveValue("handicap");
    await page.getByLabel("Nom et prénom").fill("Inès Morel");
    await page.getByLabel("Adresse e-mail").fill("ines.morel@exemple");
    await page.getByLabel("Téléphone (facultatif)").fill("abc");
    await page.getByLabel(/^Message/).fill("Court");
    const invalid = await submit(page, "Envoyer mon message");
    expect(invalid.status()).toBe(400);
    await expect(page.locator("#contact-email-error")).toContainText("L'adresse e-mail n'est pas valide");
    await expect(page.locator("#contact-telephone-error")).toContainText("Le numéro de téléphone n'est pas valide");
    await expect(page.locator("#contact-message-error")).toContainText("10 caractères au moins");
    await expect(page.locator("#contact-consentement-error")).toContainText("Cochez cette case");
    await expect(page.getByLabel("Nom et prénom")).toHaveValue("Inès Morel");
    await expect(page.getByLabel("Téléphone (facultatif)")).toHaveValue("abc");
    await expect(page.getByLabel("Sujet")).toHaveValue("handicap");
    await expect(page.getByLabel(/^Message/)).toHaveValue("Court");

    await page.getByLabel("Adresse e-mail").fill("ines.morel@exemple.test");
    await page.getByLabel("Téléphone (facultatif)").fill("");
    await page.getByLabel(/^Message/).fill("J'utilise un lecteur d'écran : vos supports sont-ils accessibles ?");
    await page.getByLabel(/J'accepte que/).check();
    const ok = await submit(page, "Envoyer mon message");
    expect(ok.status()).toBe(302);
    await expect(page.getByRole("heading", { name: "Votre message est bien envoyé" })).toBeVisible();
    await expect(page.getByTestId("reference")).toHaveText(/^MSG-/);
    await context.close();
  });

  test("a filled honeypot is refused and explained in French, the values kept", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact");
    await page.getByLabel("Nom et prénom").fill("Robot");
    await page.locator('input[name="website"]').fill("https://promo.example", { force: true });
    const response = await submit(page, "Envoyer mon message");
    expect(response.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "Votre envoi n'a pas été accepté" })).toBeVisible();
    await expect(page.getByText(/un champ caché, que seuls les robots remplissent/)).toBeVisible();
    await expect(page.getByLabel("Nom et prénom")).toHaveValue("Robot");
    await expect(page.locator('input[name="website"]')).toHaveValue("");
    await context.close();
  });
});

/** Sends a contact message through the page without JavaScript; returns its reference. */
async function sendContact(
  browser: import("@playwright/test").Browser,
  { name, email, message }: { name: string; email: string; message: string },
) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/contact");
  await page.getByLabel("Nom et prénom").fill(name);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Sujet").selectOption("inscription");
  await page.getByLabel(/^Message/).fill(message);
  await page.getByLabel(/J'accepte que/).check();
  await page.getByRole("button", { name: "Envoyer mon message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Dernière étape" })).toBeVisible();
  await page.getByRole("button", { name: "Envoyer mon message" }).click();
  const reference = (await page.getByTestId("reference").textContent())!.trim();
  await context.close();
  return reference;
}

test.describe("leads in the admin (/admin/devis, /admin/messages)", () => {
  test("an editor follows a message: mail state, status, note, search, CSV export, erasure", async ({ browser, page, baseURL }) => {
    const visitor = uniqueEmail("visiteur");
    const reference = await sendContact(browser, {
      name: "Nadia Lefèvre",
      email: visitor,
      message: "Reste-t-il des places pour la session de janvier ?",
    });
    expect(reference).toMatch(/^MSG-/);
    // The worker of the server delivered the acknowledgement (outbox folder: no SMTP in tests).
    const ack = await waitForMail(visitor);
    expect(ack).toContain(reference);

    const editor = await createAccount({ email: uniqueEmail("editrice-leads"), role: "editor" });
    await signInApi(page, baseURL!, editor.email, editor.password);
    await page.goto("/admin/messages");
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Demandes de devis" })).toBeVisible();
    const row = page.getByTestId(`lead-row-${reference}`);
    await expect(row).toContainText("Nadia Lefèvre");
    await expect(row).toContainText("Nouveau");
    // No SMTP server in tests: the list never claims the mail was sent.
    await expect(row).toContainText(/Écrits dans la boîte locale|En attente d'envoi/);
    await expect(row).not.toContainText("Envoyés au serveur SMTP");

    // Search by reference, accent-insensitive search by name.
    await page.getByLabel("Rechercher").fill("lefevre");
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page.getByTestId(`lead-row-${reference}`)).toBeVisible();

    await row.getByRole("link", { name: reference }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
    await expect(page.getByTestId("mail-ack")).toContainText("Écrit dans la boîte locale");
    await expect(page.getByTestId("mail-staff")).toContainText("aucun serveur SMTP n'est configuré");
    await expect(page.getByTestId("mail-ack")).not.toContainText("Envoyé au serveur SMTP");

    await page.getByLabel("Statut").selectOption("en_cours");
    await page.getByRole("button", { name: "Enregistrer le statut" }).click();
    await expect(page.getByText("Statut enregistré : En cours.")).toBeVisible();

    await page.getByRole("button", { name: "Ajouter la note" }).click();
    await expect(page.locator("#lead-note-error")).toHaveText("Écrivez la note avant de l'ajouter.");
    await page.getByLabel("Nouvelle note").fill("Rappelée : inscription confirmée pour janvier.");
    await page.getByRole("button", { name: "Ajouter la note" }).click();
    await expect(page.getByText("Rappelée : inscription confirmée pour janvier.")).toBeVisible();

    // The status filter finds it under "En cours" and no longer under "Nouveau".
    await page.goto("/admin/messages?statut=nouveau");
    await expect(page.getByTestId(`lead-row-${reference}`)).toHaveCount(0);
    await page.goto("/admin/messages?statut=en_cours");
    await expect(page.getByTestId(`lead-row-${reference}`)).toContainText("En cours");

    // CSV export for Excel in French.
    const csv = await page.request.get(`/admin/messages/export?q=${reference}&statut=tous`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(csv.headers()["content-disposition"]).toMatch(/attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"/);
    const body = await csv.body();
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = body.toString("utf8").slice(1);
    expect(text.split("\r\n")[0]).toBe("Référence;Reçu le;Statut;Nom;E-mail;Téléphone;Sujet;Message;E-mails");
    expect(text).toContain(`${reference};`);
    expect(text).toContain(";En cours;Nadia Lefèvre;");

    // Right to erasure.
    await page.goto("/admin/messages?statut=tous");
    await page.getByTestId(`lead-row-${reference}`).getByRole("link", { name: reference }).click();
    await page.getByText("Supprimer définitivement…").click();
    await page.getByRole("button", { name: `Confirmer la suppression de ${reference}` }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Le message ${reference} et ses données personnelles ont été supprimés.` }),
    ).toBeVisible();
    await expect(page.getByTestId(`lead-row-${reference}`)).toHaveCount(0);
  });

  test("a viewer is refused and a visitor is sent to the sign-in page", async ({ page, baseURL }) => {
    const anonymous = await page.request.get("/admin/devis", { maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
    expect(anonymous.headers()["location"]).toContain("/login");
    const anonymousExport = await page.request.get("/admin/devis/export", { maxRedirects: 0 });
    expect(anonymousExport.status()).toBe(302);

    const viewer = await createAccount({ email: uniqueEmail("lecteur-leads"), role: "viewer" });
    await signInApi(page, baseURL!, viewer.email, viewer.password);
    const response = await page.goto("/admin/devis");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Accès refusé" })).toBeVisible();
    expect((await page.request.get("/admin/messages/export")).status()).toBe(403);
  });
});
