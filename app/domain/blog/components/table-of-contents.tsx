import { cn } from "~/ui/cn";

/** The table of contents of a long post: links to its sections (h2) and sub-sections (h3). */
export function TableOfContents({ items, className }: { items: Array<{ id: string; text: string; level: number }>; className?: string }) {
  if (items.length === 0) return null;
  return (
    <nav
      id="sommaire"
      aria-labelledby="sommaire-titre"
      className={cn("rounded-xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900/60", className)}
    >
      <h2 id="sommaire-titre" className="text-base font-semibold text-slate-900 dark:text-white">
        Sommaire
      </h2>
      <ol className="mt-3 space-y-1 text-sm">
        {items.map((h) => (
          <li key={h.id} className={h.level > 2 ? "pl-4" : undefined}>
            <a
              href={`#${h.id}`}
              className="inline-block rounded py-0.5 text-slate-700 underline-offset-2 hover:text-brand-800 hover:underline dark:text-slate-300 dark:hover:text-brand-200"
            >
              {h.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
