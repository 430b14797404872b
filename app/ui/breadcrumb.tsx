import { cn } from "./cn";
import { Link } from "./link";

export interface Crumb {
  label: string;
  /** Path of the page; the last crumb (the current page) has none. */
  to?: string;
}

/** The visible breadcrumb; the current page is the last item, marked aria-current. */
export function Breadcrumb({ items, className }: { items: Crumb[]; className?: string }) {
  return (
    <nav aria-label="Fil d'Ariane" className={cn("text-sm text-slate-600 dark:text-slate-400", className)}>
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {items.map((item, i) => (
          <li key={`${i}-${item.label}`} className="flex items-center gap-1.5">
            {i > 0 ? <span aria-hidden="true">›</span> : null}
            {item.to ? (
              <Link to={item.to} className="rounded underline-offset-2 hover:text-slate-900 hover:underline dark:hover:text-white">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-slate-900 dark:text-white">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** schema.org BreadcrumbList for the same items (absolute URLs). */
export function breadcrumbJsonLd(items: Crumb[], siteUrl: string, currentPath: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.label,
      item: siteUrl + (item.to ?? currentPath),
    })),
  };
}
