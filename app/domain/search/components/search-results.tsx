import { Search } from "lucide-react";
import { Form } from "react-router";
import { Link } from "~/ui/link";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { inputClass } from "~/ui/form/input-class";
import { Pagination } from "~/ui/pagination";
import type { Segment } from "../query";
import { SEARCH_QUERY_MAX_LENGTH } from "../query";
import type { SearchPage, SearchResult } from "../search.server";
import { formatCount, formatNumber } from "~/platform/format";

/** Text with the words found in <mark>; every piece is rendered as text (React escapes it). */
export function Marked({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.mark ? (
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-slate-950 dark:bg-amber-300">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}

const quoted = (query: string) => `«\u00a0${query}\u00a0»`;

export function resultCountSentence(total: number, query: string, capped = false): string {
  if (total === 0) return `Aucun résultat pour ${quoted(query)}.`;
  if (capped) return `Plus de ${formatNumber(total)} résultats pour ${quoted(query)}`;
  return `${formatCount(total, "résultat")} pour ${quoted(query)}`;
}

/** The search form of /recherche (a GET form: works without JavaScript). */
export function SearchForm({ query }: { query: string }) {
  return (
    <search className="mt-6 block">
      <Form method="get" action="/recherche" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor="recherche-q" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            Formations, articles, financement, villes…
          </label>
          <input
            id="recherche-q"
            name="q"
            type="search"
            defaultValue={query}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            className={inputClass(undefined, "mt-1")}
            autoComplete="off"
          />
        </div>
        <button type="submit" className={buttonClass("primary", "md")}>
          <Search aria-hidden="true" className="size-4" />
          Rechercher
        </button>
      </Form>
    </search>
  );
}

function ResultItem({ result }: { result: SearchResult }) {
  return (
    <li className="border-b border-slate-200 py-5 dark:border-slate-800">
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{result.kindLabel}</p>
      <h2 className="mt-1 text-lg font-semibold text-slate-900 dark:text-white">
        <Link to={result.url} className="underline-offset-2 hover:underline">
          <Marked segments={result.title} />
        </Link>
      </h2>
      {result.extract.length > 0 ? (
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          <Marked segments={result.extract} />
        </p>
      ) : null}
      {result.places.length > 0 ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {result.placeCount > 1 ? "Villes" : "Ville"}&nbsp;: <Marked segments={result.places} />
        </p>
      ) : null}
      <p className="mt-1 text-sm break-all text-slate-600 dark:text-slate-400">{result.url}</p>
    </li>
  );
}

/** The answer of /recherche: the count, the results with the words found marked, the pages. */
export function SearchResults({ result, pathname, search }: { result: SearchPage; pathname: string; search: string }) {
  if (!result.query) {
    return (
      <p className="mt-8 text-slate-700 dark:text-slate-300">
        Saisissez un ou plusieurs mots&nbsp;: un intitulé de formation, une ville, un dispositif de financement (CPF, OPCO…), un sujet du
        blog.
      </p>
    );
  }
  return (
    <section aria-labelledby="recherche-resultats" className="mt-8">
      <h2 id="recherche-resultats" className="text-base font-semibold text-slate-900 dark:text-white" data-testid="search-count">
        {resultCountSentence(result.total, result.query, result.capped)}
        {result.pageCount > 1 ? ` (page ${result.page} sur ${result.pageCount})` : ""}
      </h2>
      {result.total === 0 ? (
        <div className="mt-4 text-slate-700 dark:text-slate-300">
          <p>Vérifiez l&apos;orthographe, essayez un mot plus général ou moins de mots.</p>
          <p className="mt-2">
            Vous pouvez aussi parcourir{" "}
            <Link to="/formations" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
              le catalogue des formations
            </Link>
            ,{" "}
            <Link to="/blog" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
              le blog
            </Link>{" "}
            ou{" "}
            <Link to="/financement" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
              les solutions de financement
            </Link>
            .
          </p>
        </div>
      ) : result.results.length === 0 ? (
        <p className="mt-4 text-slate-700 dark:text-slate-300">Cette page de résultats n&apos;existe pas&nbsp;: revenez à la première.</p>
      ) : (
        <ol className={cn("mt-2")} data-testid="search-results">
          {result.results.map((r) => (
            <ResultItem key={r.url} result={r} />
          ))}
        </ol>
      )}
      <Pagination page={result.page} pageCount={result.pageCount} pathname={pathname} search={search} />
    </section>
  );
}
