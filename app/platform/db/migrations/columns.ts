import type { ColumnBuilderCallback, CreateTableBuilder, Kysely } from "kysely";

/**
 * Column groups that many migrations repeat. Migrations are history: a helper here may gain a new
 * option, but what it writes for the existing calls never changes (the migrated schema would differ
 * between a database created before and after the change).
 */

type Table = CreateTableBuilder<string, string>;
type DataType = Parameters<Table["addColumn"]>[1];

/** `createTable(name)` with its primary key `id` first (a UUID by default). */
export function tableWithId(db: Kysely<any>, name: string, idType: DataType = "varchar(36)"): Table {
  return db.schema.createTable(name).addColumn("id", idType, (c) => c.primaryKey());
}

/** The site's own timestamps, last columns of a table: ISO-8601 text, required. */
export function createdAndUpdated(table: Table): Table {
  return table.addColumn("created_at", "varchar(40)", (c) => c.notNull()).addColumn("updated_at", "varchar(40)", (c) => c.notNull());
}

/**
 * The lease of a background job row (docs/decisions/0004-job-queue.md): the token of the worker
 * that holds it and until when; both null when no worker holds it.
 */
export function leaseColumns(table: Table): Table {
  return table.addColumn("lock_token", "varchar(36)").addColumn("locked_until", "varchar(40)");
}

/** ALTER TABLE … ADD COLUMN, one statement a column (SQLite adds one column at a time), in order. */
export async function addColumns(
  db: Kysely<any>,
  table: string,
  columns: Array<[string, DataType, ColumnBuilderCallback?]>,
): Promise<void> {
  for (const [name, type, build] of columns) await db.schema.alterTable(table).addColumn(name, type, build).execute();
}

/**
 * The old slugs of a page (formation, blog post) that keep answering with a 301: each points at its
 * owner row (`ownerColumn` references `ownerTable.id`, deleted with it), indexed by owner.
 */
export async function createSlugRedirects(db: Kysely<any>, table: string, ownerColumn: string, ownerTable: string): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn("old_slug", "varchar(80)", (c) => c.primaryKey())
    .addColumn(ownerColumn, "varchar(64)", (c) => c.notNull().references(`${ownerTable}.id`).onDelete("cascade"))
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .execute();
  const index = `${table}_${ownerColumn.replace(/_id$/, "")}_idx`;
  await db.schema.createIndex(index).on(table).column(ownerColumn).execute();
}
