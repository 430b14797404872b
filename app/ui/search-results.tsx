import { Search } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClass } from "./button";
import { Link } from "./link";
import { Pagination } from "./pagination";

/**
 * The parts of a public search page (catalogue, blog) below its filters: the submit and « Effacer
 * les filtres » row, the result line read out by screen readers, the empty state or the results, and
 * the pagination.
 */

export function FilterSubmitRow({ label, resetTo, filtered }: { label: string; resetTo: string; filtered: boolean }) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      <button type="submit" className={buttonClass("primary", "md")}>
        <Search aria-hidden="true" className="size-4" />
        {label}
      </button>
      {filtered ? (
        <Link to={resetTo} className="text-sm font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
          Effacer les filtres
        </Link>
      ) : null}
    </div>
  );
}

export function SearchResults({
  heading,
  summary,
  results,
  empty,
  search,
  pathname,
  children,
}: {
  /** The hidden heading of the results, for screen-reader navigation. */
  heading: string;
  /** « 12 formations », or the sentence that says nothing matches. */
  summary: string;
  results: { total: number; page: number; pageCount: number };
  /** What to try when nothing matches. */
  empty: ReactNode;
  search: string;
  pathname: string;
  children: ReactNode;
}) {
  return (
    <>
      <h2 className="sr-only">{heading}</h2>
      <p className="mt-8 text-sm font-medium text-slate-700 dark:text-slate-300" role="status">
        {summary}
        {results.pageCount > 1 ? ` · page ${results.page} sur ${results.pageCount}` : ""}
      </p>
      {results.total === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-slate-300 p-6 text-slate-700 dark:border-slate-700 dark:text-slate-300">
          <p>{empty}</p>
        </div>
      ) : (
        <div className="mt-4">{children}</div>
      )}
      <Pagination page={results.page} pageCount={results.pageCount} search={search} pathname={pathname} />
    </>
  );
}
