import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { expect, test, type Browser } from "@playwright/test";
import { createPostgresDatabase, type TestDatabase } from "../support/databases";
import { startServer, waitReady, type ServerProcess } from "../support/server-process";
import { TcpProxy } from "../support/tcp-proxy";

/**
 * A message sent while the database refuses is not lost (docs/decisions/0010-lead-spool.md): the
 * visitor gets the usual confirmation with a reference, the server keeps it in DATA_DIR/spool and
 * stores it once the database answers; if even the spool cannot be written, the visitor gets a 503,
 * a French message and the form as typed. Real refusals: a SQLite file locked by another process,
 * a PostgreSQL server cut off behind a TCP relay.
 */
test.describe.configure({ mode: "serial" });

interface Outage {
  /** The server's DATABASE_URL (unset: SQLite in DATA_DIR). */
  databaseUrl?: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  /** The reference of the stored lead with this e-mail, if any (read directly, never through the server). */
  storedReference(email: string): Promise<string | undefined>;
  cleanup(): Promise<void>;
}

/** Fills the contact form without JavaScript and sends it (the cached page asks to confirm once). */
async function sendContact(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/contact");
  await page.getByLabel("Nom et prénom").fill("Visiteur Pendant La Panne");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Sujet").selectOption("inscription");
  await page.getByLabel(/^Message/).fill("Un message envoyé pendant que la base de données ne répondait pas.");
  await page.getByLabel(/J'accepte que/).check();
  await page.getByRole("button", { name: "Envoyer mon message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Dernière étape" })).toBeVisible();
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Envoyer mon message" }).click();
  return { context, page, response: await answer };
}

function scenario(name: string, prepare: (dataDir: string) => Promise<Outage>) {
  test(`${name}: a message sent during the outage is confirmed, then stored when the database is back`, async ({ browser }) => {
    test.setTimeout(120_000);
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-outage-"));
    const outage = await prepare(dataDir);
    let server: ServerProcess | undefined;
    try {
      server = await startServer({
        DATA_DIR: dataDir,
        SEED_DEMO: "0",
        LOG_LEVEL: "info",
        SHUTDOWN_DELAY_SECONDS: "0",
        // A query gives up on the database after 2 s (PostgreSQL) or 0.5 s (SQLite) instead of 15 and 5.
        ...(outage.databaseUrl
          ? { DATABASE_URL: outage.databaseUrl, DATABASE_CONNECT_TIMEOUT_MS: "2000" }
          : { SQLITE_BUSY_TIMEOUT_MS: "500" }),
      });
      await waitReady(server);
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
      await expect.poll(() => outage.storedReference(email), { timeout: 30_000, intervals: [500] }).toBe(reference);
      // Logged once the stored row is committed: a moment after it can be read.
      await expect.poll(() => server!.output()).toContain("Demande du dossier d'attente enregistrée");

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
    } finally {
      await server?.stop();
      await outage.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

scenario("SQLite locked by another process", async (dataDir) => {
  let locker: SQLite.Database | undefined;
  const file = path.join(dataDir, "site.db");
  return {
    async cut() {
      locker = new SQLite(file);
      locker.exec("begin exclusive");
    },
    async restore() {
      locker?.exec("rollback");
      locker?.close();
      locker = undefined;
    },
    async storedReference(email) {
      const reader = new SQLite(file, { readonly: true });
      try {
        return (reader.prepare("select reference from leads where email = ?").get(email) as { reference: string } | undefined)?.reference;
      } finally {
        reader.close();
      }
    },
    async cleanup() {
      if (locker?.open) locker.close();
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
      cut: () => proxy.cut(),
      restore: () => proxy.open(),
      async storedReference(email) {
        const row = await database.db.selectFrom("leads").select("reference").where("email", "=", email).executeTakeFirst();
        return row?.reference;
      },
      async cleanup() {
        await proxy.cut();
        await database.cleanup();
      },
    };
  });
}
