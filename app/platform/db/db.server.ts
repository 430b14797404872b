import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql, type Driver } from "kysely";
import { Migrator, type MigrationResultSet } from "kysely/migration";
import pg from "pg";
import { config, type AppConfig } from "../config.server";
import { log } from "../log.server";
import { migrations } from "./migrations";
import type { Database } from "./schema";

export type Db = Kysely<Database>;
export type DbEngine = AppConfig["database"]["engine"];

let handle: { db: Db; engine: DbEngine } | undefined;

/**
 * SQLite transactions start with BEGIN IMMEDIATE: the write lock is taken up front, so two
 * processes writing at once (the server and a script, say) wait on busy_timeout instead of
 * failing with SQLITE_BUSY_SNAPSHOT halfway through.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw("begin immediate"));
    };
    return driver;
  }
}

/** Opens a Kysely handle on SQLite (WAL, foreign keys, busy timeout) or PostgreSQL. */
export function openDb(database: AppConfig["database"]): { db: Db; engine: DbEngine } {
  if (database.engine === "postgres") {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle connection closed by the server (restart, failover) must not crash the process.
    pool.on("error", (error) => log.warn("Connexion PostgreSQL inactive perdue", { error: error.message }));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), engine: "postgres" };
  }
  mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  return { db: new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) }), engine: "sqlite" };
}

/** The process-wide database handle (one pool, opened on first use). */
export function db(): Db {
  handle ??= openDb(config().database);
  return handle.db;
}

export function dbEngine(): DbEngine {
  return config().database.engine;
}

export async function closeDb(): Promise<void> {
  if (!handle) return;
  const { db } = handle;
  handle = undefined;
  await closeDbHandle(db);
}

export async function closeDbHandle(target: Db): Promise<void> {
  await target.destroy();
}

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrate(target: Db = db()): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db: target,
    provider: { getMigrations: async () => migrations },
    // Areas own number ranges (0100 accounts, 0200 funding, 0300 formations…): a migration may
    // arrive with a lower number than one already applied, and must still run.
    allowUnorderedMigrations: true,
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName ?? "inconnue";
    throw new Error(`Échec de la migration ${failed} : ${String(result.error)}`, { cause: result.error });
  }
  return result;
}

/** True when the database answers a trivial query. */
export async function ping(target: Db = db()): Promise<boolean> {
  try {
    await sql`select 1`.execute(target);
    return true;
  } catch {
    return false;
  }
}

export function nowIso(): string {
  return new Date().toISOString();
}
