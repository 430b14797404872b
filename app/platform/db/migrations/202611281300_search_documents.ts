import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Site-wide search (docs/decisions/0018-site-search.md): one table of search documents, one row per
 * public page that can be found (published formation, visible or scheduled blog post, city page,
 * static page), and the engine's full-text index over it:
 * - SQLite: an FTS5 table with external content (`search_fts`, `unicode61 remove_diacritics 2`),
 *   kept in step with `search_documents` by three triggers;
 * - PostgreSQL: a stored `tsvector` column computed with the `french_unaccent` configuration
 *   (French stemming after `unaccent`), under a GIN index.
 *
 * The documents of the database's pages are written by triggers on their tables, in the writer's
 * transaction: no code path (editor, import, seed, script) can forget the index. The static pages
 * (funding, OPCO, content pages) are written by the application at startup.
 */

export type Engine = "sqlite" | "postgres";

/**
 * How the texts of a document are joined: "space" (this migration) or "lines" (migration
 * 202612020400: one field, module, objective or city a line, so that snippets never run them together).
 */
export type Joiner = "space" | "lines";

/** The pieces of SQL that differ between the engines. */
function dialect(engine: Engine, joiner: Joiner = "space") {
  const sep = joiner === "space" ? "' '" : engine === "postgres" ? "chr(10)" : "char(10)";
  return engine === "postgres"
    ? {
        sep,
        jsonStrings: (expr: string) => `${joiner === "space" ? "search_json_strings" : "search_json_lines"}(${expr})`,
        joinDistinct: (expr: string, from: string) =>
          `(SELECT coalesce(string_agg(DISTINCT ${expr}, ${sep} ORDER BY ${expr}), '') ${from})`,
        join: (expr: string, from: string) => `(SELECT coalesce(string_agg(${expr}, ${sep}), '') ${from})`,
      }
    : {
        sep,
        jsonStrings: (expr: string) =>
          `(SELECT coalesce(group_concat(j.value, ${sep}), '') FROM json_tree(CASE WHEN json_valid(${expr}) THEN ${expr} ELSE json_array(${expr}) END) j WHERE j.type = 'text')`,
        joinDistinct: (expr: string, from: string) =>
          `(SELECT coalesce(group_concat(v, ${sep}), '') FROM (SELECT DISTINCT ${expr} AS v ${from} ORDER BY 1))`,
        join: (expr: string, from: string) => `(SELECT coalesce(group_concat(${expr}, ${sep}), '') ${from})`,
      };
}

const COLUMNS = "kind, ref_id, url, title, summary, body, places, visible_from, updated_at";

/** The names of the cities where formation `id` (an SQL expression) is given: its cities and its sessions'. */
function placesOf(engine: Engine, id: string, joiner: Joiner): string {
  const cityIds = `SELECT s.city_id FROM formation_sessions s WHERE s.formation_id = ${id} UNION SELECT fc.city_id FROM formation_cities fc WHERE fc.formation_id = ${id}`;
  return dialect(engine, joiner).joinDistinct("ci.name", `FROM cities ci WHERE ci.id IN (${cityIds})`);
}

/** Rewrites the documents of the formations whose ids `ids` (an SQL expression giving ids) selects. */
export function formationDocumentSql(engine: Engine, ids: string, joiner: Joiner = "space"): string[] {
  const d = dialect(engine, joiner);
  return [
    `DELETE FROM search_documents WHERE kind = 'formation' AND ref_id IN (${ids})`,
    `INSERT INTO search_documents (${COLUMNS})
     SELECT 'formation', f.id, '/formations/' || f.slug, f.title, f.summary,
       concat_ws(${d.sep}, c.name, f.description, ${d.jsonStrings("f.objectives")}, ${d.jsonStrings("f.program")},
         f.audience, f.prerequisites, f.certification_title, f.certifier),
       ${placesOf(engine, "f.id", joiner)},
       NULL, f.updated_at
     FROM formations f LEFT JOIN formation_categories c ON c.id = f.category_id
     WHERE f.id IN (${ids}) AND f.status = 'published'`,
  ];
}

