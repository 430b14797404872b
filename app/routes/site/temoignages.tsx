import { Link } from "~/ui/link";
import type { Route } from "./+types/temoignages";
import { PAGE_TEXTS } from "~/domain/content/page-texts";
import { CallToAction, PageIntro, ResultsNote, TestimonialCard } from "~/domain/content/components";
import { publicClaims } from "~/domain/content/claims.server";
import { publicResults } from "~/composition/published-results.server";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { pageBreadcrumbMeta } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { useRootData } from "~/root";
import { ServerHtml } from "~/ui/server-html";

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, { title: PAGE_TEXTS["/temoignages"].title, description: PAGE_TEXTS["/temoignages"].description }),
    ...pageBreadcrumbMeta(args, "Témoignages"),
  ];
}

/** Testimonials and results are records (admin: /admin/temoignages); each section hides itself while empty. */
export async function loader() {
  // The satisfaction figures are computed from the questionnaires' answers (README « Questionnaires »).
  const { testimonials, results } = await publicResults(await publicClaims());
  return { testimonials, results };
}

export default function Temoignages({ loaderData }: Route.ComponentProps) {
  const { testimonials, results } = loaderData;
  const o = useRootData()?.organisation ?? DEMO_ORGANISATION;
  const empty = testimonials.length === 0 && results.length === 0;

  return (
    <ServerHtml>
      {() => (
        <>
          <PageIntro eyebrow="Avis de stagiaires" title="Témoignages de nos stagiaires">
            <p>
              Salariés, managers, demandeurs d'emploi ou particuliers en reconversion&nbsp;: ils ont suivi une formation avec {o.name} et
              racontent ce qu'elle leur a apporté, points forts comme points à améliorer.
            </p>
          </PageIntro>

          {results.length ? (
            <section aria-labelledby="resultats-titre" className="mx-auto max-w-6xl px-4 pt-12">
              <h2 id="resultats-titre" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
                Nos résultats
              </h2>
              <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
                {results.map((f) => (
                  <div
                    key={f.id}
                    className="flex flex-col-reverse rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
                  >
                    <dt className="mt-1 text-sm leading-6 text-slate-700 dark:text-slate-300">{f.label}</dt>
                    <dd className="text-3xl font-bold text-brand-800 dark:text-brand-200">{f.figure}</dd>
                  </div>
                ))}
              </dl>
              <ResultsNote results={results} className="mt-4 max-w-3xl text-sm leading-6 text-slate-600 dark:text-slate-400" />
              <p className="mt-2 max-w-3xl text-sm leading-6 text-slate-600 dark:text-slate-400">
                Les résultats de chaque formation figurent sur sa fiche, dans le{" "}
                <Link to="/formations" className="font-medium text-brand-700 underline dark:text-brand-300">
                  catalogue
                </Link>
                .
              </p>
            </section>
          ) : null}

          <section aria-labelledby="avis-titre" className="mx-auto max-w-6xl px-4 pt-14">
            {testimonials.length ? (
              <>
                <h2 id="avis-titre" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
                  Ce qu'ils en disent
                </h2>
                <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                  {testimonials.map((t) => (
                    <li key={t.id}>
                      <TestimonialCard testimonial={t} />
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <>
                <h2 id="avis-titre" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
                  Les avis de nos stagiaires
                </h2>
                <p className="mt-3 max-w-3xl leading-7 text-slate-700 dark:text-slate-300">
                  {empty
                    ? `${o.name} ne publie ici que des avis et des résultats vérifiables, avec l'accord écrit de leurs auteurs. Aucun n'est publié à ce jour : pour connaître les résultats d'une formation, demandez-les-nous.`
                    : "Aucun avis n'est publié à ce jour ; nos résultats ci-dessus portent sur l'ensemble des réponses reçues."}
                </p>
              </>
            )}
            <div className="mt-8 max-w-3xl rounded-xl bg-slate-50 p-5 text-sm leading-6 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
              <h3 className="font-semibold text-slate-900 dark:text-white">Comment ces avis sont-ils recueillis&nbsp;?</h3>
              <p className="mt-2">
                Chaque stagiaire reçoit un questionnaire d'évaluation à la fin de sa formation. Seules les personnes ayant suivi la
                formation peuvent y répondre, et aucun avis ne donne lieu à une contrepartie. Un avis n'est publié ici qu'avec l'accord
                écrit de son auteur, qui n'apparaît que par son prénom et l'initiale de son nom&nbsp;; il est reproduit sans autre
                modification que la correction de fautes de frappe.
              </p>
            </div>
          </section>

          <CallToAction
            headingId="temoignages-action"
            title="À votre tour de progresser"
            primary={{ to: "/devis", label: "Demander un devis" }}
            secondary={{ to: "/formations", label: "Voir les formations" }}
          >
            <p>Dites-nous ce que vous voulez apprendre&nbsp;: nous vous proposons un programme, des dates et un financement adaptés.</p>
          </CallToAction>
        </>
      )}
    </ServerHtml>
  );
}
