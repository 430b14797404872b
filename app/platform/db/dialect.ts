import { PostgresAdapter, sql, type Kysely, type RawBuilder } from "kysely";

/**
 * What differs between the two engines (docs/decisions/0001-kysely-two-engines.md), in one place: the
 * areas' code calls these helpers and never asks which engine it runs on.
 */

/** True on PostgreSQL (a handle or a transaction). Only `app/platform/db` asks. */
export function isPostgres(target: Kysely<any>): boolean {
  return target.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * A timestamp as Better Auth stores it in its own tables (users, sessions…): a native timestamptz on
 * PostgreSQL, ISO-8601 text on SQLite. The site's own tables always use ISO text (`nowIso`).
 */
export function authTimestamp(target: Kysely<any>, date: Date): Date | string {
  return isPostgres(target) ? date : date.toISOString();
}

/** A boolean as Better Auth stores it: native on PostgreSQL, 0/1 on SQLite. */
export function authBoolean(target: Kysely<any>, value: boolean): boolean | number {
  return isPostgres(target) ? value : value ? 1 : 0;
}

/**
 * Locks the selected rows until the transaction ends (`FOR UPDATE`) on PostgreSQL. On SQLite every
 * transaction begins IMMEDIATE and so already holds the only write lock: nothing to add.
 */
export function lockForUpdate<Q extends { forUpdate(): Q }>(query: Q, target: Kysely<any>): Q {
  return isPostgres(target) ? query.forUpdate() : query;
}

/**
 * Serializes the transactions that take the same named lock, until each ends: a transaction-scoped
 * advisory lock on PostgreSQL (`pg_advisory_xact_lock`); on SQLite the transaction already holds
 * the only write lock. Take it last (after any row lock) so that it never waits in a cycle.
 */
export async function lockNameForTransaction(trx: Kysely<any>, name: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `column` contains `term`, ignoring case (ASCII), on both engines: `lower(column) LIKE '%term%'`. */
export function containsIgnoringCase(column: string, term: string): RawBuilder<boolean> {
  const pattern = `%${escapeLike(term.trim().toLowerCase())}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
