import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { expect, test, type Browser } from "@playwright/test";
import { sql } from "kysely";
import { insertAccount } from "../support/account-rows";
import { createPostgresDatabase, type TestDatabase } from "../support/databases";
import { startServer, waitReady, type ServerProcess } from "../support/server-process";
import { closeDbHandle, openDb, type Db } from "~/platform/db/db.server";
import { fillContact } from "./support/outage";
import { fillRegistration, newExcelSession, registrationPathOf } from "./support/sessions";

/**
 * PostgreSQL answers, but refuses the write, with no network error (docs/decisions/0010-lead-spool.md):
 * the database refuses connections (SQLSTATE 55000, `ALLOW_CONNECTIONS false`) or is read-only as
 * after a failover (25006). Two production instances on one database of their own (dropped after):
 * the message and the registration sent with JavaScript are confirmed (spooled), /readyz of both instances answers 503
 * while writes fail and 200 once they pass; an instance killed with a message in its spool is
 * listed, with a warning, by the other instance's admin, and `npm run worker` on its DATA_DIR stores it.
 */
test.describe.configure({ mode: "serial" });

const BASE = process.env.TEST_DATABASE_URL;
const PASSWORD = "motdepasse-panne-ecritures-1";

/** Fills the contact form with JavaScript and sends it. */
async function sendContact(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await fillContact(page, email, "Un message envoyé pendant que la base refusait d'écrire.");
  await page.getByRole("button", { name: "Envoyer mon message" }).click();
  await expect(page.getByRole("heading", { name: "Votre message est bien envoyé" })).toBeVisible({ timeout: 20_000 });
  const reference = (await page.getByTestId("reference").textContent())!.trim();
  expect(reference).toMatch(/^MSG-\d{4}-[A-Z2-9]{6}$/);
  await context.close();
  return reference;
}

const readyz = async (server: ServerProcess) => {
  const res = await fetch(`${server.url}/readyz`).catch(() => undefined);
  return res ? { status: res.status, writes: ((await res.json()) as { writes?: { ok: boolean } }).writes?.ok } : { status: 0 };
};

