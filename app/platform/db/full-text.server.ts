import { sql, type Kysely } from "kysely";
import { newStemmer } from "snowball-stemmers";
import { isPostgres } from "./dialect";
import { MARK_END, MARK_START } from "./full-text-marks";
import type { Database } from "./schema";

/**
 * The full-text query over `search_documents` (migration 202611281300), on either engine
 * (docs/decisions/0018-site-search.md). Words come in already reduced to letters and digits.
 * - SQLite: FTS5 (`unicode61 remove_diacritics 2`) has no French stemmer, so each word becomes the
 *   prefix it shares with its Snowball stem, without accents (« formations » → `"format"*`); ranked by bm25
 *   with the title weighing most; snippets by `snippet()`.
 * - PostgreSQL: `to_tsquery('french_unaccent', 'word:* & …')` (accents removed, French stems);
 *   ranked by `ts_rank` on `rank_tsv` (title, places, summary: a match in the text alone ranks
 *   after them); snippets by `ts_headline`.
 * Snippets and titles carry MARK_START / MARK_END around each match.
 */

const stemmer = newStemmer("french");

function fold(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The FTS5 query: every word required, as the prefix of its stem. Each is quoted: no operator can be formed. */
export function ftsQuery(words: string[]): string {
  return words
    .map((word) => {
      // The stem may change the ending (« psychosociaux » → « psychosocial »): what it shares with the word.
      const folded = fold(word);
      const stem = fold(stemmer.stem(word));
      let common = 0;
      while (common < stem.length && stem[common] === folded[common]) common++;
      const prefix = common >= 3 ? folded.slice(0, common) : folded;
      return `"${prefix.replaceAll('"', "")}"*`;
    })
    .join(" ");
}

/** The tsquery text: every word required, as a prefix (the configuration stems it). */
export function tsQueryText(words: string[]): string {
  return words.map((w) => `${w.replace(/[^\p{L}\p{N}]/gu, "")}:*`).join(" & ");
}

export interface FullTextHit {
  kind: string;
  url: string;
  title: string;
  /** The title with its matches marked. */
  titleMarked: string;
  summary: string;
  /** Extracts of the summary, the body and the places, with their matches marked (empty when nothing matched there). */
  summaryMarked: string;
  bodyMarked: string;
  placesMarked: string;
}

export interface FullTextQuery {
  words: string[];
  /** ISO instant: documents visible from a later time (a scheduled post) are left out. */
  now: string;
  limit: number;
  offset: number;
}

export async function fullTextSearch(target: Kysely<Database>, query: FullTextQuery): Promise<{ hits: FullTextHit[]; total: number }> {
  if (query.words.length === 0) return { hits: [], total: 0 };
  return isPostgres(target) ? searchPostgres(target, query) : searchSqlite(target, query);
}

interface Row {
  kind: string;
  url: string;
  title: string;
  summary: string;
  title_marked: string;
  summary_marked: string;
  body_marked: string;
  places_marked: string;
}

function toHit(row: Row): FullTextHit {
  const marked = (value: string) => (value.includes(MARK_START) ? value : "");
  return {
    kind: row.kind,
    url: row.url,
    title: row.title,
    titleMarked: row.title_marked || row.title,
    summary: row.summary,
    summaryMarked: marked(row.summary_marked),
    bodyMarked: marked(row.body_marked),
    placesMarked: marked(row.places_marked),
  };
}

async function searchSqlite(target: Kysely<Database>, { words, now, limit, offset }: FullTextQuery) {
  const match = ftsQuery(words);
  // The few documents not yet visible (scheduled posts), left out by rowid: counting and ranking
  // then read the full-text index alone, never the documents' rows.
  const hidden = sql`select seq from search_documents where visible_from > ${now}`;
  const counted = await sql<{ n: number }>`
    select count(*) as n from search_fts where search_fts match ${match} and rowid not in (${hidden})`.execute(target);
  const total = Number(counted.rows[0]?.n ?? 0);
  if (total === 0 || offset >= total) return { hits: [], total };
  // The page's rows first (rank only), then snippets for those rows alone.
  const rows = await sql<Row>`
    with page as (
      select rowid as id, bm25(search_fts, 10.0, 4.0, 1.0, 4.0) as score
      from search_fts
      where search_fts match ${match} and rowid not in (${hidden})
      order by score, rowid limit ${limit} offset ${offset}
    )
    select d.kind, d.url, d.title, d.summary,
      highlight(search_fts, 0, ${MARK_START}, ${MARK_END}) as title_marked,
      snippet(search_fts, 1, ${MARK_START}, ${MARK_END}, '…', 32) as summary_marked,
      snippet(search_fts, 2, ${MARK_START}, ${MARK_END}, '…', 32) as body_marked,
      highlight(search_fts, 3, ${MARK_START}, ${MARK_END}) as places_marked
    from page join search_fts on search_fts.rowid = page.id join search_documents d on d.seq = page.id
    where search_fts match ${match}
    order by page.score, page.id`.execute(target);
  return { hits: rows.rows.map(toHit), total };
}

/**
 * On PostgreSQL the planner prefers reading the whole table to the GIN index when a word matches a
 * good share of the documents, not counting that each row's `tsv` must then be decompressed (40 ms
 * for 5,000 documents, against a few through the index, which needs no recheck). The query runs in a
 * transaction of its own that turns sequential scans off for itself only (`SET LOCAL`).
 */
function searchPostgres(target: Kysely<Database>, query: FullTextQuery) {
  return target.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return searchPostgresQueries(trx, query);
  });
}

