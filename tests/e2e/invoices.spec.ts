import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { serverDb, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydration";
import { registerOverHttp } from "./support/sessions";
import { forgetSpaceOf, newPerson, spaceLink } from "./support/space";

/**
 * Invoices (README « Factures »): staff invoice a confirmed registration from the session's page,
 * issue the invoice, record a partial payment and issue a credit note; the contact signs in to their
 * space and downloads the invoice (a Factur-X PDF). axe finds no violation on the screens.
 */

async function noViolations(page: Page) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `${page.url()} à ${width} px`).toEqual([]);
  }
}

/** What the test leaves besides its session: its invoices, their payments, e-mails and webhook events. */
async function forgetInvoicesOf(registrationIds: string[]) {
  const db = serverDb();
  const ids = (await db.selectFrom("invoices").select("id").where("registration_id", "in", registrationIds).execute()).map((r) => r.id);
  if (!ids.length) return;
  await db.deleteFrom("invoice_payments").where("invoice_id", "in", ids).execute();
  await db.deleteFrom("mail_queue").where("invoice_id", "in", ids).execute();
  for (const id of ids)
    await db.deleteFrom("webhook_events").where("type", "=", "invoice.issued").where("payload", "like", `%"id":"${id}"%`).execute();
  await db.deleteFrom("invoices").where("id", "in", ids).execute();
}

test("staff invoice a registration, record a payment, issue a credit note; the contact downloads the invoice", async ({
  browser,
  request,
  staff: staffAccount,
  newSession,
}) => {
  test.setTimeout(150_000);
  const sessionId = await newSession({ seats: 5 });
  const contact = uniqueEmail("facture-contact");
  const trainee = uniqueEmail("facture-stagiaire");
  let registrationId = "";
  try {
    await journey();
  } finally {
    if (registrationId) await forgetInvoicesOf([registrationId]);
    await forgetSpaceOf([sessionId], [contact, trainee]);
  }

  async function journey() {
    await registerOverHttp(request, sessionId, contact, [["Inès", "Roche", trainee]]);
    const registration = await serverDb()
      .selectFrom("registrations")
      .select(["id", "reference"])
      .where("contact_email", "=", contact)
      .executeTakeFirstOrThrow();
    registrationId = registration.id;
    // Confirmed by staff (the registrations' own tests cover the confirmation).
    await serverDb().updateTable("registrations").set({ status: "confirmee" }).where("id", "=", registration.id).execute();

    const staff = await newPerson(browser);
    await staffAccount(staff.page, "admin");
    const page = staff.page;
    await page.goto(`/admin/sessions/${sessionId}`);
    await expect(page.getByTestId("session-facture")).toContainText("Facturé");
    await page.getByRole("link", { name: `Facturer l'inscription ${registration.reference}` }).click();
    await expect(page.getByRole("heading", { name: `Facturation de l'inscription ${registration.reference}` })).toBeVisible();
    await hydrated(page);
    await noViolations(page);
    // A wrong SIREN: refused next to the field, what was typed kept.
    await page.getByLabel("Référence de commande (facultatif)").fill("BC-4412");
    await page.getByLabel("SIREN du client").fill("12345");
    await page.getByRole("button", { name: "Préparer la facture" }).click();
    await expect(page.getByText("Le SIREN a 9 chiffres (ou le SIRET 14).")).toBeVisible();
    await expect(page.getByLabel("Référence de commande (facultatif)")).toHaveValue("BC-4412");
    await page.getByLabel("SIREN du client").fill("");
    await page.getByRole("button", { name: "Préparer la facture" }).click();
    await expect(page.getByRole("heading", { name: "Facture (brouillon, sans numéro)" })).toBeVisible();
    await hydrated(page);
    await noViolations(page);
    // An editor prepares drafts but never issues one: no button, and the server refuses.
    const draftUrl = page.url();
    const editor = await newPerson(browser);
    await staffAccount(editor.page, "editor");
    await editor.page.goto(draftUrl);
    await expect(editor.page.getByRole("heading", { name: "Facture (brouillon, sans numéro)" })).toBeVisible();
    await expect(editor.page.getByRole("button", { name: "Émettre la facture" })).toHaveCount(0);
    const refused = await editor.page.request.post(draftUrl, {
      form: { intent: "emettre" },
      headers: { Origin: new URL(draftUrl).origin },
    });
    expect(refused.status()).toBe(403);
    await page.getByRole("button", { name: "Émettre la facture" }).click();
    const title = page.getByRole("heading", { level: 1, name: /^Facture FAC-\d{4}-\d{4}$/ });
    await expect(title).toBeVisible();
    const number = (await title.textContent())!.replace("Facture ", "");
    await expect(page.getByTestId("statut-facture").first()).toHaveText("Émise");

    // A partial payment.
    await hydrated(page);
    await page.getByLabel("Montant payé (€)").fill("100");
    await page.getByLabel("Moyen de paiement").selectOption("virement");
    await page.getByRole("button", { name: "Enregistrer le paiement" }).click();
    await expect(page.getByTestId("statut-facture").first()).toHaveText("Payée partiellement");
    await noViolations(page);

    // The PDF downloads from the admin.
    const pdf = await page.request.get(page.url() + "/pdf");
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // A credit note of 50 € HT.
    await page.getByLabel("Ou montant HT de l'avoir (€)").fill("50");
    await page.getByLabel("Motif").fill("Remise accordée après la session");
    await page.getByRole("button", { name: "Émettre l'avoir" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Avoir AV-\d{4}-\d{4}$/ })).toBeVisible();
    await expect(page.getByText(`Avoir sur la facture ${number}`)).toBeVisible();
    await hydrated(page);
    await noViolations(page);

    // The list shows both.
    await page.goto("/admin/factures");
    await expect(page.getByRole("link", { name: number })).toBeVisible();
    await hydrated(page);
    await noViolations(page);
    await page.getByRole("link", { name: "Réglages de facturation" }).click();
    await expect(page.getByRole("heading", { name: "Réglages de facturation" })).toBeVisible();
    await hydrated(page);
    await noViolations(page);

    // The contact signs in to the space and downloads the invoice.
    const before = new Date(Date.now() - 1000).toISOString();
    const client = await newPerson(browser);
    await client.page.goto("/espace");
    await hydrated(client.page);
    await client.page.getByLabel("Adresse e-mail").fill(contact);
    await client.page.getByRole("button", { name: "Recevoir le lien" }).click();
    await expect(client.page.getByTestId("lien-envoye")).toBeVisible();
    await client.page.goto(await spaceLink(contact, before));
    await hydrated(client.page);
    await client.page.getByRole("button", { name: "Ouvrir mon espace" }).click();
    await expect(client.page.getByRole("heading", { name: "Vos inscriptions" })).toBeVisible();
    await client.page.getByRole("link", { name: new RegExp(registration.reference) }).click();
    await expect(client.page).toHaveURL(new RegExp(`/espace/inscriptions/${registration.id}$`));
    const link = client.page.getByRole("link", { name: new RegExp(`Facture n°\\s*${number}`) });
    await expect(link).toBeVisible();
    await hydrated(client.page);
    await noViolations(client.page);
    const [download] = await Promise.all([client.page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    // Another person's space never opens it.
    const invoiceId = (await serverDb().selectFrom("invoices").select("id").where("number", "=", number).executeTakeFirstOrThrow()).id;
    const stranger = await newPerson(browser);
    expect((await stranger.page.request.get(`/espace/factures/${invoiceId}`, { maxRedirects: 0 })).status()).not.toBe(200);
  }
});
