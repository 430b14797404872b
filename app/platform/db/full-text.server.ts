import { sql, type Kysely } from "kysely";
import { newStemmer } from "snowball-stemmers";
import { isPostgres } from "./dialect";
import type { Database } from "./schema";

/**
 * The full-text query over `search_documents` (migration 202611281300), on either engine
 * (docs/decisions/0018-site-search.md). Words come in already reduced to letters and digits.
 * - SQLite: FTS5 (`unicode61 remove_diacritics 2`) has no French stemmer, so each word becomes the
 *   prefix it shares with its Snowball stem, without accents (« formations » → `"format"*`); scored by
 *   bm25 with the title weighing most.
 * - PostgreSQL: `to_tsquery('french_unaccent', 'word & …')` (accents removed, French stems);
 *   scored by `ts_rank` on `rank_tsv` (title, places, summary).
 * On both, at most MATCH_CAP matches are taken, the title's first, and ranked. The page's documents
 * come back as stored: the domain marks the words and cuts the extracts, in the same way for both
 * (the engines' snippet functions read the whole text of each: `ts_headline` took 18 ms for a page).
 */

const stemmer = newStemmer("french");

function fold(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** What a word's forms start with, without accents: the prefix it shares with its stem (« formations » → « format »). */
export function wordPrefix(word: string): string {
  // The stem may change the ending (« psychosociaux » → « psychosocial »): what it shares with the word.
  const folded = fold(word);
  const stem = fold(stemmer.stem(word));
  let common = 0;
  while (common < stem.length && stem[common] === folded[common]) common++;
  return common >= 3 ? folded.slice(0, common) : folded;
}

/** The FTS5 query: every word required, as the prefix of its stem. Each is quoted: no operator can be formed. */
export function ftsQuery(words: string[]): string {
  return words.map((word) => `"${wordPrefix(word).replaceAll('"', "")}"*`).join(" ");
}

/**
 * The tsquery text: every word required, as its French stem (the configuration stems it). Not a
 * prefix (`:*`): a prefix is read from the GIN index as a range of entries, ten times the cost of
 * one entry (13 ms against 1.8 ms for three words among 10,000 documents).
 */
export function tsQueryText(words: string[]): string {
  return words
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter(Boolean)
    .join(" & ");
}

/**
 * At most this many matches are taken, counted and ranked: a word found in most of the catalogue
 * costs no more than one found in a thousand pages (each match taken is read and scored). The
 * matches are taken in two tiers, each through an index of its own: the words in the title (a
 * small index of the titles alone), then the others; within a tier, in the index's order, and the
 * ones taken are ranked by score. Beyond the cap, the count reads « plus de 1 000 ».
 */
export const MATCH_CAP = 1000;
/** A document found, as stored: the domain marks the words and cuts the extract (the same on both engines). */
export interface FullTextHit {
  kind: string;
  url: string;
  title: string;
  summary: string;
  /** One field, module, objective or paragraph a line. */
  body: string;
  /** One city a line. */
  places: string;
}

export interface FullTextQuery {
  words: string[];
  /** ISO instant: documents visible from a later time (a scheduled post) are left out. */
  now: string;
  /** Kinds of documents left out (found another way). */
  excludeKinds?: string[];
  limit: number;
  offset: number;
}

export interface FullTextPage {
  hits: FullTextHit[];
  /** The number of matches, at most MATCH_CAP; `capped` when there are more. */
  total: number;
  capped: boolean;
}

export async function fullTextSearch(target: Kysely<Database>, query: FullTextQuery): Promise<FullTextPage> {
  if (query.words.length === 0) return { hits: [], total: 0, capped: false };
  return isPostgres(target) ? searchPostgres(target, query) : searchSqlite(target, query);
}

interface Row extends FullTextHit {
  id: number | string;
}

interface Candidate {
  id: number;
  tier: number;
  score: number;
}

/** The candidates in rank order (tier, then score: higher is better, then id), and the page's ids. */
function pageOf(candidates: Candidate[], { limit, offset }: FullTextQuery): { ids: number[]; total: number; capped: boolean } {
  const capped = candidates.length > MATCH_CAP;
  const kept = candidates.slice(0, MATCH_CAP).map((c) => ({ ...c, id: Number(c.id), score: Number(c.score) }));
  kept.sort((a, b) => a.tier - b.tier || b.score - a.score || a.id - b.id);
  return { ids: kept.slice(offset, offset + limit).map((c) => c.id), total: kept.length, capped };
}

function inOrder(rows: Row[], ids: number[]): FullTextHit[] {
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ kind: row.kind, url: row.url, title: row.title, summary: row.summary, body: row.body, places: row.places }] : [];
  });
}

