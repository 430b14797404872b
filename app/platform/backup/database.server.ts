import { execFile } from "node:child_process";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { copyFile, mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { once } from "node:events";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import { sql, type Kysely } from "kysely";
import type { AppConfig } from "../config.server";
import { migrate, type Db } from "../db/db.server";
import { DERIVED_TABLES } from "../db/content-tables";
import { isPostgres } from "../db/dialect";

/**
 * The database part of a backup (docs/decisions/0012-backups.md):
 * - SQLite: the online backup API (better-sqlite3's `backup`), a consistent copy while the site writes;
 * - PostgreSQL: `pg_dump --format=custom` when the binary is there and works;
 * - otherwise a logical export (one JSON line per row, per table, read in one repeatable-read
 *   transaction) that the site restores by itself.
 */
export type DumpMethod = "sqlite-backup" | "pg_dump" | "logical";

const run = promisify(execFile);
const MIGRATION_TABLES = ["kysely_migration", "kysely_migration_lock"];
export const DATABASE_FOLDER = "database";

export interface DumpResult {
  method: DumpMethod;
  /** Rows per table, when the dump can tell (not pg_dump). */
  tables?: Record<string, number>;
  /** Why pg_dump was not used, when it was expected. */
  note?: string;
}

/** Writes the database into `folder` (created). `logical` forces the logical export (tests, fallback). */
export async function dumpDatabase(
  target: Db,
  database: AppConfig["database"],
  folder: string,
  { logical = false }: { logical?: boolean } = {},
): Promise<DumpResult> {
  await mkdir(folder, { recursive: true });
  if (database.engine === "sqlite" && !logical) {
    const file = path.join(folder, "site.sqlite");
    const source = new SQLite(database.file, { fileMustExist: true });
    try {
      // All pages in one step, inside one read transaction: a write by another connection between
      // two small steps would restart the copy, and a site that keeps writing would never finish.
      await source.backup(file, { progress: () => 0x7fffffff });
    } finally {
      source.close();
    }
    return { method: "sqlite-backup", tables: sqliteCounts(file) };
  }
  if (database.engine === "postgres" && !logical) {
    try {
      await run(
        "pg_dump",
        ["--format=custom", "--no-owner", "--no-privileges", `--file=${path.join(folder, "site.pgdump")}`, database.url],
        {
          maxBuffer: 16 * 1024 * 1024,
        },
      );
      return { method: "pg_dump" };
    } catch (error) {
      // No binary (ENOENT), or one older than the server: the logical export still works.
      await rm(path.join(folder, "site.pgdump"), { force: true });
      const reason = (error as { code?: string; stderr?: string }).code === "ENOENT" ? "pg_dump absent" : String((error as Error).message);
      return { ...(await logicalExport(target, folder)), note: reason };
    }
  }
  return logicalExport(target, folder);
}

function sqliteCounts(file: string): Record<string, number> {
  const copy = new SQLite(file, { readonly: true });
  try {
    const tables = copy
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .all() as Array<{
      name: string;
    }>;
    return Object.fromEntries(
      tables.map((t) => [t.name, (copy.prepare(`select count(*) as n from "${t.name}"`).get() as { n: number }).n]),
    );
  } finally {
    copy.close();
  }
}

/**
 * The site's tables (migrations' own tables included), by name; not the tables computed from the
 * others (DERIVED_TABLES) nor, on SQLite, the full-text index (an FTS5 virtual table and its
 * shadow tables).
 */
export async function listTables(target: Kysely<any>): Promise<string[]> {
  if (isPostgres(target)) {
    const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(target);
    return rows.map((r) => r.name).filter((name) => !DERIVED_TABLES.includes(name));
  }
  const { rows } = await sql<{ name: string }>`select name from pragma_table_list
    where schema = 'main' and type = 'table' and name not like 'sqlite_%' order by name`.execute(target);
  return rows.map((r) => r.name).filter((name) => !DERIVED_TABLES.includes(name));
}

/** Rows per table of a live database. */
export async function countRows(target: Kysely<any>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(target)) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(target);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

const BATCH = 500;

/** One JSON line per row, one file per table, all read in one snapshot. */
async function logicalExport(target: Db, folder: string): Promise<DumpResult> {
  const tables: Record<string, number> = {};
  const work = async (trx: Kysely<any>) => {
    const order = isPostgres(trx) ? sql`ctid` : sql`rowid`;
    for (const table of await listTables(trx)) {
      const out = createWriteStream(path.join(folder, `${table}.jsonl`));
      let n = 0;
      for (let offset = 0; ; offset += BATCH) {
        const { rows } = await sql<
          Record<string, unknown>
        >`select * from ${sql.table(table)} order by ${order} limit ${BATCH} offset ${offset}`.execute(trx);
        for (const row of rows) if (!out.write(JSON.stringify(row) + "\n")) await once(out, "drain");
        n += rows.length;
        if (rows.length < BATCH) break;
      }
      out.end();
      await once(out, "finish");
      tables[table] = n;
    }
  };
  if (isPostgres(target)) await target.transaction().setIsolationLevel("repeatable read").execute(work);
  else await target.transaction().execute(work);
  return { method: "logical", tables };
}

export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefusedError";
  }
}

