import { axeViolations } from "./support/axe";
import { eachOutage, expect, test } from "./support/outage";
import { fillRegistration, newExcelSession, registrationPathOf } from "./support/sessions";

/**
 * A registration sent while the database refuses is not lost (docs/decisions/0010-lead-spool.md):
 * the form still works without JavaScript (the page this process rendered last), the visitor gets
 * a reference and « Votre place vous sera confirmée par e-mail » on /inscription/recue (axe: no
 * violation), and the seat is taken, the confirmation queued, once the database answers again.
 * Real refusals: a SQLite file locked by another process, a PostgreSQL server cut off behind a TCP relay.
 */
test.describe.configure({ mode: "serial" });

eachOutage({ LEAD_MIN_FILL_SECONDS: "0" }, () => {
  test("a registration sent during the outage is answered, then gets its seat when the database is back", async ({ browser, outage }) => {
    test.setTimeout(300_000);
    const { server, store } = outage;
    const sessionId = await newExcelSession(store, 3, "2099-10-05", "2099-10-06");
    const formPath = registrationPathOf(sessionId);
    // The site has served the form before the outage.
    await expect.poll(async () => (await fetch(`${server.url}${formPath}`)).status, { timeout: 10_000 }).toBe(200);

    await outage.cut();
    const contact = `panne-inscription-${Date.now()}@exemple.test`;
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
    const page = await context.newPage();
    await page.goto(formPath);
    await fillRegistration(page, { contactEmail: contact });
    // The page came from before the outage: the form asks to confirm once (its token), then sends.
    await page.getByRole("button", { name: "Envoyer mon inscription" }).click();
    if (!page.url().includes("/inscription/recue")) {
      await expect(page.locator('[name="contactEmail"]')).toHaveValue(contact);
      await page.getByRole("button", { name: "Envoyer mon inscription" }).click();
    }
    await expect(page).toHaveURL(/\/inscription\/recue$/);
    await expect(page.getByRole("heading", { name: "Nous avons bien reçu votre inscription" })).toBeVisible();
    await expect(page.getByText("Votre place vous sera confirmée par e-mail", { exact: true })).toBeVisible();
    const reference = (await page.getByTestId("reference").textContent())!.trim();
    expect(reference).toMatch(/^INS-\d{4}-[A-Z2-9]{6}$/);
    // axe on the page as served (run in a page of its own, where axe can run, on the same HTML and styles).
    // The scripts are left out: the audited page is the HTML the visitor without JavaScript got.
    const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/g, "");
    await context.close();
    const audit = await browser.newPage({ baseURL: server.url });
    await audit.route("**/inscription/recue", (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }));
    await audit.goto("/inscription/recue");
    await expect(audit.getByTestId("reference")).toHaveText(reference);
    const violations = await axeViolations(audit);
    await audit.close();
    expect(violations).toEqual([]);
    expect(server.output()).toContain("Inscription gardée dans le dossier d'attente");
    expect(server.output()).not.toContain(contact);

    await outage.restore();
    const stored = () =>
      store.selectFrom("registrations").select(["reference", "status"]).where("contact_email", "=", contact).executeTakeFirst();
    await expect.poll(stored, { timeout: 45_000, intervals: [500] }).toEqual({ reference, status: "recue" });
    const seats = await store.selectFrom("formation_sessions").select("seats_left").where("id", "=", sessionId).executeTakeFirstOrThrow();
    expect(Number(seats.seats_left)).toBe(2);
    const mail = await store
      .selectFrom("mail_queue")
      .select(["attachments"])
      .where("to_address", "=", contact)
      .where("purpose", "=", "inscription-recue")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(mail.attachments)[0].filename).toBe("session.ics");
    // Logged once the stored row is committed: a moment after it can be read.
    await expect.poll(() => server.output()).toContain("Inscription du dossier d'attente enregistrée");
  });
});
