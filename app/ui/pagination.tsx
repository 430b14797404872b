import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "./link";
import { cn } from "./cn";

/** Page links that keep the current query string (filters); works without JavaScript. */
export function Pagination({ page, pageCount, search, pathname }: { page: number; pageCount: number; search: string; pathname: string }) {
  if (pageCount <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    if (p === 1) params.delete("page");
    else params.set("page", String(p));
    const qs = params.toString();
    return qs ? `${pathname}?${qs}` : pathname;
  };
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1).filter((p) => p === 1 || p === pageCount || Math.abs(p - page) <= 2);
  const item = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-medium";
  return (
    <nav aria-label="Pagination" className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} className={cn(item, "hover:bg-slate-100 dark:hover:bg-slate-800")} rel="prev">
              <ChevronLeft aria-hidden="true" className="size-4" />
              Précédente
            </Link>
          ) : null}
        </li>
        {pages.map((p, i) => (
          <li key={p} className="flex items-center">
            {i > 0 && p - pages[i - 1]! > 1 ? (
              <span aria-hidden="true" className="px-1 text-slate-500">
                …
              </span>
            ) : null}
            {p === page ? (
              <span aria-current="page" className={cn(item, "bg-brand-700 text-white dark:bg-brand-500 dark:text-slate-950")}>
                <span className="sr-only">Page </span>
                {p}
              </span>
            ) : (
              <Link to={href(p)} className={cn(item, "hover:bg-slate-100 dark:hover:bg-slate-800")}>
                <span className="sr-only">Page </span>
                {p}
              </Link>
            )}
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <Link to={href(page + 1)} className={cn(item, "hover:bg-slate-100 dark:hover:bg-slate-800")} rel="next">
              Suivante
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
