import { Link } from "react-router";
import type { Route } from "./+types/temoignages";
import { CallToAction, PageIntro, TestimonialCard } from "~/domain/content/components";
import { formatDecimalFr, formatMonthFr } from "~/domain/content/format";
import { SATISFACTION_RESULTS, TESTIMONIALS } from "~/domain/content/testimonials";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { pageBreadcrumbMeta } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { useRootData } from "~/root";

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, {
      title: "Témoignages et avis de nos stagiaires",
      description:
        "Avis de salariés, managers, demandeurs d'emploi et particuliers formés chez nous, et nos résultats de satisfaction mesurés et datés, formation par formation.",
    }),
    ...pageBreadcrumbMeta(args, "Témoignages"),
  ];
}

export default function Temoignages() {
  const o = useRootData()?.organisation ?? DEMO_ORGANISATION;
  const r = SATISFACTION_RESULTS;
  const figures = [
    { value: `${formatDecimalFr(r.averageRating)}/5`, label: "note moyenne attribuée à la formation" },
    { value: `${r.satisfactionRate}\u00a0%`, label: "de stagiaires satisfaits ou très satisfaits" },
    { value: `${r.recommendationRate}\u00a0%`, label: "recommanderaient la formation à un collègue" },
    { value: `${r.certificationSuccessRate}\u00a0%`, label: "de réussite aux certifications présentées" },
    { value: `${r.completionRate}\u00a0%`, label: "des stagiaires ont suivi la formation jusqu'au bout" },
  ];

  return (
    <>
      <PageIntro eyebrow="Avis de stagiaires" title="Témoignages de nos stagiaires">
        <p>
          Salariés, managers, demandeurs d'emploi ou particuliers en reconversion&nbsp;: ils ont suivi une formation avec {o.name} et
          racontent ce qu'elle leur a apporté, points forts comme points à améliorer.
        </p>
      </PageIntro>

      <section aria-labelledby="resultats-titre" className="mx-auto max-w-6xl px-4 pt-12">
        <h2 id="resultats-titre" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          Nos résultats
        </h2>
        <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {figures.map((f) => (
            <div
              key={f.label}
              className="flex flex-col-reverse rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
            >
              <dt className="mt-1 text-sm leading-6 text-slate-700 dark:text-slate-300">{f.label}</dt>
              <dd className="text-3xl font-bold text-brand-800 dark:text-brand-200">{f.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 max-w-3xl text-sm leading-6 text-slate-600 dark:text-slate-400">
          Résultats mesurés en <time dateTime={r.measuredOn}>{formatMonthFr(r.measuredOn)}</time> sur les {r.periodLabel}
          &nbsp;: {r.trainees} stagiaires formés, {r.answers} questionnaires de fin de formation reçus. Un stagiaire est compté comme
          satisfait lorsqu'il attribue une note de 4 ou 5 sur 5. Le taux de réussite rapporte le nombre de certifications obtenues au nombre
          de candidats présentés. Les résultats de chaque formation figurent sur sa fiche, dans le{" "}
          <Link to="/formations" className="font-medium text-brand-700 underline dark:text-brand-300">
            catalogue
          </Link>
          .
        </p>
      </section>

      <section aria-labelledby="avis-titre" className="mx-auto max-w-6xl px-4 pt-14">
        <h2 id="avis-titre" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          Ce qu'ils en disent
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.id}>
              <TestimonialCard testimonial={t} />
            </li>
          ))}
        </ul>
        <div className="mt-8 max-w-3xl rounded-xl bg-slate-50 p-5 text-sm leading-6 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
          <h3 className="font-semibold text-slate-900 dark:text-white">Comment ces avis sont-ils recueillis&nbsp;?</h3>
          <p className="mt-2">
            Chaque stagiaire reçoit un questionnaire d'évaluation à la fin de sa formation. Seules les personnes ayant suivi la formation
            peuvent y répondre, et aucun avis ne donne lieu à une contrepartie. Les avis publiés ici sont une sélection, faite avec l'accord
            écrit de leurs auteurs, qui n'apparaissent que par leur prénom et l'initiale de leur nom&nbsp;; ils sont reproduits sans autre
            modification que la correction de fautes de frappe. L'ensemble des réponses est pris en compte dans les résultats ci-dessus.
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
  );
}
