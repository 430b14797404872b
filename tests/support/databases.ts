import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { closeDbHandle, migrate, openDb, type Db, type DbEngine } from "~/platform/db/db.server";

export interface TestDatabase {
  engine: DbEngine;
  db: Db;
  /** The DATABASE_URL-style location, for code that opens its own handle. */
  url: string;
  cleanup(): Promise<void>;
}

/** A fresh SQLite file in a temporary folder, migrated (unless `migrated: false`). */
/** `busyTimeoutMs`: how long a query waits for another process's lock (SQLITE_BUSY_TIMEOUT_MS, 5 s by default). */
export async function createSqliteDatabase({
  migrated = true,
  busyTimeoutMs,
}: { migrated?: boolean; busyTimeoutMs?: number } = {}): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), "site-test-"));
  const file = path.join(dir, "test.db");
  const { db } = openDb({ engine: "sqlite", file }, busyTimeoutMs ? { busyTimeoutMs } : {});
  if (migrated) await migrate(db);
  return {
    engine: "sqlite",
    db,
    url: `file:${file}`,
    async cleanup() {
      await closeDbHandle(db);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A database of its own on TEST_DATABASE_URL's server, migrated (unless `migrated: false`); dropped by cleanup(). */
export async function createPostgresDatabase(baseUrl: string, { migrated = true }: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const name = `t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const { db } = openDb({ engine: "postgres", url: url.toString() });
  if (migrated) await migrate(db);
  return {
    engine: "postgres",
    db,
    url: url.toString(),
    async cleanup() {
      await closeDbHandle(db);
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The engines integration tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const engines: Array<{ name: DbEngine; create: () => Promise<TestDatabase> }> = [
  { name: "sqlite", create: createSqliteDatabase },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: "postgres" as const, create: () => createPostgresDatabase(process.env.TEST_DATABASE_URL!) }]
    : []),
];