/**
 * Rewrites the places of the formations `ids` selects, only when they changed: a session added in a
 * city the formation already lists (the usual case) rewrites nothing (each rewrite tokenizes the
 * whole document again).
 */
export function formationPlacesSql(engine: Engine, ids: string, joiner: Joiner = "space"): string[] {
  const places = placesOf(engine, "search_documents.ref_id", joiner);
  return [`UPDATE search_documents SET places = ${places} WHERE kind = 'formation' AND ref_id IN (${ids}) AND places <> ${places}`];
}

/** Rewrites the documents of the blog posts `ids` selects; a scheduled post is written with the time it becomes visible. */
export function postDocumentSql(engine: Engine, ids: string, joiner: Joiner = "space"): string[] {
  const d = dialect(engine, joiner);
  return [
    `DELETE FROM search_documents WHERE kind = 'post' AND ref_id IN (${ids})`,
    `INSERT INTO search_documents (${COLUMNS})
     SELECT 'post', p.id, '/blog/' || p.slug, p.title, p.excerpt,
       concat_ws(${d.sep}, p.content, ${d.join("t.name", "FROM blog_post_tags t WHERE t.post_id = p.id")}),
       '', p.published_at, p.updated_at
     FROM blog_posts p
     WHERE p.id IN (${ids}) AND p.status IN ('scheduled', 'published') AND p.published_at IS NOT NULL`,
  ];
}

/** Rewrites the documents of the city pages `ids` selects. */
export function cityDocumentSql(ids: string): string[] {
  return [
    `DELETE FROM search_documents WHERE kind = 'city' AND ref_id IN (${ids})`,
    `INSERT INTO search_documents (${COLUMNS})
     SELECT 'city', ci.id, '/formations/ville/' || ci.slug, 'Formations professionnelles à ' || ci.name, ci.intro, ci.region, ci.name, NULL, ci.updated_at
     FROM cities ci WHERE ci.id IN (${ids})`,
  ];
}

/**
 * What each source table's triggers rewrite. `ids` is the list of the row's key values: NEW's on
 * insert, OLD's on delete, both on update (a session moved to another formation refreshes both).
 */
function triggerSpecs(
  engine: Engine,
  joiner: Joiner = "space",
): Array<{ table: string; key: string; events: string[]; body: (ids: string) => string[] }> {
  const formationsOfCities = (ids: string) =>
    `SELECT formation_id FROM formation_sessions WHERE city_id IN (${ids}) UNION SELECT formation_id FROM formation_cities WHERE city_id IN (${ids})`;
  return [
    { table: "formations", key: "id", events: ["INSERT", "UPDATE", "DELETE"], body: (ids) => formationDocumentSql(engine, ids, joiner) },
    {
      table: "formation_sessions",
      key: "formation_id",
      // Not on a seat taken or given back: only what changes the formation's places.
      events: ["INSERT", "UPDATE OF city_id, formation_id", "DELETE"],
      body: (ids) => formationPlacesSql(engine, ids, joiner),
    },
    {
      table: "formation_cities",
      key: "formation_id",
      events: ["INSERT", "UPDATE", "DELETE"],
      body: (ids) => formationPlacesSql(engine, ids, joiner),
    },
    {
      table: "formation_categories",
      key: "id",
      events: ["UPDATE OF name"],
      body: (ids) => formationDocumentSql(engine, `SELECT id FROM formations WHERE category_id IN (${ids})`, joiner),
    },
    {
      table: "cities",
      key: "id",
      events: ["INSERT", "UPDATE", "DELETE"],
      body: (ids) => [...cityDocumentSql(ids), ...formationPlacesSql(engine, formationsOfCities(ids), joiner)],
    },
    { table: "blog_posts", key: "id", events: ["INSERT", "UPDATE", "DELETE"], body: (ids) => postDocumentSql(engine, ids, joiner) },
    {
      table: "blog_post_tags",
      key: "post_id",
      events: ["INSERT", "UPDATE", "DELETE"],
      body: (ids) => postDocumentSql(engine, ids, joiner),
    },
  ];
}

