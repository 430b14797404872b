import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";

/** Kysely's own bookkeeping, not part of `Database`. */
const MIGRATOR_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);

/** PostgreSQL's full-text index columns (SQLite keeps the same index in an FTS5 table): read by raw SQL only. */
const POSTGRES_INDEX_COLUMNS = new Set(["search_documents.tsv", "search_documents.rank_tsv"]);

/** Tables and their columns as `schema.ts` declares them: `interface Database`'s keys, then each table interface's keys. */
function declaredSchema(): Map<string, string[]> {
  const file = path.join(import.meta.dirname, "schema.ts");
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const keysOf = (decl: ts.InterfaceDeclaration): Array<[string, ts.TypeNode | undefined]> => {
    const inherited = (decl.heritageClauses ?? []).flatMap((h) =>
      h.types.flatMap((t) => {
        const parent = interfaces.get(t.expression.getText(source));
        return parent ? keysOf(parent) : [];
      }),
    );
    const own = decl.members
      .filter(ts.isPropertySignature)
      .map((m): [string, ts.TypeNode | undefined] => [m.name.getText(source).replace(/["']/g, ""), m.type]);
    return [...inherited, ...own];
  };
  const database = interfaces.get("Database");
  if (!database) throw new Error("schema.ts declares no `interface Database`");
  const tables = new Map<string, string[]>();
  for (const [table, type] of keysOf(database)) {
    const name = type?.getText(source) ?? "";
    const decl = interfaces.get(name);
    if (!decl) throw new Error(`schema.ts: the interface ${name} of table ${table} is not declared in the file`);
    tables.set(
      table,
      keysOf(decl)
        .map(([column]) => column)
        .sort(),
    );
  }
  return tables;
}

/** Tables and columns of the migrated database. */
async function migratedSchema(t: TestDatabase): Promise<Map<string, string[]>> {
  const tables = new Map<string, string[]>();
  if (t.engine === "sqlite") {
    // Plain tables only: a full-text index (FTS5 virtual table and its shadow tables) is an index, not a table.
    const names = await sql<{
      name: string;
    }>`select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%'`.execute(t.db);
    for (const { name } of names.rows) {
      if (MIGRATOR_TABLES.has(name)) continue;
      const columns = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(t.db);
      tables.set(name, columns.rows.map((c) => c.name).sort());
    }
  } else {
    const rows = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() order by table_name, column_name`.execute(t.db);
    for (const r of rows.rows) {
      if (MIGRATOR_TABLES.has(r.table_name) || POSTGRES_INDEX_COLUMNS.has(`${r.table_name}.${r.column_name}`)) continue;
      tables.set(r.table_name, [...(tables.get(r.table_name) ?? []), r.column_name].sort());
    }
  }
  return tables;
}

describe.each(engines)("schema.ts matches the migrations on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("declares every table of a freshly migrated database, with exactly its columns", async () => {
    const declared = declaredSchema();
    const actual = await migratedSchema(t);
    expect([...declared.keys()].sort()).toEqual([...actual.keys()].sort());
    for (const [table, columns] of actual) expect({ table, columns: declared.get(table) }).toEqual({ table, columns });
  });
});
