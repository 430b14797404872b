import { ArrowRight, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/pourquoi-nous-choisir";
import { CallToAction, PageIntro, STRENGTH_ICONS } from "~/domain/content/components";
import { formatDecimalFr, formatMonthFr } from "~/domain/content/format";
import { STRENGTHS } from "~/domain/content/strengths";
import { SATISFACTION_RESULTS } from "~/domain/content/testimonials";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { pageBreadcrumbMeta } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { useRootData } from "~/root";

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, {
      title: "Pourquoi nous choisir : nos engagements de formation",
      description:
        "Formateurs praticiens, suivi personnalisé, aide au financement, présentiel ou distanciel, référent handicap, résultats publiés : nos engagements concrets.",
    }),
    ...pageBreadcrumbMeta(args, "Pourquoi nous choisir"),
  ];
}

export default function PourquoiNousChoisir() {
  const o = useRootData()?.organisation ?? DEMO_ORGANISATION;
  const r = SATISFACTION_RESULTS;
  return (
    <>
      <PageIntro eyebrow="Nos engagements" title={`Pourquoi choisir ${o.name}\u00a0?`}>
        <p>
          Choisir un organisme de formation, c'est choisir des personnes, une méthode et un suivi. Voici, concrètement, ce que nous nous
          engageons à faire pour chaque stagiaire et chaque entreprise.
        </p>
      </PageIntro>

      <nav aria-label="Sur cette page" className="mx-auto max-w-6xl px-4 pt-10">
        <ul className="flex flex-wrap gap-2 text-sm">
          {STRENGTHS.map((s) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                className="inline-block rounded-full border border-slate-300 px-3 py-1.5 font-medium text-slate-700 hover:border-brand-400 hover:bg-brand-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
              >
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
        {STRENGTHS.map((s, index) => {
          const Icon = STRENGTH_ICONS[s.icon];
          return (
            <section
              key={s.id}
              id={s.id}
              aria-labelledby={`${s.id}-titre`}
              className="grid gap-6 rounded-2xl border border-slate-200 p-6 sm:p-8 md:grid-cols-[auto_1fr] dark:border-slate-700"
            >
              <span className="flex size-14 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-300">
                <Icon aria-hidden="true" className="size-7" />
              </span>
              <div>
                <p className="text-sm font-semibold text-brand-700 dark:text-brand-300">Engagement n°&nbsp;{index + 1}</p>
                <h2 id={`${s.id}-titre`} className="mt-1 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
                  {s.title}
                </h2>
                <p className="mt-3 max-w-3xl leading-7 text-slate-700 dark:text-slate-300">{s.intro}</p>
                <ul className="mt-4 grid gap-2 lg:grid-cols-2">
                  {s.points.map((p) => (
                    <li key={p} className="flex items-start gap-2 leading-7 text-slate-700 dark:text-slate-300">
                      <CircleCheck aria-hidden="true" className="mt-1.5 size-4 shrink-0 text-brand-700 dark:text-brand-300" />
                      {p}
                    </li>
                  ))}
                </ul>
                {s.id === "resultats" ? (
                  <p className="mt-4 max-w-3xl rounded-lg bg-brand-50 p-4 text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                    Sur les {r.periodLabel}&nbsp;: note moyenne de <strong>{formatDecimalFr(r.averageRating)}/5</strong>,{" "}
                    <strong>{r.satisfactionRate}&nbsp;%</strong> de stagiaires satisfaits et{" "}
                    <strong>{r.certificationSuccessRate}&nbsp;%</strong> de réussite aux certifications (résultats mesurés en{" "}
                    {formatMonthFr(r.measuredOn)}).
                  </p>
                ) : null}
                {s.id === "accessibilite" ? (
                  <p className="mt-4 text-slate-700 dark:text-slate-300">
                    Contact du référent handicap&nbsp;:{" "}
                    <a href={`mailto:${o.accessibilityContact}`} className="font-medium text-brand-700 underline dark:text-brand-300">
                      {o.accessibilityContact}
                    </a>
                  </p>
                ) : null}
                {s.link ? (
                  <p className="mt-4">
                    <Link
                      to={s.link.to}
                      className="inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
                    >
                      {s.link.label}
                      <ArrowRight aria-hidden="true" className="size-4" />
                    </Link>
                  </p>
                ) : null}
              </div>
            </section>
          );
        })}

        {o.qualiopiCertificateNumber ? (
          <section aria-labelledby="qualite-titre" className="rounded-2xl bg-slate-50 p-6 sm:p-8 dark:bg-slate-900">
            <h2 id="qualite-titre" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
              Une qualité vérifiée par un organisme indépendant
            </h2>
            <p className="mt-3 max-w-3xl leading-7 text-slate-700 dark:text-slate-300">
              Ces engagements sont contrôlés lors des audits de la certification Qualiopi, que {o.name} détient au titre des actions de
              formation{o.qualiopiCertifier ? `, délivrée par ${o.qualiopiCertifier}` : ""}.{" "}
              <Link to="/certification-qualiopi" className="font-medium text-brand-700 underline dark:text-brand-300">
                En savoir plus sur notre certification
              </Link>
              .
            </p>
          </section>
        ) : null}
      </div>

      <CallToAction
        headingId="pourquoi-action"
        title="Construisons votre formation ensemble"
        primary={{ to: "/devis", label: "Demander un devis" }}
        secondary={{ to: "/contact", label: "Poser une question" }}
      >
        <p>Un conseiller étudie votre besoin, vous propose un programme et vous aide à trouver le financement adapté.</p>
      </CallToAction>
    </>
  );
}
