import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PRIVATE_DIR_MODE, privateFileSync } from "../private-files.server";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Driver,
  type SqliteDatabase,
  type Transaction,
  type TransactionBuilder,
} from "kysely";
import { Migrator, type Migration, type MigrationResultSet } from "kysely/migration";
import pg from "pg";
import { config, DATABASE_POOL_DEFAULTS, type AppConfig } from "../config.server";
import { log } from "../log.server";
import { LruMap } from "../lru-map";
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

/**
 * Marks the code that runs inside a transaction callback. On SQLite the one connection belongs to
 * the transaction until it ends, so `db()` called there would wait for itself forever; on
 * PostgreSQL it would quietly run outside the transaction. `db()` refuses in both cases: the
 * transaction (`trx`) is passed explicitly instead. The flag is turned off when the callback
 * ends, so that work the callback started in the background may use `db()` afterwards.
 */
const transactionScope = new AsyncLocalStorage<{ open: boolean }>();

export class DbInsideTransactionError extends Error {
  constructor() {
    super(
      "db() appelé dans le rappel d'une transaction : passez la transaction (trx) en paramètre. " +
        "Sur SQLite, cet appel attendrait sans fin la fin de la transaction qui l'attend.",
    );
    this.name = "DbInsideTransactionError";
  }
}

/** True while the current code runs inside a transaction callback. */
export function inTransaction(): boolean {
  return transactionScope.getStore()?.open === true;
}

/**
 * Runs `fn` in one transaction: the caller's when `target` already is one, else a new one. A domain
 * function that writes several rows (the change and its audit record) uses it, so that a route only
 * calls it.
 */
export function atomically<T>(target: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return target.isTransaction ? fn(target) : target.transaction().execute(fn);
}

/** Runs `fn` outside any transaction scope (for work deliberately handed to the background). */
export function outsideTransaction<T>(fn: () => T): T {
  return transactionScope.exit(fn);
}

/** A builder whose `execute(callback)` runs the callback inside the transaction scope. */
function guardBuilder<B extends object>(builder: B): B {
  return new Proxy(builder, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "execute") {
        return <T>(callback: (trx: Transaction<Database>) => Promise<T>) =>
          (target as unknown as TransactionBuilder<Database>).execute((trx) => {
            const scope = { open: true };
            return transactionScope.run(scope, async () => {
              try {
                return await callback(trx);
              } finally {
                scope.open = false;
              }
            });
          });
      }
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        return result && typeof result === "object" && "execute" in result ? guardBuilder(result) : result;
      };
    },
  });
}

/** Kysely whose transactions mark their callbacks (see `transactionScope`). */
class GuardedKysely extends Kysely<Database> {
  override transaction(): TransactionBuilder<Database> {
    return guardBuilder(super.transaction());
  }
}

/** Opens a Kysely handle on SQLite (WAL, foreign keys, busy timeout, secure delete) or PostgreSQL. */
export function openDb(database: AppConfig["database"], options: Partial<AppConfig["databasePool"]> = {}): { db: Db; engine: DbEngine } {
  const poolOptions: AppConfig["databasePool"] = { ...DATABASE_POOL_DEFAULTS, ...options };
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
    return { db: new GuardedKysely({ dialect: new PostgresDialect({ pool }) }), engine: "postgres" };
  }
  mkdirSync(path.dirname(database.file), { recursive: true, mode: PRIVATE_DIR_MODE });
  const sqlite = new SQLite(database.file);
  // Private to the service user before SQLite creates the -wal and -shm files (it gives them the
  // database file's mode); those of an earlier run are put right too.
  for (const file of [database.file, `${database.file}-wal`, `${database.file}-shm`]) privateFileSync(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  // A query waits SQLITE_BUSY_TIMEOUT_MS for a lock another process holds, then fails: the
  // request answers (or spools what it was given) instead of holding the process longer.
  sqlite.pragma(`busy_timeout = ${poolOptions.busyTimeoutMs}`);
  sqlite.pragma("synchronous = NORMAL");
  // Deleted rows are overwritten with zeros, not left readable in free pages (right to erasure).
  sqlite.pragma("secure_delete = ON");
  return { db: new GuardedKysely({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) }), engine: "sqlite" };
}

/**
 * better-sqlite3 compiles the SQL again at every prepare(), and Kysely prepares every query it
 * runs: a page's dozen queries spent more time being compiled than being run. The site runs the
 * same few hundred statements over and over, so compiled statements are kept, the least recently
 * used dropped past `max`. Safe with Kysely's SQLite driver, which runs one query at a time (a
 * statement is never used by two queries at once); SQLite recompiles a kept statement by itself
 * after a schema change.
 */
export function withStatementCache(sqlite: SQLite.Database, max = 1000): SqliteDatabase {
  const statements = new LruMap<string, SQLite.Statement>(max);
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

/** The process-wide database handle (one pool, opened on first use). Refuses inside a transaction callback. */
export function db(): Db {
  if (inTransaction()) throw new DbInsideTransactionError();
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

function migrator(target: Db, list: Record<string, Migration> = migrations): Migrator {
  return new Migrator({
    db: target,
    provider: { getMigrations: async () => list },
    // Strictly in the order of their names (docs/architecture.md#migrations): 0001…0600, then
    // YYYYMMDDHHMM_…; a migration older than the last one applied stops the start.
    allowUnorderedMigrations: false,
  });
}

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrate(target: Db = db(), list: Record<string, Migration> = migrations): Promise<MigrationResultSet> {
  const result = await migrator(target, list).migrateToLatest();
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
  mkdirSync(path.dirname(database.file), { recursive: true, mode: PRIVATE_DIR_MODE });
  const lock = new SQLite(`${database.file}.startup-lock`);
  privateFileSync(`${database.file}.startup-lock`);
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
