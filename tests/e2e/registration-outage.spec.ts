import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { createPostgresDatabase, type TestDatabase } from "../support/databases";
import { startServer, waitReady, type ServerProcess } from "../support/server-process";
import { TcpProxy } from "../support/tcp-proxy";
import { closeDbHandle, openDb, type Db } from "~/platform/db/db.server";

/**
 * A registration sent while the database refuses is not lost (docs/decisions/0010-lead-spool.md):
 * the form still works without JavaScript (the page this process rendered last), the visitor gets
 * a reference and « Votre place vous sera confirmée par e-mail » on /inscription/recue (axe: no
 * violation), and the seat is taken, the confirmation queued, once the database answers again.
 * Real refusals: a SQLite file locked by another process, a PostgreSQL server cut off behind a TCP relay.
 */
test.describe.configure({ mode: "serial" });

const EXCEL = "excel-perfectionnement-tableaux-croises-dynamiques";

interface Outage {
  databaseUrl?: string;
  /** The site's database, read and written directly (never through the server), opened once it is migrated. */
  store(): Db;
  cut(): Promise<void>;
  restore(): Promise<void>;
  cleanup(): Promise<void>;
}

function scenario(name: string, prepare: (dataDir: string) => Promise<Outage>) {
  test(`${name}: a registration sent during the outage is answered, then gets its seat when the database is back`, async ({ browser }) => {
    test.setTimeout(300_000);
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-outage-inscription-"));
    const outage = await prepare(dataDir);
    let server: ServerProcess | undefined;
    try {
      server = await startServer({
        DATA_DIR: dataDir,
        LOG_LEVEL: "info",
        SHUTDOWN_DELAY_SECONDS: "0",
        LEAD_MIN_FILL_SECONDS: "0",
        // A query gives up on the database after 2 s (PostgreSQL) or 0.5 s (SQLite) instead of 15 and 5.
        ...(outage.databaseUrl
          ? { DATABASE_URL: outage.databaseUrl, DATABASE_CONNECT_TIMEOUT_MS: "2000" }
          : { SQLITE_BUSY_TIMEOUT_MS: "500" }),
      });
      await waitReady(server, "/readyz", 120_000);
      const store = outage.store();
      const formation = await store.selectFrom("formations").select("id").where("slug", "=", EXCEL).executeTakeFirstOrThrow();
      const sessionId = randomUUID();
      const now = new Date().toISOString();
      await store
        .insertInto("formation_sessions")
        .values({
          id: sessionId,
          formation_id: formation.id,
          start_date: "2099-10-05",
          end_date: "2099-10-06",
          city_id: null,
          seats_left: 3,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const formPath = `/formations/${EXCEL}/inscription/${sessionId}`;
      // The site has served the form before the outage.
      await expect.poll(async () => (await fetch(`${server!.url}${formPath}`)).status, { timeout: 10_000 }).toBe(200);

      await outage.cut();
      const contact = `panne-inscription-${Date.now()}@exemple.test`;
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
      const page = await context.newPage();
      await page.goto(formPath);
      await page.getByLabel("Raison sociale").fill("Scierie Girard");
      await page.locator('[name="adresse"]').fill("3 route de la Forêt");
      await page.getByLabel("Code postal").fill("88000");
      await page.getByLabel("Ville").fill("Épinal");
      await page.locator('[name="contactNom"]').fill("Marion Girard");
      await page.locator('[name="contactEmail"]').fill(contact);
      await page.locator('[name="stagiaires.0.prenom"]').fill("Théo");
      await page.locator('[name="stagiaires.0.nom"]').fill("Girard");
      await page.locator('[name="stagiaires.0.email"]').fill(`theo-${Date.now()}@exemple.test`);
      await page.getByLabel("Fonds propres (l'entreprise ou vous-même)").check();
      await page.locator('[name="cgv"]').check();
      await page.locator('[name="reglement"]').check();
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
      await expect.poll(() => server!.output()).toContain("Inscription du dossier d'attente enregistrée");
    } finally {
      await server?.stop();
      await outage.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

scenario("SQLite locked by another process", async (dataDir) => {
  let locker: SQLite.Database | undefined;
  let store: Db | undefined;
  const file = path.join(dataDir, "site.db");
  return {
    store: () => (store ??= openDb({ engine: "sqlite", file }).db),
    async cut() {
      locker = new SQLite(file);
      locker.exec("begin exclusive");
    },
    async restore() {
      locker?.exec("rollback");
      locker?.close();
      locker = undefined;
    },
    async cleanup() {
      if (locker?.open) locker.close();
      if (store) await closeDbHandle(store).catch(() => undefined);
    },
  };
});

if (process.env.TEST_DATABASE_URL) {
  scenario("PostgreSQL unreachable", async () => {
    const database: TestDatabase = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, { migrated: false });
    const direct = new URL(database.url);
    const proxy = new TcpProxy(direct.hostname, Number(direct.port || 5432));
    await proxy.open();
    return {
      databaseUrl: proxy.url(database.url),
      store: () => database.db,
      cut: () => proxy.cut(),
      restore: () => proxy.open(),
      async cleanup() {
        await proxy.cut();
        await database.cleanup();
      },
    };
  });
}