async function searchPostgresQueries(target: Kysely<Database>, { words, now, limit, offset }: FullTextQuery) {
  const query = sql`to_tsquery('french_unaccent', ${tsQueryText(words)})`;
  // Written so that no index serves it: the GIN index is the one to read.
  const visible = sql`coalesce(d.visible_from, '') <= ${now}`;
  const counted = await sql<{ n: string }>`
    select count(*) as n from search_documents d where d.tsv @@ ${query} and ${visible}`.execute(target);
  const total = Number(counted.rows[0]?.n ?? 0);
  if (total === 0 || offset >= total) return { hits: [], total };
  const marks = `StartSel=${MARK_START}, StopSel=${MARK_END}`;
  const fragments = `${marks}, MaxWords=32, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;
  const rows = await sql<Row>`
    with q as (select ${query} as query),
    page as (
      select d.seq, ts_rank(d.rank_tsv, q.query) as score
      from search_documents d, q
      where d.tsv @@ q.query and ${visible}
      order by score desc, d.seq limit ${limit} offset ${offset}
    )
    select d.kind, d.url, d.title, d.summary,
      ts_headline('french_unaccent', d.title, q.query, ${`${marks}, HighlightAll=true`}) as title_marked,
      ts_headline('french_unaccent', d.summary, q.query, ${fragments}) as summary_marked,
      ts_headline('french_unaccent', d.body, q.query, ${fragments}) as body_marked,
      ts_headline('french_unaccent', d.places, q.query, ${`${marks}, HighlightAll=true`}) as places_marked
    from page join search_documents d on d.seq = page.seq, q
    order by page.score desc, page.seq`.execute(target);
  return { hits: rows.rows.map(toHit), total };
}

export interface StaticDocument {
  kind: string;
  url: string;
  title: string;
  summary: string;
  body: string;
}

/** Replaces the documents of the given kinds (pages whose text is in the code) with `documents`, in one transaction. */
export async function replaceStaticDocuments(target: Kysely<Database>, kinds: string[], documents: StaticDocument[]): Promise<number> {
  const now = new Date().toISOString();
  const clean = (value: string) => value.replaceAll(MARK_START, "").replaceAll(MARK_END, "");
  await target.transaction().execute(async (trx) => {
    if (kinds.length > 0) await trx.deleteFrom("search_documents").where("kind", "in", kinds).execute();
    for (const doc of documents)
      await trx
        .insertInto("search_documents")
        .values({
          kind: doc.kind,
          ref_id: doc.url,
          url: doc.url,
          title: clean(doc.title),
          summary: clean(doc.summary),
          body: clean(doc.body),
          places: "",
          visible_from: null,
          updated_at: now,
        })
        .execute();
  });
  return documents.length;
}
