import { Link } from "~/ui/link";
import type { UpcomingSession } from "../model";
import { sessionDatesLabel } from "../labels";
import { cityPath, formationPath } from "../slug";
import { registrationLinkLabel, registrationPath, seatsLabel } from "../session-links";

/** The way to register to a session (or its waiting list), or to ask a quote for an intra-company one. */
function SessionAction({ session: s, registerFor }: { session: UpcomingSession; registerFor: string }) {
  return s.kind === "intra" ? (
    <Link
      to={`/devis?formation=${encodeURIComponent(registerFor)}&format=intra`}
      className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
      aria-label={`Demander un devis pour la session intra-entreprise ${sessionDatesLabel(s.startDate, s.endDate)}`}
    >
      Demander un devis
    </Link>
  ) : (
    <Link
      to={registrationPath(registerFor, s.id)}
      className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
      aria-label={`${s.seatsLeft > 0 ? "S'inscrire à" : "Liste d'attente de"} la session ${sessionDatesLabel(s.startDate, s.endDate)}${s.city ? ` à ${s.city.name}` : " à distance"}`}
    >
      {registrationLinkLabel(s.seatsLeft)}
    </Link>
  );
}

/**
 * Upcoming sessions as a table that scrolls sideways on a phone (a focusable region, so
 * keyboard users can scroll it). On a formation's page (`registerFor`, no formation column) the
 * table fits a phone instead, and each session's registration link sits under its dates, in the
 * first column: seen without scrolling sideways, from 320 px up. `showFormation` adds the formation column (city and home pages);
 * `registerFor` (the formation's slug) adds the link to each session's registration form, or to its
 * waiting list when full, from the same seat count as the « Places » column. An intra-company
 * session (one company, on quote) is labelled as such and offers « Demander un devis » instead.
 */
export function SessionTable({
  sessions,
  label,
  showFormation = true,
  registerFor,
}: {
  sessions: UpcomingSession[];
  label: string;
  showFormation?: boolean;
  registerFor?: string;
}) {
  const th = "border-b border-slate-200 px-3 py-2 text-left font-semibold text-slate-900 dark:border-slate-700 dark:text-white";
  const td = "border-b border-slate-100 px-3 py-3 align-top dark:border-slate-800";
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className={`w-full text-sm ${registerFor && !showFormation ? "sm:min-w-[36rem]" : "min-w-[36rem]"}`}>
        <caption className="sr-only">{label}</caption>
        <thead className="bg-slate-50 dark:bg-slate-900">
          <tr>
            <th scope="col" className={th}>
              Dates
            </th>
            {showFormation ? (
              <th scope="col" className={th}>
                Formation
              </th>
            ) : null}
            <th scope="col" className={th}>
              Lieu
            </th>
            <th scope="col" className={th}>
              Places
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id}>
              <td className={td}>
                {sessionDatesLabel(s.startDate, s.endDate).replace(/^./, (c) => c.toUpperCase())}
                {s.kind === "intra" ? (
                  <span className="mt-1 block w-fit rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                    Intra-entreprise
                  </span>
                ) : null}
                {registerFor ? (
                  <span className="mt-2 block">
                    <SessionAction session={s} registerFor={registerFor} />
                  </span>
                ) : null}
              </td>
              {showFormation ? (
                <td className={td}>
                  <Link
                    to={formationPath(s.formation.slug)}
                    className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
                  >
                    {s.formation.title}
                  </Link>
                </td>
              ) : null}
              <td className={td}>
                {s.city ? (
                  <Link to={cityPath(s.city.slug)} className="underline-offset-2 hover:underline">
                    {s.city.name}
                  </Link>
                ) : (
                  "À distance (classe virtuelle)"
                )}
              </td>
              <td className={td}>
                {s.kind === "intra" ? (
                  "Sur devis, pour une seule entreprise"
                ) : (
                  <span className={s.seatsLeft <= 3 ? "font-semibold text-amber-800 dark:text-amber-300" : undefined}>
                    {seatsLabel(s.seatsLeft)}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
