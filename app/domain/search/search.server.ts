import { db, type Db } from "~/platform/db/db.server";
import { fullTextSearch, MATCH_CAP, replaceStaticDocuments, wordPrefix, type StaticDocument } from "~/platform/db/full-text.server";
import { landingPages } from "./landing.server";
import { extractOf, markWords, placesList, queryWords, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX_LENGTH, type Segment } from "./query";

/**
 * Site-wide search (/recherche, docs/decisions/0018-site-search.md): published formations (with
 * their sessions' cities), visible blog posts, funding and content pages, from the full-text index;
 * the city pages and a category's pages in a city, matched by name (landing.server.ts) and listed
 * first. Drafts are never in the index: the triggers write a document only for what visitors may
 * see, and a scheduled post only counts from its time.
 */

export type SearchKind = "formation" | "post" | "city" | "category-city" | "funding" | "page";

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  formation: "Formation",
  post: "Article",
  city: "Ville",
  "category-city": "Formations dans une ville",
  funding: "Financement",
  page: "Page",
};

/** The kinds of the pages whose text is in the code, written at startup (the others come from triggers). */
export const STATIC_KINDS: SearchKind[] = ["funding", "page"];

export interface SearchResult {
  kind: SearchKind;
  kindLabel: string;
  url: string;
  title: Segment[];
  /** Where the words were found, marked; the summary when they were only in the title. */
  extract: Segment[];
  /** The cities where it is given, marked, as a French list (« Lille, Marseille et Paris »), when the words matched one. */
  places: Segment[];
  placeCount: number;
}

export interface SearchPage {
  query: string;
  results: SearchResult[];
  /** The number of results, at most MATCH_CAP plus the landing pages; `capped` when there are more. */
  total: number;
  capped: boolean;
  page: number;
  pageCount: number;
}

/** The query string of /recherche: `q` (trimmed, at most 200 characters) and `page` (1 when absent or wrong). */
export function parseSearchParams(params: URLSearchParams): { query: string; page: number } {
  const query = (params.get("q") ?? "").trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  const page = Number(params.get("page") ?? "1");
  return { query, page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1 };
}

const EXTRACT_MAX = 240;

export async function searchSite(
  { query, page, now = new Date() }: { query: string; page: number; now?: Date },
  target: Db = db(),
): Promise<SearchPage> {
  const words = queryWords(query);
  const prefixes = words.map(wordPrefix);
  const landings = await landingPages(words, target);
  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  const shownLandings = landings.slice(offset, offset + SEARCH_PAGE_SIZE);
  const ftsOffset = Math.max(0, offset - landings.length);
  const ftsLimit = SEARCH_PAGE_SIZE - shownLandings.length;
  const { hits, total, capped } = await fullTextSearch(target, {
    words,
    now: now.toISOString(),
    // The city pages are among the landing pages.
    excludeKinds: ["city"],
    // A page of landing pages alone still needs the count.
    limit: Math.max(ftsLimit, 0),
    offset: Math.min(ftsOffset, MATCH_CAP),
  });
  const results = [
    ...shownLandings.map((l): SearchResult => ({
      kind: l.kind,
      kindLabel: SEARCH_KIND_LABELS[l.kind],
      url: l.url,
      title: l.title,
      extract: l.extract,
      places: [],
      placeCount: 0,
    })),
    ...hits.slice(0, ftsLimit).map((hit): SearchResult => {
      const kind = (hit.kind in SEARCH_KIND_LABELS ? hit.kind : "page") as SearchKind;
      const summary = hit.summary.length > EXTRACT_MAX ? `${hit.summary.slice(0, EXTRACT_MAX).replace(/\s+\S*$/, "")}…` : hit.summary;
      const places = placesList(hit.places, prefixes);
      const found = extractOf(hit.summary, prefixes);
      const inBody = found.length ? [] : extractOf(hit.body, prefixes);
      return {
        kind,
        kindLabel: SEARCH_KIND_LABELS[kind],
        url: hit.url,
        title: markWords(hit.title, prefixes),
        // Where the words were found: the summary, else the text; the summary when they were only in the title.
        extract: found.length ? found : inBody.length ? inBody : markWords(summary, prefixes),
        places: places.segments,
        placeCount: places.count,
      };
    }),
  ];
  const all = landings.length + total;
  return { query, results, total: all, capped, page, pageCount: Math.ceil(all / SEARCH_PAGE_SIZE) };
}

/** Writes the documents of the pages whose text is in the code (at every startup and seed: the text may have changed with the release). */
export function indexStaticPages(documents: StaticDocument[], target: Db = db()): Promise<number> {
  return replaceStaticDocuments(target, STATIC_KINDS, documents);
}
