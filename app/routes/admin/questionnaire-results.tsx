import { data } from "react-router";
import type { Route } from "./+types/questionnaire-results";
import {
  PeopleResults,
  PersonAnswers,
  QuestionResults,
  ResultsFilterForm,
  ResultsSummary,
} from "~/domain/questionnaires/components/results";
import { invitationAnswers, questionnaireResults, resultsFilterOptions } from "~/domain/questionnaires/results.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { adminCrumb } from "~/ui/layout/admin-nav";
import { Link } from "~/ui/link";

export const handle = {
  parents: [adminCrumb("/admin/questionnaires")],
  breadcrumb: (d: { results?: { questionnaire: { title: string } } } | undefined) =>
    d?.results ? `Résultats — ${d.results.questionnaire.title}` : "Résultats",
};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `Résultats ${args.loaderData?.results.questionnaire.title ?? ""}`,
    description: "Résultats d'un questionnaire.",
    noindex: true,
  });

export function headers() {
  return { "Cache-Control": "no-store" };
}

const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : "");

/** The filter of the page's address: ?session=…&formation=…&du=AAAA-MM-JJ&au=AAAA-MM-JJ. */
function filterOf(url: URL) {
  return {
    session: url.searchParams.get("session") ?? "",
    formation: url.searchParams.get("formation") ?? "",
    from: day(url.searchParams.get("du")),
    to: day(url.searchParams.get("au")),
  };
}

/** /admin/questionnaires/{id}/resultats (editors and admins): per session, formation or period; free texts for staff only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  const url = new URL(request.url);
  const filter = filterOf(url);
  const results = await questionnaireResults({
    questionnaireId: params.id,
    sessionId: filter.session || undefined,
    formationId: filter.formation || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
  });
  if (!results) throw data(null, { status: 404 });
  const reponse = url.searchParams.get("reponse");
  const [options, person] = await Promise.all([resultsFilterOptions(params.id), reponse ? invitationAnswers(reponse) : null]);
  const query = new URLSearchParams(
    Object.entries({ session: filter.session, formation: filter.formation, du: filter.from, au: filter.to }).filter(([, v]) => v),
  );
  return { results, filter, options, person: person && person.questionnaireId === params.id ? person : null, query: query.toString() };
}

export default function QuestionnaireResultsPage({ loaderData }: Route.ComponentProps) {
  const { results, filter, options, person, query } = loaderData;
  const base = `/admin/questionnaires/${results.questionnaire.id}/resultats`;
  const perFormation = Boolean(results.questionnaire.formationId);
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">Résultats — {results.questionnaire.title}</h1>
        <p className="text-slate-700 dark:text-slate-300">
          {results.questionnaire.useLabel} ·{" "}
          <Link to={`/admin/questionnaires/${results.questionnaire.id}`} className="underline">
            Modifier les questions
          </Link>
        </p>
        <p className="max-w-4xl text-sm text-slate-700 dark:text-slate-300">
          Les commentaires libres sont réservés à l'équipe&nbsp;: ils ne sont jamais publiés.
        </p>
      </div>
      <ResultsFilterForm filter={filter} sessions={options.sessions} formations={perFormation ? [] : options.formations} />
      {person ? <PersonAnswers answers={person} /> : null}
      <ResultsSummary results={results} csvHref={`${base}.csv${query ? `?${query}` : ""}`} />
      <PeopleResults results={results} base={base} />
      <QuestionResults results={results} />
    </div>
  );
}
