import { Link } from "~/ui/link";
import type { Route } from "./+types/pourquoi-nous-choisir";
import { PAGE_TEXTS } from "~/domain/content/page-texts";
import { argumentAnchor } from "~/domain/content/claims";
import { publicClaims } from "~/domain/content/claims.server";
import { publicResults } from "~/composition/published-results.server";
import { ArgumentBody, CallToAction, PageIntro, ResultsNote } from "~/domain/content/components";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { pageBreadcrumbMeta } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { useRootData } from "~/root";
import { que } from "~/ui/french";
import { ServerHtml } from "~/ui/server-html";

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, { title: PAGE_TEXTS["/pourquoi-nous-choisir"].title, description: PAGE_TEXTS["/pourquoi-nous-choisir"].description }),
    ...pageBreadcrumbMeta(args, "Pourquoi nous choisir"),
  ];
}

/** The arguments and results are records (admin: /admin/temoignages); each part hides itself while empty. */
export async function loader() {
  const { arguments: args, results } = await publicResults(await publicClaims());
  return { args, results };
}

export default function PourquoiNousChoisir({ loaderData }: Route.ComponentProps) {
  const { args, results } = loaderData;
  const o = useRootData()?.organisation ?? DEMO_ORGANISATION;
  return (
    <ServerHtml>
      {() => (
        <>
          <PageIntro eyebrow="Nos engagements" title={`Pourquoi choisir ${o.name}\u00a0?`}>
            <p>
              Choisir un organisme de formation, c'est choisir des personnes, une méthode et un suivi.{" "}
              {args.length
                ? "Voici, concrètement, ce que nous nous engageons à faire pour chaque stagiaire et chaque entreprise."
                : "Parlez-nous de votre besoin\u00a0: un conseiller vous présente nos formateurs, notre méthode et le suivi proposé."}
            </p>
          </PageIntro>

          {args.length > 1 ? (
            <nav aria-label="Sur cette page" className="mx-auto max-w-6xl px-4 pt-10">
              <ul className="flex flex-wrap gap-2 text-sm">
                {args.map((s) => (
                  <li key={s.id}>
                    <a
                      href={`#${argumentAnchor(s)}`}
                      className="inline-block rounded-full border border-slate-300 px-3 py-1.5 font-medium text-slate-700 hover:border-brand-400 hover:bg-brand-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
                    >
                      {s.title}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}

          <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
            {args.map((s, index) => (
              <section
                key={s.id}
                id={argumentAnchor(s)}
                aria-labelledby={`${argumentAnchor(s)}-titre`}
                className="grid gap-6 rounded-2xl border border-slate-200 p-6 sm:p-8 md:grid-cols-[auto_1fr] dark:border-slate-700"
              >
                <span
                  aria-hidden="true"
                  className="flex size-14 items-center justify-center rounded-xl bg-brand-50 text-2xl font-bold text-brand-700 dark:bg-slate-800 dark:text-brand-300"
                >
                  {index + 1}
                </span>
                <div>
                  <p className="text-sm font-semibold text-brand-700 dark:text-brand-300">Engagement n°&nbsp;{index + 1}</p>
                  <h2 id={`${argumentAnchor(s)}-titre`} className="mt-1 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
                    {s.title}
                  </h2>
                  <ArgumentBody body={s.body} />
                </div>
              </section>
            ))}

            {results.length ? (
              <section aria-labelledby="resultats-titre" className="rounded-2xl bg-brand-50 p-6 sm:p-8 dark:bg-slate-800">
                <h2 id="resultats-titre" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
                  Nos résultats, mesurés et publiés
                </h2>
                <ul className="mt-4 grid gap-2 sm:grid-cols-2">
                  {results.map((r) => (
                    <li key={r.id} className="text-slate-800 dark:text-slate-200">
                      <strong>{r.figure}</strong> {r.label}
                    </li>
                  ))}
                </ul>
                <ResultsNote results={results} className="mt-4 text-sm leading-6 text-slate-700 dark:text-slate-300" />
                <p className="mt-2 text-sm">
                  <Link to="/temoignages" className="font-medium text-brand-700 underline dark:text-brand-300">
                    Lire les témoignages
                  </Link>
                </p>
              </section>
            ) : null}

            {o.qualiopiCertificateNumber ? (
              <section aria-labelledby="qualite-titre" className="rounded-2xl bg-slate-50 p-6 sm:p-8 dark:bg-slate-900">
                <h2 id="qualite-titre" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
                  Une qualité vérifiée par un organisme indépendant
                </h2>
                <p className="mt-3 max-w-3xl leading-7 text-slate-700 dark:text-slate-300">
                  Ces engagements sont contrôlés lors des audits de la certification Qualiopi, {que(o.name)} détient au titre des actions de
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
      )}
    </ServerHtml>
  );
}
