import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import ICAL from "ical.js";
import { createPostgresDatabase, type TestDatabase } from "../support/databases";
import { startServer, waitReady, type ServerProcess } from "../support/server-process";
import { createAccount, e2eDataDir, serverDb, signInApi, testClientIp, uniqueEmail } from "./support/accounts";
import type { Db } from "~/platform/db/db.server";
import { EXCEL, newExcelSession, registrationFields, registrationPathOf, submitRegistration } from "./support/sessions";
import { hydrated } from "./support/hydration";

/**
 * Online registration (README, « Inscriptions en ligne »): a visitor registers two trainees and gets
 * the e-mail with the .ics; staff confirm and cancel, and the waiting list moves; the form works
 * without JavaScript; and, on two instances sharing PostgreSQL, 20 requests at once for 3 seats
 * never oversell (docs/decisions/0011-registrations-seats.md).
 */

/** A session of its own (far in the future, so that no other test touches it), with `seats` free seats. */
const newSession = (db: Db, seats: number, startDate = "2099-03-27", endDate = "2099-03-30") =>
  newExcelSession(db, seats, startDate, endDate);

const pathOf = registrationPathOf;

/**
 * A mail of the queue once sent (`purpose`: inscription-recue, inscription-offre…), and the raw
 * .eml the e2e server wrote for it into its outbox (the raw text keeps the attachment's headers).
 */
async function sentMail(
  db: Db,
  to: string,
  purpose: string,
  timeout = 15_000,
): Promise<{ text: string; attachments: string; raw: string }> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const row = await db
      .selectFrom("mail_queue")
      .select(["text_body", "attachments", "state"])
      .where("to_address", "=", to)
      .where("purpose", "=", purpose)
      .executeTakeFirst();
    const outbox = path.join(e2eDataDir(), "outbox");
    if (row?.state === "sent" && existsSync(outbox)) {
      const raw = readdirSync(outbox)
        .filter((n) => n.endsWith(".eml"))
        .map((n) => readFileSync(path.join(outbox, n), "utf8"))
        .find(
          (r) =>
            new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}\\s*$`, "m").test(r) &&
            (purpose !== "inscription-recue" || r.includes("text/calendar")),
        );
      if (raw) return { text: row.text_body, attachments: row.attachments, raw };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Aucun e-mail « ${purpose} » envoyé à ${to}`);
}