test.describe("PostgreSQL refusing writes without a network error", () => {
  test.skip(!BASE, "demande PostgreSQL (TEST_DATABASE_URL)");
  let database: TestDatabase;
  let admin: Db;
  let name: string;
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    database = await createPostgresDatabase(BASE!, { migrated: false });
    name = new URL(database.url).pathname.slice(1);
    admin = openDb({ engine: "postgres", url: BASE! }, { max: 1 }).db;
    for (let i = 0; i < 2; i++) {
      const dir = mkdtempSync(path.join(tmpdir(), `site-ecritures-${i}-`));
      dirs.push(dir);
      servers.push(
        await startServer({
          DATA_DIR: dir,
          DATABASE_URL: database.url,
          DATABASE_CONNECT_TIMEOUT_MS: "2000",
          INSTANCE_ID: `instance-${"ab"[i]}`,
          LOG_LEVEL: "info",
          SHUTDOWN_DELAY_SECONDS: "0",
          LEAD_MIN_FILL_SECONDS: "0",
        }),
      );
    }
    for (const s of servers) await waitReady(s, "/readyz", 120_000);
    await insertAccount(database.db, { email: "editrice@formavia.test", password: PASSWORD, role: "editor" });
  });

  test.afterAll(async () => {
    await sql
      .raw(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`)
      .execute(admin)
      .catch(() => undefined);
    for (const s of servers) await s.stop();
    await database?.cleanup();
    if (admin) await closeDbHandle(admin);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Ends the sessions open on the site's database: the next ones get the new rules. */
  async function endSessions() {
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`.execute(admin);
  }

  const stored = async (reference: string) =>
    (await database.db.selectFrom("leads").select("reference").where("reference", "=", reference).executeTakeFirst())?.reference;

  test("read-only (25006): the message is confirmed, /readyz answers 503 on both instances, then it is stored", async ({ browser }) => {
    test.setTimeout(120_000);
    const [a, b] = servers as [ServerProcess, ServerProcess];
    expect((await readyz(a)).status).toBe(200);
    await sql.raw(`ALTER DATABASE "${name}" SET default_transaction_read_only = on`).execute(admin);
    await endSessions();

    const reference = await sendContact(browser, a.url, `lecture-seule-${Date.now()}@exemple.test`);
    expect(a.output()).toContain("Demande gardée dans le dossier d'attente");
    // Reads still work, writes do not: neither instance is ready (the other one finds out by its heartbeat).
    expect(await readyz(a)).toEqual({ status: 503, writes: false });
    await expect.poll(() => readyz(b), { timeout: 15_000 }).toEqual({ status: 503, writes: false });

    await sql.raw(`ALTER DATABASE "${name}" RESET default_transaction_read_only`).execute(admin);
    await endSessions();
    await database.db
      .selectFrom("leads")
      .select("id")
      .limit(1)
      .execute()
      .catch(() => undefined); // the test's own pool reconnects
    await expect.poll(() => stored(reference).catch(() => undefined), { timeout: 30_000, intervals: [500] }).toBe(reference);
    for (const s of [a, b]) await expect.poll(() => readyz(s), { timeout: 15_000 }).toEqual({ status: 200, writes: true });
  });

  test("read-only (25006): a registration sent with JavaScript is answered with its reference, then gets its seat", async ({ browser }) => {
    test.setTimeout(120_000);
    const b = servers[1]!;
    const sessionId = await newExcelSession(database.db, 4, "2099-06-08", "2099-06-09");
    const context = await browser.newContext({ baseURL: b.url });
    const page = await context.newPage();
    await page.goto(registrationPathOf(sessionId));
    await sql.raw(`ALTER DATABASE "${name}" SET default_transaction_read_only = on`).execute(admin);
    await endSessions();
    const contact = `inscription-lecture-seule-${Date.now()}@exemple.test`;
    await fillRegistration(page, { contactEmail: contact });
    await page.getByRole("button", { name: "Envoyer mon inscription" }).click();
    await expect(page).toHaveURL(/\/inscription\/recue$/, { timeout: 20_000 });
    await expect(page.getByRole("heading", { name: "Nous avons bien reçu votre inscription" })).toBeVisible();
    const reference = (await page.getByTestId("reference").textContent())!.trim();
    expect(reference).toMatch(/^INS-\d{4}-[A-Z2-9]{6}$/);
    await context.close();
    expect(b.output()).toContain("Inscription gardée dans le dossier d'attente");

    await sql.raw(`ALTER DATABASE "${name}" RESET default_transaction_read_only`).execute(admin);
    await endSessions();
    await database.db
      .selectFrom("leads")
      .select("id")
      .limit(1)
      .execute()
      .catch(() => undefined);
    const registration = () =>
      database.db
        .selectFrom("registrations")
        .select(["reference", "status"])
        .where("contact_email", "=", contact)
        .executeTakeFirst()
        .catch(() => undefined);
    await expect.poll(registration, { timeout: 30_000, intervals: [500] }).toEqual({ reference, status: "recue" });
    await expect.poll(() => readyz(b), { timeout: 15_000 }).toEqual({ status: 200, writes: true });
  });

  test("refusing connections (55000): confirmed, kept by an instance then killed, listed by the other's admin, replayed by `npm run worker`", async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const [a, b] = servers as [ServerProcess, ServerProcess];
    await sql.raw(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`).execute(admin);
    await endSessions();

    const reference = await sendContact(browser, a.url, `refus-${Date.now()}@exemple.test`);
    expect(a.output()).toContain("Demande gardée dans le dossier d'attente");
    expect((await readyz(a)).status).toBe(503);
    await expect.poll(async () => (await readyz(b)).status, { timeout: 15_000 }).toBe(503);
    expect(readdirSync(path.join(dirs[0]!, "spool", "leads"))).toHaveLength(1);
    // Instance A dies with the message on its disk.
    await a.stop(0);

    await sql.raw(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`).execute(admin);
    await expect.poll(async () => (await readyz(b)).status, { timeout: 15_000 }).toBe(200);

    // B's admin lists A's spool: A stopped beating without a clean stop (a minute later).
    const signIn = await fetch(`${b.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: b.url },
      body: JSON.stringify({ email: "editrice@formavia.test", password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookies = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .map((c) => ({ name: c.slice(0, c.indexOf("=")), value: c.slice(c.indexOf("=") + 1), url: b.url }));
    // The heartbeat says A's spool holds nothing it could tell of: make its last beat more than a minute old.
    await database.db
      .updateTable("spool_heartbeats")
      .set({ beat_at: new Date(Date.now() - 2 * 60_000).toISOString() })
      .where("instance_id", "=", "instance-a")
      .execute();
    const context = await browser.newContext({ baseURL: b.url });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto("/admin/messages");
    const listed = page.getByTestId("dossier-attente").filter({ hasText: "instance-a" });
    await expect(listed).toContainText(dirs[0]!);
    // Its last beat told of the message, or came before it: either way the warning names the way out.
    await expect(listed).toContainText(/Ce serveur (s'est arrêté sans prévenir|ne donne plus signe de vie)/);
    await expect(listed).toContainText(`DATA_DIR=${dirs[0]}`);
    expect(await stored(reference)).toBeUndefined();

    // The recovery the README gives: `npm run worker` with A's DATA_DIR stores it.
    const worker = spawn(process.execPath, ["server/worker.js"], {
      env: { ...process.env, NODE_ENV: "production", DATA_DIR: dirs[0]!, DATABASE_URL: database.url, SEED_DEMO: "0", LOG_LEVEL: "warn" },
      stdio: "ignore",
    });
    try {
      await expect.poll(() => stored(reference), { timeout: 60_000, intervals: [500] }).toBe(reference);
    } finally {
      worker.kill("SIGTERM");
      await new Promise((resolve) => worker.once("exit", resolve));
    }
    expect(readdirSync(path.join(dirs[0]!, "spool", "leads"))).toHaveLength(0);
    await page.reload();
    await expect(page.getByTestId("dossier-attente").filter({ hasText: "instance-a" })).toHaveCount(0);
    await context.close();
  });
});
