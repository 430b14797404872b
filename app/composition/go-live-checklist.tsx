import { ArrowRight, CircleAlert, CircleCheck } from "lucide-react";
import { Link } from "~/ui/link";
import type { GoLiveItem } from "./go-live.server";

/** The dashboard's go-live checklist: what still holds demonstration values or is not configured. */
export function GoLiveChecklist({ items }: { items: GoLiveItem[] }) {
  return (
    <section
      aria-labelledby="go-live-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-5 dark:border-amber-800 dark:bg-amber-950/40"
      data-testid="go-live-checklist"
    >
      <h2 id="go-live-title" className="flex items-center gap-2 text-lg font-semibold">
        {items.length ? (
          <CircleAlert aria-hidden="true" className="size-5 text-amber-700 dark:text-amber-300" />
        ) : (
          <CircleCheck aria-hidden="true" className="size-5 text-emerald-700 dark:text-emerald-300" />
        )}
        Avant la mise en ligne
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm">Plus aucune valeur de démonstration ni réglage manquant&nbsp;: le site est prêt à être publié.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-800 dark:text-slate-200">
            {items.length === 1 ? "Un point reste à régler" : `${items.length} points restent à régler`} pour que le site ne publie que vos
            informations.
          </p>
          <ul className="mt-4 space-y-3">
            {items.map((item) => (
              <li
                key={item.id}
                data-testid={`go-live-${item.id}`}
                className="rounded-lg border border-amber-200 bg-white p-4 dark:border-amber-900 dark:bg-slate-900"
              >
                <p className="font-semibold">{item.title}</p>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{item.detail}</p>
                {item.entries?.length ? (
                  <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={`${item.title}\u00a0: détail`}>
                    {item.entries.map((entry) => (
                      <li key={entry.to}>
                        <Link to={entry.to} className="text-brand-700 underline underline-offset-2 dark:text-brand-300">
                          {entry.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {item.to ? (
                  <Link
                    to={item.to}
                    className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
                  >
                    {item.linkLabel ?? "Corriger"}
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