test.describe("registration to a session", () => {
  test("with JavaScript: a visitor registers two trainees and receives the e-mail with the .ics", async ({ page }) => {
    const sessionId = await newSession(serverDb(), 5);
    await page.setExtraHTTPHeaders({ "x-forwarded-for": testClientIp() });
    await page.goto(`/formations/${EXCEL}`);
    await expect(page.locator(`a[href="${pathOf(sessionId)}"]`)).toHaveText("S'inscrire");
    await page.goto(pathOf(sessionId));
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Inscription");
    await expect(page.getByTestId("places")).toHaveText("5 places restantes");

    const contact = uniqueEmail("inscription");
    const form = registrationFields(contact, [
      ["Léa", "Martin", uniqueEmail("lea")],
      ["Hugo", "Bérard", uniqueEmail("hugo")],
    ]);
    await page.getByLabel("Raison sociale").fill(form.entreprise!);
    await page.getByLabel("SIRET").fill(form.siret!);
    await page.locator('[name="adresse"]').fill(form.adresse!);
    await page.getByLabel("Code postal").fill(form.codePostal!);
    await page.getByLabel("Ville").fill(form.ville!);
    await page.locator('[name="contactNom"]').fill(form.contactNom!);
    await page.locator('[name="contactEmail"]').fill(contact);
    await page.locator('[name="stagiaires.0.prenom"]').fill("Léa");
    await page.locator('[name="stagiaires.0.nom"]').fill("Martin");
    await page.locator('[name="stagiaires.0.email"]').fill(form["stagiaires.0.email"]!);
    await page.getByRole("button", { name: "Ajouter un stagiaire" }).click();
    await expect(page.locator('[name="stagiaires.1.prenom"]')).toBeVisible();
    // What was typed is still there after the new row came.
    await expect(page.locator('[name="stagiaires.0.prenom"]')).toHaveValue("Léa");
    await page.locator('[name="stagiaires.1.prenom"]').fill("Hugo");
    await page.locator('[name="stagiaires.1.nom"]').fill("Bérard");
    await page.locator('[name="stagiaires.1.email"]').fill(form["stagiaires.1.email"]!);
    await page.getByLabel("Prise en charge par un OPCO").check();
    await page.getByLabel("OPCO de l'entreprise").selectOption("akto");
    await page.getByRole("button", { name: "Envoyer mon inscription" }).click();
    // The acceptance of the CGV is checked in the browser too, with the message beside the box.
    await expect(page.getByText("Acceptez les conditions générales de vente pour vous inscrire.").first()).toBeVisible();
    await page.locator('[name="cgv"]').check();
    await page.locator('[name="reglement"]').check();
    await page.getByRole("button", { name: "Envoyer mon inscription" }).click();

    await expect(page.getByRole("heading", { name: "Votre inscription est bien reçue" })).toBeVisible();
    const reference = (await page.getByTestId("reference").textContent())!.trim();
    expect(reference).toMatch(/^INS-\d{4}-[A-Z0-9]{6}$/);
    await expect(page.getByTestId("places")).toHaveText("Plus que 3 places");

    // The mail left through the queue into the outbox, with the calendar file attached.
    const mail = await sentMail(serverDb(), contact, "inscription-recue");
    expect(mail.text).toContain(reference);
    expect(mail.raw).toContain("filename=session.ics");
    const ics = (JSON.parse(mail.attachments) as Array<{ content: string }>)[0]!.content;
    const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    // 27 March 2099 (winter time) and 30 March 2099 (summer time), 9 h Paris time both days.
    expect(events.map((e) => e.startDate.toJSDate().toISOString())).toEqual(["2099-03-27T08:00:00.000Z", "2099-03-30T07:00:00.000Z"]);
  });

  test("without JavaScript: rows added by a button, errors beside the fields with everything kept", async ({ browser }) => {
    const sessionId = await newSession(serverDb(), 4);
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": testClientIp() } });
    const page = await context.newPage();
    await page.goto(pathOf(sessionId));
    await page.getByLabel("Raison sociale").fill("Atelier Durand");
    await page.locator('[name="stagiaires.0.prenom"]').fill("Inès");
    await page.getByRole("button", { name: "Ajouter un stagiaire" }).click();
    await expect(page.locator('[name="stagiaires.1.prenom"]')).toBeVisible();
    await expect(page.getByLabel("Raison sociale")).toHaveValue("Atelier Durand");
    await expect(page.locator('[name="stagiaires.0.prenom"]')).toHaveValue("Inès");
    await page.getByRole("button", { name: "Retirer le stagiaire 2" }).click();
    await expect(page.locator('[name="stagiaires.1.prenom"]')).toHaveCount(0);

    await page.getByRole("button", { name: "Envoyer mon inscription" }).click();
    await expect(page.getByRole("heading", { name: /Le formulaire contient \d+ erreurs/ })).toBeVisible();
    await expect(page.getByText("Indiquez l'adresse (elle figurera sur la convention ou le contrat).").first()).toBeVisible();
    await expect(page.getByLabel("Raison sociale")).toHaveValue("Atelier Durand");

    const contact = uniqueEmail("sans-js");
    await page.locator('[name="adresse"]').fill("12 rue Mercière");
    await page.getByLabel("Code postal").fill("69002");
    await page.getByLabel("Ville").fill("Lyon");
    await page.locator('[name="contactNom"]').fill("Paul Durand");
    await page.locator('[name="contactEmail"]').fill(contact);
    await page.locator('[name="stagiaires.0.nom"]').fill("Durand");
    await page.locator('[name="stagiaires.0.email"]').fill(uniqueEmail("ines"));
    await page.getByLabel("Fonds propres (l'entreprise ou vous-même)").check();
    await page.locator('[name="cgv"]').check();
    await page.locator('[name="reglement"]').check();
    // The form came back with a token of its own: no confirmation step left.
    await page.getByRole("button", { name: "Envoyer mon inscription" }).click();
    await expect(page.getByRole("heading", { name: "Votre inscription est bien reçue" })).toBeVisible();
    expect((await sentMail(serverDb(), contact, "inscription-recue")).raw).toContain("text/calendar");
    await context.close();
  });

  test("staff confirm and cancel; the freed seat is offered to the first on the waiting list, who takes it", async ({
    page,
    request,
    baseURL,
  }) => {
    const sessionId = await newSession(serverDb(), 1, "2099-05-04", "2099-05-05");
    const first = uniqueEmail("premier");
    const second = uniqueEmail("second");
    await submitRegistration(request, pathOf(sessionId), registrationFields(first, [["Anne", "Premier", uniqueEmail("anne")]]));
    await submitRegistration(request, pathOf(sessionId), registrationFields(second, [["Bruno", "Second", uniqueEmail("bruno")]]));
    expect((await sentMail(serverDb(), second, "inscription-attente")).text).toContain("liste d'attente (position 1)");
    // The public table says the session is full and leads to its waiting list.
    await page.goto(`/formations/${EXCEL}`);
    await expect(page.locator(`a[href="${pathOf(sessionId)}"]`)).toHaveText("Liste d'attente");

    const editor = await createAccount({ email: uniqueEmail("editrice-sessions"), role: "editor" });
    await signInApi(page, baseURL!, editor.email);
    await page.goto("/admin/sessions");
    await page.locator(`a[href="/admin/sessions/${sessionId}"]`).click();
    await expect(page.getByRole("heading", { name: "Inscriptions (1)" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Liste d'attente (1)" })).toBeVisible();
    const registrations = await serverDb()
      .selectFrom("registrations")
      .select(["reference", "contact_email"])
      .where("session_id", "=", sessionId)
      .execute();
    const ref = (email: string) => registrations.find((r) => r.contact_email === email)!.reference;

    await page.getByRole("button", { name: `Confirmer l'inscription ${ref(first)}` }).click();
    await expect(page.getByTestId(`inscription-${ref(first)}`).getByRole("heading")).toContainText("Confirmée");

    await page.getByLabel(`Motif de l'annulation de ${ref(first)}`).fill("Stagiaire en arrêt maladie");
    await page
      .getByTestId(`inscription-${ref(first)}`)
      .getByRole("button", { name: "Annuler l'inscription" })
      .click();
    await expect(page.getByRole("heading", { name: "Annulées (1)" })).toBeVisible();
    await expect(page.getByTestId(`inscription-${ref(second)}`)).toContainText("Offre de place : en cours");

    const offer = await sentMail(serverDb(), second, "inscription-offre");
    const link = /(http:\/\/\S+\/inscription\/offre\/\S+)/.exec(offer.text)?.[1];
    expect(link).toBeTruthy();
    const visitor = await page.context().browser()!.newContext();
    const offerPage = await visitor.newPage();
    await offerPage.goto(link!);
    await offerPage.getByRole("button", { name: "Confirmer mon inscription" }).click();
    await expect(offerPage.getByText(/Votre inscription est enregistrée/)).toBeVisible();
    await visitor.close();

    await page.reload();
    await expect(page.getByRole("heading", { name: "Liste d'attente (0)" })).toBeVisible();
    await expect(page.getByTestId(`inscription-${ref(second)}`).getByRole("heading")).toContainText("Reçue");
    // Trainees as CSV for Excel: BOM, semicolons, accents intact.
    const csv = await page.request.get(`/admin/sessions/${sessionId}/stagiaires.csv`);
    const bytes = await csv.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString("utf8")).toContain("Bruno Second;");
  });

  test("a viewer is refused the sessions screens", async ({ page, baseURL }) => {
    const viewer = await createAccount({ email: uniqueEmail("lecteur-sessions"), role: "viewer" });
    await signInApi(page, baseURL!, viewer.email);
    await page.goto("/admin/sessions");
    await expect(page.getByRole("heading", { name: "Accès refusé" })).toBeVisible();
    const csv = await page.request.get(`/admin/sessions/${randomUUID()}/stagiaires.csv`, { maxRedirects: 0 });
    expect(csv.status()).toBe(403);
  });
});

const BASE = process.env.TEST_DATABASE_URL;

test.describe("two instances sharing PostgreSQL", () => {
  test.skip(!BASE, "TEST_DATABASE_URL n'est pas défini (il faut PostgreSQL).");
  let database: TestDatabase;
  const instances: ServerProcess[] = [];
  const dirs: string[] = [];

  test.afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await database?.cleanup();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test("20 registrations at once for 3 seats, half on each instance: exactly 3 received, 17 on the waiting list", async () => {
    test.setTimeout(180_000);
    database = await createPostgresDatabase(BASE!, { migrated: false });
    const env = {
      DATABASE_URL: database.url,
      DATABASE_POOL_MAX: "5",
      AUTH_SECRET: "secret-partage-par-les-deux-instances-0123456789",
      TRUST_PROXY: "1",
      LEAD_MIN_FILL_SECONDS: "0",
      SHUTDOWN_DELAY_SECONDS: "0",
    };
    for (const name of ["inscriptions-a", "inscriptions-b"]) {
      const dir = mkdtempSync(path.join(tmpdir(), `site-${name}-`));
      dirs.push(dir);
      instances.push(await startServer({ ...env, DATA_DIR: dir, INSTANCE_ID: name }));
    }
    await Promise.all(instances.map((i) => waitReady(i)));
    const sessionId = await newSession(database.db, 3);

    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const server = instances[i % 2]!;
        const ip = `10.77.0.${i + 1}`;
        const { token } = (await (await fetch(`${server.url}/api/jeton-formulaire?formulaire=inscription`)).json()) as { token: string };
        const form = new URLSearchParams({
          ...registrationFields(`contact${i}@grappe.test`, [[`Prénom${i}`, "Grappe", `stagiaire${i}@grappe.test`]]),
          jeton: token,
        });
        const res = await fetch(`${server.url}${pathOf(sessionId)}`, {
          method: "POST",
          body: form,
          redirect: "manual",
          headers: { "x-forwarded-for": ip, "content-type": "application/x-www-form-urlencoded" },
        });
        return res.status;
      }),
    );
    expect(answers).toEqual(Array(20).fill(302));
    const rows = await database.db.selectFrom("registrations").select(["status", "seats"]).where("session_id", "=", sessionId).execute();
    expect(rows.filter((r) => r.status === "recue")).toHaveLength(3);
    expect(rows.filter((r) => r.status === "en_attente")).toHaveLength(17);
    const session = await database.db
      .selectFrom("formation_sessions")
      .select("seats_left")
      .where("id", "=", sessionId)
      .executeTakeFirstOrThrow();
    expect(Number(session.seats_left)).toBe(0);
    // Each visitor got an e-mail: the confirmation with the .ics, or the waiting-list position.
    const mails = await database.db
      .selectFrom("mail_queue")
      .select(["purpose"])
      .where("to_address", "like", "contact%@grappe.test")
      .execute();
    expect(mails.filter((m) => m.purpose === "inscription-recue")).toHaveLength(3);
    expect(mails.filter((m) => m.purpose === "inscription-attente")).toHaveLength(17);
  });
});
