import { sql, type Kysely } from "kysely";
import { isPostgres } from "./dialect";

/**
 * Every write to a table whose rows reach public pages bumps `site_state.content_version`,
 * through a database trigger: no code path (admin screen, import, seed, script, another
 * instance) can forget it. The public page cache compares this version to drop its pages.
 * A migration that creates such a table calls `addContentTriggers` for it, and lists it in
 * CONTENT_TABLES (a test checks that every table is either there or in NON_CONTENT_TABLES).
 */
export async function addContentTriggers(db: Kysely<any>, table: string): Promise<void> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`Nom de table invalide : ${table}`);
  if (isPostgres(db)) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_content_version AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version()`,
      )
      .execute(db);
    return;
  }
  for (const op of ["insert", "update", "delete"]) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_content_version_${op} AFTER ${op.toUpperCase()} ON ${table} BEGIN UPDATE site_state SET content_version = content_version + 1 WHERE id = 1; END`,
      )
      .execute(db);
  }
}

export async function dropContentTriggers(db: Kysely<any>, table: string): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${table}_content_version ON ${table}`).execute(db);
    return;
  }
  for (const op of ["insert", "update", "delete"]) await sql.raw(`DROP TRIGGER IF EXISTS ${table}_content_version_${op}`).execute(db);
}

/**
 * Replaces the content trigger of `formation_sessions` with one that an UPDATE fires only when it
 * sets one of `columns` (a change of the seat counter alone is not content: docs/decisions/0003-caching.md).
 */
export async function sessionContentTrigger(db: Kysely<any>, columns: readonly string[]): Promise<void> {
  const list = columns.join(", ");
  if (isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS formation_sessions_content_version ON formation_sessions`.execute(db);
    await sql
      .raw(
        `CREATE TRIGGER formation_sessions_content_version AFTER INSERT OR DELETE OR UPDATE OF ${list} ON formation_sessions FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version()`,
      )
      .execute(db);
    return;
  }
  await sql`DROP TRIGGER IF EXISTS formation_sessions_content_version_update`.execute(db);
  await sql
    .raw(
      `CREATE TRIGGER formation_sessions_content_version_update AFTER UPDATE OF ${list} ON formation_sessions BEGIN UPDATE site_state SET content_version = content_version + 1 WHERE id = 1; END`,
    )
    .execute(db);
}