async function searchSqlite(target: Kysely<Database>, query: FullTextQuery): Promise<FullTextPage> {
  const match = ftsQuery(query.words);
  // The few documents not yet visible (scheduled posts) or of a kind left out, left out by rowid:
  // the candidates are read from the full-text indexes alone, never from the documents' rows.
  const excluded = query.excludeKinds?.length
    ? sql` and rowid not in (select seq from search_documents where kind in (${sql.join(query.excludeKinds)}))`
    : sql``;
  const visible = sql`rowid not in (select seq from search_documents where visible_from > ${query.now})${excluded}`;
  // bm25 is negative, lower is better: its opposite, so that higher is better on both engines.
  const inTitle = await sql<Candidate>`
    select rowid as id, 1 as tier, -bm25(search_title_fts) as score from search_title_fts
    where search_title_fts match ${match} and ${visible} limit ${MATCH_CAP + 1}`.execute(target);
  const titleIds = JSON.stringify(inTitle.rows.map((r) => r.id));
  const othersFrom = sql`from search_fts where search_fts match ${match} and ${visible} and +rowid not in (select value from json_each(${titleIds}))
    limit ${MATCH_CAP + 1 - inTitle.rows.length}`;
  // The others are scored only when the page reaches them; otherwise they are only counted.
  const scoreOthers = inTitle.rows.length < query.offset + query.limit;
  const others =
    inTitle.rows.length > MATCH_CAP
      ? []
      : scoreOthers
        ? (
            await sql<Candidate>`select rowid as id, 2 as tier, -bm25(search_fts, 10.0, 4.0, 1.0, 4.0) as score ${othersFrom}`.execute(
              target,
            )
          ).rows
        : (await sql<Candidate>`select rowid as id, 2 as tier, 0 as score ${othersFrom}`.execute(target)).rows;
  const { ids, total, capped } = pageOf([...inTitle.rows, ...others], query);
  if (ids.length === 0) return { hits: [], total, capped };
  const rows = await sql<Row>`
    select seq as id, kind, url, title, summary, body, places from search_documents where seq in (${sql.join(ids)})`.execute(target);
  return { hits: inOrder(rows.rows, ids), total, capped };
}

/**
 * One statement (each round trip to the server costs more than the work on a loaded machine): the
 * candidates from `search_candidates` (migration 202612020400: the title's matches, then the others,
 * at most MATCH_CAP + 1, read through the GIN indexes), their count, and the page's rows. No
 * transaction turning sequential scans off (four round trips: 38 ms at p95 on a loaded machine for
 * nothing but the trips): the function turns them off for itself.
 */
async function searchPostgres(target: Kysely<Database>, query: FullTextQuery): Promise<FullTextPage> {
  const { limit, offset } = query;
  const rows = await sql<Row & { id: string | null; total: string }>`
    with c as (
      select * from search_candidates(to_tsquery('french_unaccent', ${tsQueryText(query.words)}), ${query.now},
        ${`{${(query.excludeKinds ?? []).join(",")}}`}::text[], ${MATCH_CAP}, ${offset + limit})),
    counted as (select count(*) as total from c),
    page as (
      select * from (select * from c limit ${MATCH_CAP}) kept
      order by doc_tier, doc_score desc, doc_seq limit ${limit} offset ${offset})
    select counted.total, d.seq as id, d.kind, d.url, d.title, d.summary, d.body, d.places
    from counted left join (page p join search_documents d on d.seq = p.doc_seq) on true
    order by p.doc_tier, p.doc_score desc, p.doc_seq`.execute(target);
  const all = Number(rows.rows[0]?.total ?? 0);
  return {
    hits: rows.rows
      .filter((r) => r.id !== null)
      .map(({ kind, url, title, summary, body, places }) => ({ kind, url, title, summary, body, places })),
    total: Math.min(all, MATCH_CAP),
    capped: all > MATCH_CAP,
  };
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
  await target.transaction().execute(async (trx) => {
    if (kinds.length > 0) await trx.deleteFrom("search_documents").where("kind", "in", kinds).execute();
    for (const doc of documents)
      await trx
        .insertInto("search_documents")
        .values({
          kind: doc.kind,
          ref_id: doc.url,
          url: doc.url,
          title: doc.title,
          summary: doc.summary,
          body: doc.body,
          places: "",
          visible_from: null,
          updated_at: now,
        })
        .execute();
  });
  return documents.length;
}
