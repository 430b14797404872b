import { db, type Db } from "~/platform/db/db.server";
import { fullTextSearch, replaceStaticDocuments, type StaticDocument } from "~/platform/db/full-text.server";
import { queryWords, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX_LENGTH, toSegments, type Segment } from "./query";

/**
 * Site-wide search (/recherche, docs/decisions/0018-site-search.md): published formations (with
 * their sessions' cities), visible blog posts, city pages, funding and content pages. Drafts are
 * never in the index: the triggers write a document only for what visitors may see, and a
 * scheduled post only counts from its time.
 */

export type SearchKind = "formation" | "post" | "city" | "funding" | "page";

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  formation: "Formation",
  post: "Article",
  city: "Ville",
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
  /** The cities where it is given, marked, when the words matched one. */
  places: Segment[];
}

export interface SearchPage {
  query: string;
  results: SearchResult[];
  total: number;
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
  const { hits, total } = await fullTextSearch(target, {
    words,
    now: now.toISOString(),
    limit: SEARCH_PAGE_SIZE,
    offset: (page - 1) * SEARCH_PAGE_SIZE,
  });
  const results = hits.map((hit): SearchResult => {
    const kind = (hit.kind in SEARCH_KIND_LABELS ? hit.kind : "page") as SearchKind;
    const summary = hit.summary.length > EXTRACT_MAX ? `${hit.summary.slice(0, EXTRACT_MAX).replace(/\s+\S*$/, "")}…` : hit.summary;
    return {
      kind,
      kindLabel: SEARCH_KIND_LABELS[kind],
      url: hit.url,
      title: toSegments(hit.titleMarked),
      extract: toSegments(hit.summaryMarked || hit.bodyMarked || summary),
      places: hit.placesMarked ? toSegments(hit.placesMarked) : [],
    };
  });
  return { query, results, total, page, pageCount: Math.ceil(total / SEARCH_PAGE_SIZE) };
}

/** Writes the documents of the pages whose text is in the code (at every startup and seed: the text may have changed with the release). */
export function indexStaticPages(documents: StaticDocument[], target: Db = db()): Promise<number> {
  return replaceStaticDocuments(target, STATIC_KINDS, documents);
}