/** True when the database holds no table of the site (a new SQLite file or an empty PostgreSQL database). */
export async function isEmptyDatabase(target: Kysely<any>): Promise<boolean> {
  return (await listTables(target)).length === 0;
}

/**
 * Restores the database part of an extracted archive into `database`, which must be empty (checked
 * by the caller). `open` opens a handle on it (after a SQLite file is put in place).
 */
export async function restoreDatabase(folder: string, method: DumpMethod, database: AppConfig["database"], open: () => Db): Promise<void> {
  if (method === "sqlite-backup") {
    if (database.engine !== "sqlite") {
      throw new RestoreRefusedError(
        "Cette sauvegarde contient une base SQLite\u00a0: elle ne se restaure que dans une base SQLite (DATABASE_URL absent ou file:…).",
      );
    }
    await mkdir(path.dirname(database.file), { recursive: true });
    for (const suffix of ["", "-wal", "-shm"]) await rm(database.file + suffix, { force: true });
    await copyFile(path.join(folder, "site.sqlite"), database.file);
    return;
  }
  if (method === "pg_dump") {
    if (database.engine !== "postgres") {
      throw new RestoreRefusedError(
        "Cette sauvegarde contient une base PostgreSQL (pg_dump)\u00a0: elle ne se restaure que dans une base PostgreSQL (DATABASE_URL=postgres://…).",
      );
    }
    try {
      await run(
        "pg_restore",
        ["--no-owner", "--no-privileges", "--exit-on-error", `--dbname=${database.url}`, path.join(folder, "site.pgdump")],
        {
          maxBuffer: 16 * 1024 * 1024,
        },
      );
    } catch (error) {
      if ((error as { code?: string }).code === "ENOENT") {
        throw new RestoreRefusedError(
          "pg_restore est introuvable\u00a0: installez le client PostgreSQL (paquet postgresql-client) puis relancez la restauration.",
        );
      }
      throw error;
    }
    return;
  }
  await logicalImport(folder, open());
}

/** Tables in an order where each comes after the tables its foreign keys point to. */
async function dependencyOrder(target: Kysely<any>, tables: string[]): Promise<string[]> {
  const deps = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  if (isPostgres(target)) {
    const { rows } = await sql<{ child: string; parent: string }>`select tc.table_name as child, ccu.table_name as parent
      from information_schema.table_constraints tc
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`.execute(target);
    for (const r of rows) if (r.child !== r.parent) deps.get(r.child)?.add(r.parent);
  } else {
    for (const table of tables) {
      const { rows } = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${table})`.execute(target);
      for (const r of rows) if (r.table !== table) deps.get(table)?.add(r.table);
    }
  }
  const ordered: string[] = [];
  const visit = (t: string, path: Set<string>) => {
    if (ordered.includes(t) || path.has(t)) return;
    path.add(t);
    for (const parent of deps.get(t) ?? []) if (deps.has(parent)) visit(parent, path);
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

async function logicalImport(folder: string, target: Db): Promise<void> {
  await migrate(target);
  const files = (await readdir(folder)).filter((f) => f.endsWith(".jsonl")).map((f) => f.slice(0, -".jsonl".length));
  const live = new Set(await listTables(target));
  const tables = await dependencyOrder(
    target,
    files.filter((t) => live.has(t) && !MIGRATION_TABLES.includes(t)),
  );
  const postgres = isPostgres(target);
  const described = await target.introspection.getTables();
  await target.transaction().execute(async (trx) => {
    // Rows the migrations wrote (the content version, say) give way to the archive's; the derived
    // tables are written again by the triggers as the rows arrive.
    for (const table of DERIVED_TABLES) await trx.deleteFrom(table as never).execute();
    for (const table of [...tables].reverse()) await trx.deleteFrom(table as never).execute();
    for (const table of tables) {
      const columns = new Set(described.find((t) => t.name === table)?.columns.map((c) => c.name));
      let batch: Record<string, unknown>[] = [];
      const flush = async () => {
        if (batch.length)
          await trx
            .insertInto(table as never)
            .values(batch as never)
            .execute();
        batch = [];
      };
      const lines = createInterface({ input: createReadStream(path.join(folder, `${table}.jsonl`)), crlfDelay: Infinity });
      for await (const line of lines) {
        if (!line) continue;
        const row = JSON.parse(line) as Record<string, unknown>;
        const values: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(row)) {
          if (!columns.has(key)) continue;
          // better-sqlite3 binds no booleans (a PostgreSQL export restored into SQLite).
          values[key] = !postgres && typeof value === "boolean" ? (value ? 1 : 0) : value;
        }
        batch.push(values);
        if (batch.length >= 100) await flush();
      }
      await flush();
    }
  });
}

/** True when an extracted archive's database folder holds a dump of this method. */
export function dumpPresent(folder: string, method: DumpMethod): boolean {
  if (method === "sqlite-backup") return existsSync(path.join(folder, "site.sqlite"));
  if (method === "pg_dump") return existsSync(path.join(folder, "site.pgdump"));
  return existsSync(folder);
}