function idsFor(event: string, key: string): string {
  if (event === "INSERT") return `NEW.${key}`;
  if (event === "DELETE") return `OLD.${key}`;
  return `OLD.${key}, NEW.${key}`;
}

const triggerName = (table: string, event: string) => `${table}_search_${event.split(" ")[0]!.toLowerCase()}`;

type TriggerSpec = ReturnType<typeof triggerSpecs>[number];

/** PostgreSQL: the function a source table's triggers run (CREATE OR REPLACE: a later migration rewrites it). */
function refreshFunctionSql(spec: TriggerSpec): string {
  const branch = (event: string) => spec.body(idsFor(event, spec.key)).join(";\n    ");
  return `CREATE OR REPLACE FUNCTION ${spec.table}_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${branch("INSERT")};
  ELSIF TG_OP = 'DELETE' THEN
    ${branch("DELETE")};
  ELSE
    ${branch("UPDATE")};
  END IF;
  RETURN NULL;
END $$`;
}

/** PostgreSQL: the functions of the source tables' triggers, writing documents joined by `joiner`. */
export function refreshFunctionsSql(joiner: Joiner): string[] {
  return triggerSpecs("postgres", joiner).map(refreshFunctionSql);
}

/** SQLite: the source tables' triggers (their bodies hold the SQL), writing documents joined by `joiner`. */
export function sqliteTriggersSql(engine: Engine, joiner: Joiner = "space"): string[] {
  return triggerSpecs(engine, joiner).flatMap((spec) =>
    spec.events.map(
      (event) =>
        `CREATE TRIGGER ${triggerName(spec.table, event)} AFTER ${event} ON ${spec.table} BEGIN ${spec.body(idsFor(event.split(" ")[0]!, spec.key)).join("; ")}; END`,
    ),
  );
}

/** SQLite: drops the source tables' triggers. */
export function sqliteDropTriggersSql(): string[] {
  return triggerSpecs("sqlite").flatMap((spec) => spec.events.map((event) => `DROP TRIGGER IF EXISTS ${triggerName(spec.table, event)}`));
}

