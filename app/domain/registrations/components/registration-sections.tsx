import { CalendarDays, CircleCheck, Clock, Hourglass, MapPin, Users } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "~/ui/link";
import { PageIntro } from "~/domain/content/components";
import { buttonClass } from "~/ui/button";
import { seatsLabel } from "~/domain/formations/session-links";
import type { SessionSummary } from "../pages.server";

export function RegistrationIntro({ session, full }: { session: SessionSummary; full: boolean }) {
  return (
    <PageIntro eyebrow={full ? "Liste d'attente" : "Inscription en ligne"} title={`Inscription\u00a0: ${session.formationTitle}`}>
      <p>
        Session {session.datesLabel}.{" "}
        {full
          ? "La session est complète\u00a0: inscrivez-vous sur la liste d'attente, une place vous sera offerte par e-mail dès qu'elle se libère."
          : "Votre place est réservée dès l'envoi du formulaire\u00a0; nous confirmons l'inscription sous deux jours ouvrés."}
      </p>
    </PageIntro>
  );
}

/** Dates, hours, place and seats of the session, beside the form. */
export function SessionCard({ session }: { session: SessionSummary }) {
  const row = "flex items-start gap-3";
  const icon = "mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300";
  return (
    <section aria-labelledby="session-resume" className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
      <h2 id="session-resume" className="text-lg font-bold text-slate-900 dark:text-white">
        La session
      </h2>
      <ul className="mt-4 space-y-3 text-sm text-slate-800 dark:text-slate-200">
        <li className={row}>
          <CalendarDays aria-hidden="true" className={icon} />
          <span>
            {session.datesLabel.replace(/^./, (c) => c.toUpperCase())} ({session.days} jour{session.days > 1 ? "s" : ""})
          </span>
        </li>
        <li className={row}>
          <Clock aria-hidden="true" className={icon} />
          <span>Chaque jour {session.hours} (heure de Paris)</span>
        </li>
        <li className={row}>
          <MapPin aria-hidden="true" className={icon} />
          <span>{session.place}</span>
        </li>
        <li className={row}>
          <Users aria-hidden="true" className={icon} />
          <span data-testid="places">{seatsLabel(session.seatsLeft)}</span>
        </li>
      </ul>
      <p className="mt-4 text-sm">
        <Link
          to={`/formations/${session.formationSlug}`}
          className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
        >
          Programme de la formation
        </Link>
      </p>
    </section>
  );
}

/** The session takes no registration online: why, and the quote path. */
export function RegistrationClosed({ reason, quoteHref }: { reason: string; quoteHref: string }) {
  return (
    <section
      aria-labelledby="inscription-fermee"
      className="rounded-xl border border-amber-300 bg-amber-50 p-6 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <h2 id="inscription-fermee" className="text-lg font-bold text-amber-950 dark:text-amber-100">
        Inscription en ligne indisponible
      </h2>
      <p className="mt-2 text-amber-950 dark:text-amber-100">{reason}</p>
      <Link to={quoteHref} className={buttonClass("primary", "md", "mt-4")}>
        Demander un devis
      </Link>
    </section>
  );
}

/** What the registrant sees once the registration is stored. */
export function RegistrationConfirmation({ reference, waiting, quote }: { reference: string; waiting: boolean; quote?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const Icon = waiting ? Hourglass : CircleCheck;
  return (
    <section
      aria-labelledby="inscription-confirmation"
      className="rounded-2xl border border-emerald-300 bg-emerald-50 p-6 sm:p-8 dark:border-emerald-800 dark:bg-emerald-950/50"
    >
      <h2
        id="inscription-confirmation"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-2xl font-bold text-emerald-900 dark:text-emerald-100"
      >
        <Icon aria-hidden="true" className="size-7 shrink-0" />
        {waiting ? "Vous êtes sur la liste d'attente" : "Votre inscription est bien reçue"}
      </h2>
      <p className="mt-4 text-lg text-slate-800 dark:text-slate-200">
        Votre référence&nbsp;:{" "}
        <strong className="font-mono text-slate-950 dark:text-white" data-testid="reference">
          {reference}
        </strong>
      </p>
      <div className="mt-4 space-y-3 text-slate-700 dark:text-slate-300">
        {waiting ? (
          <p>
            La session est complète. Dès qu'une place se libère, nous vous l'offrons par e-mail, dans l'ordre de la liste&nbsp;: vous aurez
            alors un délai pour la confirmer. L'e-mail que nous venons de vous envoyer contient un lien pour quitter la liste.
          </p>
        ) : (
          <>
            <p>
              Votre place est réservée. Un e-mail de confirmation vient de vous être envoyé, avec le résumé de l'inscription et un fichier
              d'agenda (.ics) pour chaque journée de formation.
            </p>
            <p>Nous confirmons l'inscription sous deux jours ouvrés. Le lien de l'e-mail permet d'annuler ou de changer de stagiaire.</p>
          </>
        )}
      </div>
      {quote ? <div className="mt-6 bg-white dark:bg-slate-950 rounded-xl">{quote}</div> : null}
    </section>
  );
}
