import { randomUUID } from "node:crypto";
import { createAccount, serverDb, signInApi, uniqueEmail } from "./support/accounts";
import { expect, test, type Fixtures } from "./support/fixtures";

/**
 * One source for a lead's mail state: mails that only reached the local outbox (no SMTP server)
 * read « Écrits dans la boîte locale » in the list, on the detail page and in the CSV export, never
 * « Envoyés au serveur SMTP ».
 */

/** A request of its own (the fixture removes it, its mails with it) with two mails sent `via` the outbox or SMTP. */
async function leadWithMails(newLead: Fixtures["newLead"], via: "outbox" | "smtp") {
  const now = new Date().toISOString();
  const reference = `DEV-${via.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
  const id = await newLead({ kind: "devis", reference });
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

test("mails written to the local outbox read the same in the list, the detail page and the export", async ({ page, baseURL, newLead }) => {
  const outbox = await leadWithMails(newLead, "outbox");
  const smtp = await leadWithMails(newLead, "smtp");
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
