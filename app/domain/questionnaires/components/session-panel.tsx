import { Link } from "~/ui/link";
import type { SessionQuestionnaires } from "../results.server";

/**
 * The session page's questionnaires (README « Questionnaires »): for each one sent, the answers
 * received out of those sent, with its results for this session; the trainees whose positioning
 * does not meet the prerequisites (Qualiopi indicator 8), each with their answers.
 */
export function SessionQuestionnairesPanel({ panel }: { panel: SessionQuestionnaires }) {
  const results = (id: string) => `/admin/questionnaires/${id}/resultats?session=${encodeURIComponent(panel.sessionId)}`;
  const positioning = panel.uses.find((u) => u.use === "positionnement");
  return (
    <section aria-labelledby="session-questionnaires" className="max-w-3xl space-y-3">
      <h2 id="session-questionnaires" className="text-lg font-semibold">
        Questionnaires
      </h2>
      {panel.uses.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Aucun questionnaire envoyé pour cette session. Le positionnement part dès la confirmation d'une inscription (si la formation en a
          un)&#8239;; les autres, à la fin de la session.
        </p>
      ) : (
        <ul className="space-y-1 text-sm">
          {panel.uses.map((u) => (
            <li key={u.questionnaireId}>
              <Link to={results(u.questionnaireId)} className="font-medium text-brand-700 underline dark:text-brand-300">
                {u.label}
              </Link>
              &nbsp;: {u.answered} réponse{u.answered > 1 ? "s" : ""} sur {u.invitations}
            </li>
          ))}
        </ul>
      )}
      {panel.flagged.length && positioning ? (
        <div
          role="note"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">Prérequis non atteints, d'après le positionnement&nbsp;:</p>
          <ul className="mt-1 list-disc pl-5" data-testid="prerequis-non-atteints">
            {panel.flagged.map((f) => (
              <li key={f.invitationId}>
                <Link to={`${results(positioning.questionnaireId)}&reponse=${f.invitationId}`} className="underline">
                  {f.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
