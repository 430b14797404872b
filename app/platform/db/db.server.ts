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
export function openDb(
  database: AppConfig["database"],
  poolOptions: AppConfig["databasePool"] = { max: 10, connectTimeoutMs: 5000 },
): { db: Db; engine: DbEngine } {
  if (database.engine === "postgres") {
    // DATABASE_POOL_MAX connections at most per process; waiting longer than
    // DATABASE_CONNECT_TIMEOUT_MS for one fails the query rather than hanging the request. A
    // connection the server dropped (restart, failover, pg_terminate_backend) leaves the pool
    // and is replaced on demand: the site recovers without a restart.
    const pool = new pg.Pool({
      connectionString: database.url,
      max: poolOptions.max,
      connectionTimeoutMillis: poolOptions.connectTimeoutMs,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
    });
    // An idle connection closed by the server (restart, failover) must not crash the process.
    pool.on("error", (error) => log.warn("Connexion PostgreSQL inactive perdue", { error: error.message }));
    // Nor may one dropped while a request holds it (pg only listens while a client is idle): the
    // query under way fails, and the pool discards the client when it is released.
    pool.on("connect", (client) => {
      client.on("error", (error) => log.warn("Connexion PostgreSQL perdue pendant son utilisation", { error: error.message }));
    });
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
  handle ??= openDb(config().database, config().databasePool);
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

function migrator(target: Db): Migrator {
  return new Migrator({
    db: target,
    provider: { getMigrations: async () => migrations },
    // Areas own number ranges (0100 accounts, 0200 funding, 0300 formations…): a migration may
    // arrive with a lower number than one already applied, and must still run.
    allowUnorderedMigrations: true,
  });
}

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrate(target: Db = db()): Promise<MigrationResultSet> {
  const result = await migrator(target).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName ?? "inconnue";
    throw new Error(`Échec de la migration ${failed} : ${String(result.error)}`, { cause: result.error });
  }
  return result;
}

/** The advisory lock key of migrations and seeding on PostgreSQL (any constant shared by every instance). */
const STARTUP_LOCK_KEY = 7_240_114_001;

/**
 * Runs `fn` (migrations, seeding) while holding the startup lock shared by every instance on the
 * database, so that instances started together never migrate or seed at the same time: the
 * others wait, then find the work done. PostgreSQL: a session advisory lock on one connection of
 * the pool (released at the end, or by the server if the process dies). SQLite: an exclusive
 * transaction on a small lock file next to the database (released by the system if the process dies).
 */
export async function withStartupLock<T>(
  fn: () => Promise<T>,
  { target = db(), database = config().database }: { target?: Db; database?: AppConfig["database"] } = {},
): Promise<T> {
  if (database.engine === "postgres") {
    return target.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
      try {
        return await fn();
      } finally {
        await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection).catch(() => undefined);
      }
    });
  }
  mkdirSync(path.dirname(database.file), { recursive: true });
  const lock = new SQLite(`${database.file}.startup-lock`);
  lock.pragma("busy_timeout = 0");
  try {
    const until = Date.now() + 5 * 60_000;
    for (;;) {
      try {
        lock.exec("begin exclusive");
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > until) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    try {
      return await fn();
    } finally {
      lock.exec("commit");
    }
  } finally {
    lock.close();
  }
}

/** How many migrations of this version are not applied to the database yet (for /readyz). */
export async function pendingMigrations(target: Db = db()): Promise<number> {
  const all = await migrator(target).getMigrations();
  return all.filter((m) => m.executedAt === undefined).length;
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
