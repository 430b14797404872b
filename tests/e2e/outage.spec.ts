import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { eachOutage, expect, fillContact, test } from "./support/outage";

/**
 * A message sent while the database refuses is not lost (docs/decisions/0010-lead-spool.md): the
 * visitor gets the usual confirmation with a reference, the server keeps it in DATA_DIR/spool and
 * stores it once the database answers; if even the spool cannot be written, the visitor gets a 503,
 * a French message and the form as typed. Real refusals: a SQLite file locked by another process,
 * a PostgreSQL server cut off behind a TCP relay.
 */
test.describe.configure({ mode: "serial" });

/** Fills the contact form without JavaScript and sends it (the cached page asks to confirm once). */
async function sendContact(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await fillContact(page, email, "Un message envoyé pendant que la base de données ne répondait pas.");
  await page.getByRole("button", { name: "Envoyer mon message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Dernière étape" })).toBeVisible();
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Envoyer mon message" }).click();
  return { context, page, response: await answer };
}

eachOutage({ SEED_DEMO: "0" }, () => {
  test("a message sent during the outage is confirmed, then stored when the database is back", async ({ browser, outage }) => {
    test.setTimeout(120_000);
    const { server, dataDir } = outage;
    const storedReference = async (email: string) =>
      (
        await outage.store
          .selectFrom("leads")
          .select("reference")
          .where("email", "=", email)
          .executeTakeFirst()
          .catch(() => undefined)
      )?.reference;
    // The site has served pages before the outage (its identity is known).
    expect((await fetch(`${server.url}/contact`)).status).toBe(200);

    await outage.cut();
    const email = `panne-${Date.now()}@exemple.test`;
    const sent = await sendContact(browser, server.url, email);
    expect(sent.response.status()).toBeLessThan(400);
    await expect(sent.page.getByRole("heading", { name: "Votre message est bien envoyé" })).toBeVisible();
    const reference = (await sent.page.getByTestId("reference").textContent())!.trim();
    expect(reference).toMatch(/^MSG-\d{4}-[A-Z2-9]{6}$/);
    await sent.context.close();
    expect(server.output()).toContain("Demande gardée dans le dossier d'attente");
    expect(server.output()).not.toContain(email);

    await outage.restore();
    await expect.poll(() => storedReference(email), { timeout: 30_000, intervals: [500] }).toBe(reference);
    // Logged once the stored row is committed: a moment after it can be read.
    await expect.poll(() => server.output()).toContain("Demande du dossier d'attente enregistrée");

    // Even the spool cannot be written (a file stands where its folder should be): 503, nothing lost on screen.
    rmSync(path.join(dataDir, "spool"), { recursive: true, force: true });
    writeFileSync(path.join(dataDir, "spool"), "");
    await outage.cut();
    const refused = await sendContact(browser, server.url, `refus-${Date.now()}@exemple.test`);
    expect(refused.response.status()).toBe(503);
    expect(refused.response.headers()["retry-after"]).toBe("120");
    await expect(
      refused.page.getByText(/Votre message n'a pas été envoyé\u00a0: notre site rencontre un incident technique/),
    ).toBeVisible();
    await expect(refused.page.getByLabel("Nom et prénom")).toHaveValue("Visiteur Pendant La Panne");
    await expect(refused.page.getByLabel(/^Message/)).toHaveValue("Un message envoyé pendant que la base de données ne répondait pas.");
    await refused.context.close();
    await outage.restore();
  });
});