export async function up(db: Kysely<any>): Promise<void> {
  const engine: Engine = isPostgres(db) ? "postgres" : "sqlite";
  await db.schema
    .createTable("search_documents")
    .addColumn("seq", engine === "postgres" ? "bigserial" : "integer", (c) => c.primaryKey())
    .addColumn("kind", "varchar(20)", (c) => c.notNull())
    .addColumn("ref_id", "varchar(300)", (c) => c.notNull())
    // The short columns first, the long texts last: filtering and sorting read no overflow page.
    .addColumn("visible_from", "varchar(40)")
    .addColumn("updated_at", "varchar(40)", (c) => c.notNull())
    .addColumn("url", "varchar(400)", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("places", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("search_documents_ref_idx").on("search_documents").columns(["kind", "ref_id"]).unique().execute();
  await db.schema.createIndex("search_documents_visible_idx").on("search_documents").column("visible_from").execute();

  if (engine === "postgres") {
    await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
    // French stemming after removing accents: « Sécurité » and « securite » meet, « formations » finds « formation ».
    await sql`CREATE TEXT SEARCH CONFIGURATION french_unaccent (COPY = french)`.execute(db);
    await sql`ALTER TEXT SEARCH CONFIGURATION french_unaccent ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem`.execute(
      db,
    );
    // Every string of a JSON value (programme modules, objectives), or the text itself if it is not
    // JSON. No EXCEPTION block: each would open a subtransaction, and thousands of them in one import
    // transaction overflow PostgreSQL's subtransaction cache (every row check then slows down). The
    // columns are written by JSON.stringify: a text that starts like JSON is JSON.
    await sql`CREATE FUNCTION search_json_strings(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN left(ltrim(coalesce(value, '')), 1) IN ('[', '{')
    THEN coalesce((SELECT string_agg(s #>> '{}', ' ') FROM jsonb_path_query(value::jsonb, 'strict $.**') s WHERE jsonb_typeof(s) = 'string'), '')
    ELSE coalesce(value, '') END
$$`.execute(db);
    await sql`ALTER TABLE search_documents ADD COLUMN tsv tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('french_unaccent', title), 'A') ||
      setweight(to_tsvector('french_unaccent', places), 'B') ||
      setweight(to_tsvector('french_unaccent', summary), 'B') ||
      setweight(to_tsvector('french_unaccent', body), 'C')) STORED`.execute(db);
    await sql`CREATE INDEX search_documents_tsv_idx ON search_documents USING gin (tsv)`.execute(db);
    // Ranking reads this short vector (title, places, summary), kept in the row: ranking by \`tsv\`
    // decompressed the whole text of every match (100 ms for 3,000 matches).
    await sql`ALTER TABLE search_documents ADD COLUMN rank_tsv tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('french_unaccent', title), 'A') ||
      setweight(to_tsvector('french_unaccent', places), 'B') ||
      setweight(to_tsvector('french_unaccent', summary), 'B')) STORED`.execute(db);
    for (const spec of triggerSpecs(engine)) {
      await sql.raw(refreshFunctionSql(spec)).execute(db);
      // Deferred to the commit (still inside the transaction): a formation written with its cities
      // and sessions gets its document once, with its final places, instead of once per row (every
      // rewrite computes both tsvectors of the whole text again: an import of 10,000 rows went from
      // over 120 s to the figures of docs/decisions/0018-site-search.md).
      for (const event of spec.events)
        await sql
          .raw(
            `CREATE CONSTRAINT TRIGGER ${triggerName(spec.table, event)} AFTER ${event} ON ${spec.table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ${spec.table}_search_refresh()`,
          )
          .execute(db);
    }
  } else {
    await sql`CREATE VIRTUAL TABLE search_fts USING fts5(title, summary, body, places, content = 'search_documents', content_rowid = 'seq', tokenize = 'unicode61 remove_diacritics 2')`.execute(
      db,
    );
    const values = (row: string) => `${row}.title, ${row}.summary, ${row}.body, ${row}.places`;
    await sql
      .raw(
        `CREATE TRIGGER search_documents_fts_insert AFTER INSERT ON search_documents BEGIN INSERT INTO search_fts (rowid, title, summary, body, places) VALUES (NEW.seq, ${values("NEW")}); END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER search_documents_fts_delete AFTER DELETE ON search_documents BEGIN INSERT INTO search_fts (search_fts, rowid, title, summary, body, places) VALUES ('delete', OLD.seq, ${values("OLD")}); END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER search_documents_fts_update AFTER UPDATE ON search_documents BEGIN INSERT INTO search_fts (search_fts, rowid, title, summary, body, places) VALUES ('delete', OLD.seq, ${values("OLD")}); INSERT INTO search_fts (rowid, title, summary, body, places) VALUES (NEW.seq, ${values("NEW")}); END`,
      )
      .execute(db);
    for (const statement of sqliteTriggersSql(engine)) await sql.raw(statement).execute(db);
  }

  // The pages already in the database when the search arrives.
  for (const statement of [
    ...formationDocumentSql(engine, "SELECT id FROM formations"),
    ...postDocumentSql(engine, "SELECT id FROM blog_posts"),
    ...cityDocumentSql("SELECT id FROM cities"),
  ])
    await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const engine: Engine = isPostgres(db) ? "postgres" : "sqlite";
  for (const spec of triggerSpecs(engine)) {
    for (const event of spec.events)
      await sql
        .raw(`DROP TRIGGER IF EXISTS ${triggerName(spec.table, event)}${engine === "postgres" ? ` ON ${spec.table}` : ""}`)
        .execute(db);
    if (engine === "postgres") await sql.raw(`DROP FUNCTION IF EXISTS ${spec.table}_search_refresh()`).execute(db);
  }
  if (engine === "postgres") {
    await db.schema.dropTable("search_documents").execute();
    await sql`DROP FUNCTION IF EXISTS search_json_strings(text)`.execute(db);
    await sql`DROP TEXT SEARCH CONFIGURATION IF EXISTS french_unaccent`.execute(db);
  } else {
    await sql`DROP TABLE IF EXISTS search_fts`.execute(db);
    await db.schema.dropTable("search_documents").execute();
  }
}
