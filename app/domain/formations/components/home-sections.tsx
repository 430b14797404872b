import * as arrowRightDrawing from "lucide-react/icons/arrow-right";
import { Link } from "~/ui/link";
import type { FormationListItem, UpcomingSession } from "../model";
import { FormationGrid } from "./formation-card";
import { SessionTable } from "./session-table";
import { staticIcon } from "~/ui/static-icon";

// Decorative icons, drawn once (see app/ui/static-icon.tsx).
const ArrowRight = staticIcon(arrowRightDrawing);

/**
 * Home page sections of the catalogue (data from `homeFormations()` in home.server.ts).
 * Each is a section with its own h2; cards use h3.
 */
export function FeaturedFormations({ items, title = "Nos formations à la une" }: { items: FormationListItem[]; title?: string }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="formations-a-la-une" className="mx-auto max-w-6xl px-4 py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="formations-a-la-une" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {title}
        </h2>
        <Link
          to="/formations"
          className="inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          Tout le catalogue
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <div className="mt-6">
        <FormationGrid items={items} />
      </div>
    </section>
  );
}

export function NextSessions({ sessions, title = "Prochaines sessions" }: { sessions: UpcomingSession[]; title?: string }) {
  if (sessions.length === 0) return null;
  return (
    <section aria-labelledby="prochaines-sessions" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="prochaines-sessions" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {title}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">Dates, lieux et places restantes, mis à jour au fil des inscriptions.</p>
      <div className="mt-6">
        <SessionTable sessions={sessions} label="Prochaines sessions de formation" />
      </div>
    </section>
  );
}
