import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { test as base, type Page } from "@playwright/test";
import { closeDbHandle, openDb, type Db } from "~/platform/db/db.server";
import { createPostgresDatabase } from "../../support/databases";
import { startServer, waitReady, type ServerProcess } from "../../support/server-process";
import { TcpProxy } from "../../support/tcp-proxy";

/**
 * A site of its own whose database stops answering on demand, for the browser tests of the spool
 * (docs/decisions/0010-lead-spool.md) and of the screens under an outage. Real refusals: a SQLite
 * file locked by another process (`sqlite`), a PostgreSQL server cut off behind a TCP relay
 * (`postgres`, with TEST_DATABASE_URL). The fixture starts a production server on it (a query gives
 * up on the database after 2 s on PostgreSQL, 0.5 s on SQLite, instead of 15 and 5), and stops and
 * removes everything once the test is over.
 *
 *     eachOutage({ SEED_DEMO: "0" }, () => {
 *       test("…", async ({ outage }) => { await outage.cut(); … await outage.restore(); });
 *     });
 */
export type OutageKind = "sqlite" | "postgres";

/** The kinds this run can play: PostgreSQL only with TEST_DATABASE_URL. */
export const OUTAGE_KINDS: OutageKind[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export const OUTAGE_NAMES: Record<OutageKind, string> = {
  sqlite: "SQLite locked by another process",
  postgres: "PostgreSQL unreachable",
};

export interface OutageSite {
  server: ServerProcess;
  dataDir: string;
  /** The site's database, read and written directly (never through the server). */
  store: Db;
  /** The database stops answering the server. */
  cut(): Promise<void>;
  /** It answers again. */
  restore(): Promise<void>;
}

interface Database {
  env: Record<string, string>;
  cut(): Promise<void>;
  restore(): Promise<void>;
  store(): Db;
  cleanup(): Promise<void>;
}

function lockedSqlite(dataDir: string): Database {
  const file = path.join(dataDir, "site.db");
  let locker: SQLite.Database | undefined;
  let store: Db | undefined;
  return {
    env: { SQLITE_BUSY_TIMEOUT_MS: "500" },
    async cut() {
      locker = new SQLite(file);
      locker.exec("begin exclusive");
    },
    async restore() {
      locker?.exec("rollback");
      locker?.close();
      locker = undefined;
    },
    store: () => (store ??= openDb({ engine: "sqlite", file }).db),
    async cleanup() {
      if (locker?.open) locker.close();
      if (store) await closeDbHandle(store).catch(() => undefined);
    },
  };
}

async function relayedPostgres(): Promise<Database> {
  const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, { migrated: false });
  const direct = new URL(database.url);
  const proxy = new TcpProxy(direct.hostname, Number(direct.port || 5432));
  await proxy.open();
  return {
    env: { DATABASE_URL: proxy.url(database.url), DATABASE_CONNECT_TIMEOUT_MS: "2000" },
    cut: () => proxy.cut(),
    restore: () => proxy.open(),
    store: () => database.db,
    async cleanup() {
      await proxy.cut();
      await database.cleanup();
    },
  };
}

export const test = base.extend<{ outageKind: OutageKind; outageEnv: Record<string, string>; outage: OutageSite }>({
  outageKind: ["sqlite", { option: true }],
  /** The server's environment besides its data folder and database (SEED_DEMO, TRUST_PROXY…). */
  outageEnv: [{}, { option: true }],
  // Its own time to start the server (up to 2 min on a loaded machine), besides the test's.
  outage: [
    async ({ outageKind, outageEnv }, provide) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "site-outage-"));
      const database = outageKind === "postgres" ? await relayedPostgres() : lockedSqlite(dataDir);
      let server: ServerProcess | undefined;
      try {
        server = await startServer({
          DATA_DIR: dataDir,
          LOG_LEVEL: "info",
          SHUTDOWN_DELAY_SECONDS: "0",
          ...outageEnv,
          ...database.env,
        });
        await waitReady(server, "/readyz", 120_000);
        await provide({ server, dataDir, store: database.store(), cut: () => database.cut(), restore: () => database.restore() });
      } finally {
        await server?.stop();
        await database.cleanup();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { timeout: 180_000 },
  ],
});

export { expect } from "@playwright/test";

/** The tests `body` declares, once per kind of outage this run can play, each in a describe block of its name. */
export function eachOutage(env: Record<string, string>, body: () => void) {
  for (const kind of OUTAGE_KINDS)
    test.describe(OUTAGE_NAMES[kind], () => {
      test.use({ outageKind: kind, outageEnv: env });
      body();
    });
}

/** Fills the contact form (with JavaScript or without), not sent. */
export async function fillContact(page: Page, email: string, message: string) {
  await page.goto("/contact");
  await page.getByLabel("Nom et prénom").fill("Visiteur Pendant La Panne");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Sujet").selectOption("inscription");
  await page.getByLabel(/^Message/).fill(message);
  await page.getByLabel(/J'accepte que/).check();
}
