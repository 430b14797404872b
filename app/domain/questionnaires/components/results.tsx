import { Form } from "react-router";
import { formatDateTime } from "~/platform/format";
import { Button } from "~/ui/button";
import { inputClass } from "~/ui/form/input-class";
import { Link } from "~/ui/link";
import type { QuestionnaireResults } from "../results.server";

/**
 * The results of one questionnaire (/admin/questionnaires/{id}/resultats), for staff: invitations
 * and answers (response rate), each question's distribution as a table, the free texts (never
 * published), the CSV; for positioning and quizzes, one line per person.
 */

export interface ResultsFilterView {
  session: string;
  formation: string;
  from: string;
  to: string;
}

const cell = "px-3 py-2";

export function ResultsFilterForm({
  filter,
  sessions,
  formations,
}: {
  filter: ResultsFilterView;
  sessions: Array<{ value: string; label: string }>;
  formations: Array<{ value: string; label: string }>;
}) {
  const select = (name: string, label: string, value: string, options: Array<{ value: string; label: string }>, all: string) => (
    <div>
      <label htmlFor={`filtre-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <select id={`filtre-${name}`} name={name} defaultValue={value} className={inputClass(undefined, "mt-1")}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <Form
      method="get"
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1fr_1fr_auto] lg:items-end"
      aria-label="Filtrer les résultats"
    >
      {select("session", "Session", filter.session, sessions, "Toutes les sessions")}
      {formations.length ? (
        select("formation", "Formation", filter.formation, formations, "Toutes les formations")
      ) : (
        <input type="hidden" name="formation" value="" />
      )}
      <div>
        <label htmlFor="filtre-du" className="block text-sm font-medium">
          Sessions finies du
        </label>
        <input id="filtre-du" name="du" type="date" defaultValue={filter.from} className={inputClass(undefined, "mt-1")} />
      </div>
      <div>
        <label htmlFor="filtre-au" className="block text-sm font-medium">
          au
        </label>
        <input id="filtre-au" name="au" type="date" defaultValue={filter.to} className={inputClass(undefined, "mt-1")} />
      </div>
      <Button type="submit" variant="secondary">
        Filtrer
      </Button>
    </Form>
  );
}

export function ResultsSummary({ results, csvHref }: { results: QuestionnaireResults; csvHref: string }) {
  return (
    <section aria-labelledby="synthese" className="space-y-3">
      <h2 id="synthese" className="text-lg font-semibold">
        Taux de réponse
      </h2>
      <dl className="grid max-w-2xl grid-cols-2 gap-4 sm:grid-cols-4">
        {[
          ["Envoyés", String(results.invitations)],
          ["Réponses", String(results.answered)],
          ["Commencés", String(results.started)],
          ["Taux de réponse", results.responseRate === null ? "—" : `${results.responseRate}\u00a0%`],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 p-3 dark:border-slate-800">
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="text-2xl font-bold" data-testid={`resultat-${label}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p>
        <a href={csvHref} className="font-medium text-brand-700 underline dark:text-brand-300" download>
          Exporter les réponses (CSV)
        </a>
      </p>
    </section>
  );
}

export function QuestionResults({ results }: { results: QuestionnaireResults }) {
  if (results.answered === 0) return <p>Aucune réponse pour ces critères.</p>;
  return (
    <section aria-labelledby="par-question" className="space-y-6">
      <h2 id="par-question" className="text-lg font-semibold">
        Réponses par question
      </h2>
      {results.questions.map((q, i) => (
        <div key={q.id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
          <h3 id={`question-${q.id}`} className="font-semibold">
            {i + 1}. {q.label}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {q.answered} réponse{q.answered > 1 ? "s" : ""}
            {q.average !== null ? ` · moyenne ${String(q.average).replace(".", ",")}/5` : ""}
          </p>
          {q.texts.length ? (
            <ul className="mt-3 space-y-2 text-sm" aria-labelledby={`question-${q.id}`}>
              {q.texts.map((t, k) => (
                <li key={k} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900">
                  «&nbsp;{t.text}&nbsp;»
                  {t.context ? <span className="block text-xs text-slate-600 dark:text-slate-400">{t.context}</span> : null}
                </li>
              ))}
            </ul>
          ) : q.distribution.length ? (
            <div className="mt-3 max-w-lg overflow-x-auto" role="region" aria-labelledby={`question-${q.id}`} tabIndex={0}>
              <table className="w-full text-left text-sm" aria-labelledby={`question-${q.id}`}>
                <thead>
                  <tr className="border-b border-slate-200 dark:border-slate-800">
                    <th scope="col" className={cell}>
                      Réponse
                    </th>
                    <th scope="col" className={cell}>
                      Nombre
                    </th>
                    <th scope="col" className={cell}>
                      Part
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {q.distribution.map((d) => (
                    <tr key={d.label} className="border-b border-slate-100 dark:border-slate-900">
                      <th scope="row" className={`${cell} font-normal`}>
                        {d.label}
                      </th>
                      <td className={cell}>{d.count}</td>
                      <td className={cell}>
                        <span className="inline-flex items-center gap-2">
                          <span
                            aria-hidden="true"
                            className="inline-block h-2 rounded bg-brand-600"
                            style={{ width: `${Math.max(2, d.share)}px` }}
                          />
                          {d.share}&nbsp;%
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </div>
      ))}
    </section>
  );
}

/** Positioning and quiz: one line per person, with the flag or the score, and their answers. */
export function PeopleResults({ results, base }: { results: QuestionnaireResults; base: string }) {
  if (results.people.length === 0) return null;
  const quiz = results.questionnaire.use === "evaluation";
  return (
    <section aria-labelledby="par-personne" className="space-y-3">
      <h2 id="par-personne" className="text-lg font-semibold">
        Par stagiaire
      </h2>
      <div className="overflow-x-auto" role="region" aria-label="Par stagiaire (défile horizontalement)" tabIndex={0}>
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="border-b border-slate-200 dark:border-slate-800">
            <tr>
              {["Stagiaire", "Session", "État", quiz ? "Score" : "Prérequis"].map((h) => (
                <th key={h} scope="col" className={cell}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {results.people.map((p) => (
              <tr key={p.id} className="border-b border-slate-100 dark:border-slate-900">
                <th scope="row" className={`${cell} font-normal`}>
                  <Link to={`${base}?reponse=${p.id}`} className="underline">
                    {p.name}
                  </Link>
                </th>
                <td className={cell}>{p.session}</td>
                <td className={cell}>{p.state}</td>
                <td className={cell}>
                  {quiz ? (
                    p.score === null ? (
                      "—"
                    ) : (
                      `${p.score}\u00a0%`
                    )
                  ) : p.flagged ? (
                    <strong>Prérequis non atteints</strong>
                  ) : p.state === "Répondu" ? (
                    "Atteints"
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** One person's answers (positioning, quiz), each with the answer expected. */
export function PersonAnswers({
  answers,
}: {
  answers: {
    name: string;
    answeredAt: string | null;
    score: number | null;
    flagged: boolean;
    lines: Array<{ label: string; answer: string; expected: string | null }>;
  };
}) {
  return (
    <section aria-labelledby="reponses-personne" className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="reponses-personne" className="text-lg font-semibold">
        Réponses de {answers.name || "la personne"}
      </h2>
      <p className="text-sm">
        {answers.answeredAt ? `Répondu le ${formatDateTime(answers.answeredAt)}` : "Pas encore répondu"}
        {answers.score !== null ? ` · score ${answers.score}\u00a0%` : ""}
        {answers.flagged ? " · prérequis non atteints" : ""}
      </p>
      <dl className="space-y-2 text-sm">
        {answers.lines.map((l, i) => (
          <div key={i}>
            <dt className="font-medium">{l.label}</dt>
            <dd>
              {l.answer}
              {l.expected ? <span className="text-slate-600 dark:text-slate-400"> (attendu&nbsp;: {l.expected})</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
