import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, it } from "vitest";
import { closeDbHandle, openDb, type Db } from "~/platform/db/db.server";
import { createPostgresDatabase, createSqliteDatabase, type TestDatabase } from "./databases";
import { TcpProxy } from "./tcp-proxy";
import { setTestConfig } from "./test-config";

/**
 * The outage fixture of the intake pipeline's tests (app/platform/intake/pipeline.server.ts): a
 * public form sent while the database refuses is spooled, then stored once it answers again
 * (docs/decisions/0010-lead-spool.md). Real refusals only: a SQLite file locked by another
 * connection, a PostgreSQL server cut off behind a TCP relay, a PostgreSQL database refusing
 * connections or read-only. Each form's test file runs its own scenario on each of them.
 */

/** One refusal: `refuse()` makes the database refuse, `restore()` brings it back; `store` reads it directly (never through the refused handle). */
export interface Outage {
  site: Db;
  store: Db;
  refuse: () => Promise<void> | void;
  restore: () => Promise<void> | void;
  /** False when the database refuses every connection, the direct one too. */
  storeReadsDuringOutage: boolean;
}

function setDataDir(dir: string): void {
  setTestConfig(dir, "secret-de-test-pour-le-dossier-d-attente-0123");
}

/** A data folder of its own for the file (its spool), set in the configuration before its tests. */
export function spoolDataDir(prefix: string): { dir: () => string; files: (kind: string) => string[] } {
  let dataDir = "";
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), prefix));
    setDataDir(dataDir);
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dir: () => dataDir,
    /** The spool's files of a kind, to put one back as a crash between the insert and the removal would leave it. */
    files(kind) {
      const kindDir = path.join(dataDir, "spool", kind);
      return existsSync(kindDir) ? readdirSync(kindDir).map((f) => path.join(kindDir, f)) : [];
    },
  };
}

/** Locks the SQLite file with another connection (an exclusive transaction) until the returned release. */
function lockSqlite(t: TestDatabase): () => void {
  const locker = new SQLite(t.url.slice("file:".length));
  locker.exec("begin exclusive");
  return () => {
    locker.exec("rollback");
    locker.close();
  };
}

/**
 * Runs `work` while the database is locked and the spool cannot be written either (a file where its
 * folder should be), then restores both.
 */
export async function withoutDatabaseNorSpool(t: TestDatabase, spool: { dir: () => string }, work: () => Promise<void>): Promise<void> {
  const broken = mkdtempSync(path.join(tmpdir(), "spool-broken-"));
  writeFileSync(path.join(broken, "spool"), "un fichier à la place du dossier");
  setDataDir(broken);
  const release = lockSqlite(t);
  try {
    await work();
  } finally {
    release();
    setDataDir(spool.dir());
    rmSync(broken, { recursive: true, force: true });
  }
}

export type OutageEngine = "sqlite-locked" | "postgres-cut" | "postgres-refusing" | "postgres-read-only";

/**
 * Runs `scenario` once for each refusal, in its own database. `onSqlite` adds tests on the SQLite
 * database of the locked-file case (which is a `TestDatabase` there). PostgreSQL runs with
 * TEST_DATABASE_URL only.
 */
