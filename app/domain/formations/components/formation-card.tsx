import * as calendarDaysDrawing from "lucide-react/icons/calendar-days";
import * as clockDrawing from "lucide-react/icons/clock";
import * as mapPinDrawing from "lucide-react/icons/map-pin";
import { Link } from "~/ui/link";
import type { FormationListItem } from "../model";
import { MODALITY_LABELS, durationLabel, priceLabel, sessionDatesLabel } from "../labels";
import { formationPath } from "../slug";
import { CategoryCover } from "./category-cover";
import { FormationPicture } from "./formation-picture";
import { staticIcon } from "~/ui/static-icon";

// Decorative icons, drawn once (see app/ui/static-icon.tsx).
const CalendarDays = staticIcon(calendarDaysDrawing);
const Clock = staticIcon(clockDrawing);
const MapPin = staticIcon(mapPinDrawing);

/** One formation in a list: the whole card is one link (its title), facts below. */
export function FormationCard({ formation: f, headingLevel = 3 }: { formation: FormationListItem; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-brand-600 dark:border-slate-800 dark:bg-slate-900">
      {/* One frame, with or without an image: the cards of a row line up. */}
      <div data-testid="formation-card-image" className="aspect-[16/9] w-full shrink-0 overflow-hidden bg-slate-100 dark:bg-slate-800">
        {f.image ? (
          <FormationPicture
            image={f.image}
            alt=""
            sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
            className="h-full w-full object-cover"
          />
        ) : (
          <CategoryCover slug={f.category.slug} />
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
          <span className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-800 dark:bg-brand-950 dark:text-brand-200">
            {f.category.name}
          </span>
          {f.cpfEligible ? (
            <span className="rounded-full bg-emerald-50 px-2.5 py-1 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
              Éligible CPF
            </span>
          ) : null}
          {f.certificationType !== "none" ? (
            <span className="rounded-full bg-amber-50 px-2.5 py-1 text-amber-900 dark:bg-amber-950 dark:text-amber-200">Certifiante</span>
          ) : null}
        </div>
        <Heading className="mt-3 text-lg font-bold leading-snug text-slate-900 dark:text-white">
          <Link
            to={formationPath(f.slug)}
            className="outline-none after:absolute after:inset-0 hover:text-brand-700 dark:hover:text-brand-300"
            prefetch="intent"
          >
            {f.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-sm text-slate-700 dark:text-slate-300">{f.summary}</p>
        <dl className="mt-4 space-y-1.5 text-sm text-slate-700 dark:text-slate-300">
          <div className="flex items-start gap-2">
            <dt className="sr-only">Durée et modalité</dt>
            <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <dd>
              {durationLabel(f)} · {MODALITY_LABELS[f.modality]}
            </dd>
          </div>
          <div className="flex items-start gap-2">
            <dt className="sr-only">Lieux</dt>
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <dd>{f.cityNames.length > 0 ? f.cityNames.join(", ") : "À distance, en classe virtuelle"}</dd>
          </div>
          <div className="flex items-start gap-2">
            <dt className="sr-only">Prochaine session</dt>
            <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <dd>
              {f.nextSession
                ? `Prochaine session ${sessionDatesLabel(f.nextSession.startDate, f.nextSession.endDate)}${f.nextSession.cityName ? ` à ${f.nextSession.cityName}` : " à distance"}`
                : "Dates sur demande"}
            </dd>
          </div>
        </dl>
        <p className="mt-auto pt-4 text-base font-bold text-slate-900 dark:text-white">{priceLabel(f)}</p>
      </div>
    </article>
  );
}

export function FormationGrid({ items, headingLevel = 3 }: { items: FormationListItem[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((f) => (
        <li key={f.id} className="flex">
          <div className="flex w-full">
            <FormationCard formation={f} headingLevel={headingLevel} />
          </div>
        </li>
      ))}
    </ul>
  );
}
