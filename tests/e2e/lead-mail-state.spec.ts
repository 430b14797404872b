import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createAccount, serverDb, signInApi, uniqueEmail } from "./support/accounts";

/**
 * One source for a lead's mail state: mails that only reached the local outbox (no SMTP server)
 * read « Écrits dans la boîte locale » in the list, on the detail page and in the CSV export, never
 * « Envoyés au serveur SMTP ».
 */
async function leadWithMails(via: "outbox" | "smtp") {
  const now = new Date().toISOString();
  const id = randomUUID().replace(/-/g, "");
  const reference = `DEV-${via.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
  await serverDb()
    .insertInto("leads")
    .values({
      id,
      reference,
      kind: "devis",
      status: "nouveau",
      name: "Camille Martin",
      email: "camille.martin@example.org",
      phone: "06 12 34 56 78",
      company: "Atelier Martin",
      siret: "",
      subject: "",
      formations: "[]",
      formation_other: "Une formation sur mesure",
      trainees: 2,
      format: "intra",
      period: "Printemps",
      city: "Lyon",
      funding: "opco",
      message: "Deux personnes à former.",
      consent_at: now,
      form_token: `mail-state-${id}`,
      search_text: `${reference.toLowerCase()} camille martin atelier`,
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (const purpose of ["staff", "ack"]) {
    await serverDb()
      .insertInto("mail_queue")
      .values({
        id: randomUUID().replace(/-/g, ""),
        lead_id: id,
        purpose,
        to_address: "camille.martin@example.org",
        reply_to: "",
        subject: `Demande ${reference}`,
        text_body: "Bonjour",
        html_body: "",
        state: "sent",
        attempts: 1,
        next_attempt_at: now,
        lock_token: null,
        locked_until: null,
        last_error: "",
        sent_at: now,
        via,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  return { id, reference };
}

test("mails written to the local outbox read the same in the list, the detail page and the export", async ({ page, baseURL }) => {
  const outbox = await leadWithMails("outbox");
  const smtp = await leadWithMails("smtp");
  const editor = await createAccount({ email: uniqueEmail("etat-mails"), role: "editor" });
  await signInApi(page, baseURL!, editor.email);

  await page.goto(`/admin/devis?q=${outbox.reference}`);
  await expect(page.getByTestId(`lead-row-${outbox.reference}`).getByTestId("lead-mail-state")).toHaveText("Écrits dans la boîte locale");
  await page.goto(`/admin/devis/${outbox.id}`);
  await expect(page.getByRole("main").getByTestId("lead-mail-state")).toHaveText("Écrits dans la boîte locale");
  await expect(page.getByText("Envoyés au serveur SMTP")).toHaveCount(0);

  // Mails handed to an SMTP server say so, everywhere too.
  await page.goto(`/admin/devis/${smtp.id}`);
  await expect(page.getByRole("main").getByTestId("lead-mail-state")).toHaveText("Envoyés au serveur SMTP");

  const csv = await (await page.request.get(`/admin/devis/export?q=${outbox.reference}`)).text();
  const line = csv.split("\r\n").find((l) => l.includes(outbox.reference));
  expect(line).toContain("Écrits dans la boîte locale");
});
