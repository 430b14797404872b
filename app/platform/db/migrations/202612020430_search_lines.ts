import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";
import {
  formationDocumentSql,
  postDocumentSql,
  refreshFunctionsSql,
  sqliteDropTriggersSql,
  sqliteTriggersSql,
  type Engine,
} from "./202611281300_search_documents";

/**
 * Site-wide search, second step (docs/decisions/0018-site-search.md, section of 2 December 2026):
 * - the texts of a document are joined by line breaks, not spaces (each field, programme module,
 *   objective and city on its own line), so that a snippet can be cut into readable pieces and the
 *   cities listed in French;
 * - a full-text index of the titles alone (SQLite: the FTS5 table `search_title_fts`, kept in step
 *   by three triggers; PostgreSQL: a GIN index on the title's tsvector), so that the matches in a
 *   title are taken first through a small index, without reading every match of the whole text.
 */

export async function up(db: Kysely<any>): Promise<void> {
  const engine: Engine = isPostgres(db) ? "postgres" : "sqlite";
  if (engine === "postgres") {
    await sql`CREATE FUNCTION search_json_lines(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN left(ltrim(coalesce(value, '')), 1) IN ('[', '{')
    THEN coalesce((SELECT string_agg(s #>> '{}', chr(10)) FROM jsonb_path_query(value::jsonb, 'strict $.**') s WHERE jsonb_typeof(s) = 'string'), '')
    ELSE coalesce(value, '') END
$$`.execute(db);
    for (const statement of refreshFunctionsSql("lines")) await sql.raw(statement).execute(db);
    await sql`CREATE INDEX search_documents_title_tsv_idx ON search_documents USING gin (to_tsvector('french_unaccent', title))`.execute(
      db,
    );
    // The candidates of a search (app/platform/db/full-text.server.ts): at most cap + 1 matches, the
    // title's first (through the index above), then the others (through the tsv index); the others
    // are scored only when \`want\` (the page's end) goes past the title's. Sequential scans are off
    // inside this function only: the planner would otherwise read the whole table, computing every
    // title's tsvector (250 ms for 10,000 documents), when it misjudges how many rows match.
    await sql`CREATE FUNCTION search_candidates(query tsquery, visible_at text, excluded text[], cap integer, want integer)
  RETURNS TABLE (doc_seq bigint, doc_tier integer, doc_score real)
  LANGUAGE sql STABLE SET enable_seqscan = off AS $$
  WITH t1 AS (
    SELECT d.seq, ts_rank(d.rank_tsv, query) AS score FROM search_documents d
    WHERE to_tsvector('french_unaccent', d.title) @@ query AND coalesce(d.visible_from, '') <= visible_at
      AND NOT (d.kind = ANY (excluded))
    LIMIT cap + 1),
  t2 AS (
    SELECT d.seq, CASE WHEN (SELECT count(*) FROM t1) < want THEN ts_rank(d.rank_tsv, query) ELSE 0 END AS score
    FROM search_documents d
    WHERE d.tsv @@ query AND coalesce(d.visible_from, '') <= visible_at AND NOT (d.kind = ANY (excluded))
      AND d.seq NOT IN (SELECT t1.seq FROM t1)
    LIMIT greatest(0, cap + 1 - (SELECT count(*) FROM t1)))
  SELECT t1.seq, 1, t1.score FROM t1 UNION ALL SELECT t2.seq, 2, t2.score FROM t2
$$`.execute(db);
  } else {
    for (const statement of [...sqliteDropTriggersSql(), ...sqliteTriggersSql(engine, "lines")]) await sql.raw(statement).execute(db);
    await sql`CREATE VIRTUAL TABLE search_title_fts USING fts5(title, content = 'search_documents', content_rowid = 'seq', tokenize = 'unicode61 remove_diacritics 2')`.execute(
      db,
    );
    await sql`CREATE TRIGGER search_documents_title_fts_insert AFTER INSERT ON search_documents BEGIN INSERT INTO search_title_fts (rowid, title) VALUES (NEW.seq, NEW.title); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER search_documents_title_fts_delete AFTER DELETE ON search_documents BEGIN INSERT INTO search_title_fts (search_title_fts, rowid, title) VALUES ('delete', OLD.seq, OLD.title); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER search_documents_title_fts_update AFTER UPDATE OF title ON search_documents BEGIN INSERT INTO search_title_fts (search_title_fts, rowid, title) VALUES ('delete', OLD.seq, OLD.title); INSERT INTO search_title_fts (rowid, title) VALUES (NEW.seq, NEW.title); END`.execute(
      db,
    );
    await sql`INSERT INTO search_title_fts (search_title_fts) VALUES ('rebuild')`.execute(db);
  }
  for (const statement of [
    ...formationDocumentSql(engine, "SELECT id FROM formations", "lines"),
    ...postDocumentSql(engine, "SELECT id FROM blog_posts", "lines"),
  ])
    await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const engine: Engine = isPostgres(db) ? "postgres" : "sqlite";
  if (engine === "postgres") {
    await sql`DROP FUNCTION IF EXISTS search_candidates(tsquery, text, text[], integer, integer)`.execute(db);
    await sql`DROP INDEX IF EXISTS search_documents_title_tsv_idx`.execute(db);
    for (const statement of refreshFunctionsSql("space")) await sql.raw(statement).execute(db);
    await sql`DROP FUNCTION IF EXISTS search_json_lines(text)`.execute(db);
  } else {
    for (const name of ["insert", "delete", "update"])
      await sql.raw(`DROP TRIGGER IF EXISTS search_documents_title_fts_${name}`).execute(db);
    await sql`DROP TABLE IF EXISTS search_title_fts`.execute(db);
    for (const statement of [...sqliteDropTriggersSql(), ...sqliteTriggersSql(engine, "space")]) await sql.raw(statement).execute(db);
  }
  for (const statement of [
    ...formationDocumentSql(engine, "SELECT id FROM formations"),
    ...postDocumentSql(engine, "SELECT id FROM blog_posts"),
  ])
    await sql.raw(statement).execute(db);
}