export function describeOutages(
  subject: string,
  scenario: (outage: Outage) => Promise<void>,
  {
    engines = ["sqlite-locked", "postgres-cut"],
    timeout = 60_000,
    onSqlite,
  }: { engines?: OutageEngine[]; timeout?: number; onSqlite?: (t: () => TestDatabase) => void } = {},
): void {
  describe(`${subject} while SQLite is locked by another process`, () => {
    let t: TestDatabase;
    let release: (() => void) | undefined;
    beforeAll(async () => {
      // A query gives up on the locked file after 0.5 s instead of 5 (SQLITE_BUSY_TIMEOUT_MS).
      t = await createSqliteDatabase({ busyTimeoutMs: 500 });
    });
    afterAll(async () => {
      await t?.cleanup();
    });
    if (engines.includes("sqlite-locked")) {
      it("is spooled and answered, then stored once the lock is gone", { timeout }, async () => {
        await scenario({
          site: t.db,
          store: t.db,
          refuse: () => {
            release = lockSqlite(t);
          },
          restore: () => release?.(),
          storeReadsDuringOutage: true,
        });
      });
    }
    onSqlite?.(() => t);
  });

  if (engines.includes("postgres-cut")) {
    describe.skipIf(!process.env.TEST_DATABASE_URL)(`${subject} while PostgreSQL refuses connections`, () => {
      let t: TestDatabase;
      let proxy: TcpProxy;
      let site: Db;
      beforeAll(async () => {
        t = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
        const direct = new URL(t.url);
        proxy = new TcpProxy(direct.hostname, Number(direct.port || 5432));
        await proxy.open();
        site = openDb({ engine: "postgres", url: proxy.url(t.url) }, { max: 4, connectTimeoutMs: 2_000 }).db;
      });
      afterAll(async () => {
        await proxy?.cut();
        if (site) await closeDbHandle(site).catch(() => undefined);
        await t?.cleanup();
      });

      it("is spooled and answered, then stored once the server answers again", { timeout }, async () => {
        // Warm the pool: connections are open when the server goes away (they are reset).
        await sql`select 1`.execute(site);
        await scenario({ site, store: t.db, refuse: () => proxy.cut(), restore: () => proxy.open(), storeReadsDuringOutage: true });
      });
    });
  }

  /**
   * PostgreSQL answers but refuses, without any network error: the database refuses connections
   * (SQLSTATE 55000, `ALLOW_CONNECTIONS false`, the open ones ended: 57P01), or it is read-only as a
   * replica after a failover (25006, `default_transaction_read_only`). A database of its own, dropped after.
   */
  const refusals = engines.filter((e) => e === "postgres-refusing" || e === "postgres-read-only");
  if (refusals.length > 0) {
    describe.skipIf(!process.env.TEST_DATABASE_URL)(`${subject} while PostgreSQL answers with a refusal`, () => {
      let t: TestDatabase;
      let site: Db;
      let admin: Db;
      let name: string;
      beforeAll(async () => {
        t = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
        name = new URL(t.url).pathname.slice(1);
        site = openDb({ engine: "postgres", url: t.url }, { max: 4, connectTimeoutMs: 2_000 }).db;
        admin = openDb({ engine: "postgres", url: process.env.TEST_DATABASE_URL! }, { max: 1 }).db;
      });
      afterAll(async () => {
        await sql
          .raw(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`)
          .execute(admin)
          .catch(() => undefined);
        if (site) await closeDbHandle(site).catch(() => undefined);
        await t?.cleanup();
        if (admin) await closeDbHandle(admin);
      });

      /** Ends the sessions open on the site's database: the next ones get the new rules. */
      async function endSessions() {
        await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`.execute(
          admin,
        );
        // The pools see their connections closed (and drop them) before the next query.
        await new Promise((resolve) => setTimeout(resolve, 300));
      }

      if (refusals.includes("postgres-refusing")) {
        it("refusing connections (55000): spooled, acknowledged, stored once it accepts them again", { timeout }, async () => {
          await sql`select 1`.execute(site);
          await scenario({
            site,
            store: t.db,
            refuse: async () => {
              await sql.raw(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`).execute(admin);
              await endSessions();
            },
            restore: async () => {
              await sql.raw(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`).execute(admin);
            },
            storeReadsDuringOutage: false,
          });
        });
      }

      if (refusals.includes("postgres-read-only")) {
        it("read-only (25006): spooled, acknowledged, stored once it takes writes again", { timeout }, async () => {
          await sql`select 1`.execute(site);
          await scenario({
            site,
            store: t.db,
            refuse: async () => {
              await sql.raw(`ALTER DATABASE "${name}" SET default_transaction_read_only = on`).execute(admin);
              await endSessions();
            },
            restore: async () => {
              await sql.raw(`ALTER DATABASE "${name}" RESET default_transaction_read_only`).execute(admin);
              await endSessions();
            },
            storeReadsDuringOutage: true,
          });
        });
      }
    });
  }
}
