import { CircleCheck } from "lucide-react";
import { Form } from "react-router";
import { PageIntro } from "~/domain/content/components";
import { formatDateTime } from "~/platform/format";
import type { FieldErrors } from "~/platform/validation/errors";
import { Button } from "~/ui/button";
import { ChoiceGroup, FormErrorSummary, RequiredNote, TextAreaField, TextField } from "~/ui/form/fields";
import { schemaValidator, useForm, type Validator } from "~/ui/form/use-form";
import { Link } from "~/ui/link";
import { RATINGS, RATING_HINTS, YES_NO, valuesOf, type Answers, type Question } from "../model";

/**
 * The answer page of one questionnaire (README « Questionnaires »): an ordinary form that works
 * without JavaScript, on a phone, with a screen reader. Every question is a labelled field (a
 * fieldset and its legend for choices), its error beside it and in the summary at the top; « Enregistrer et finir plus
 * tard » keeps a partial answer without checking the required questions.
 */

export interface AnswerView {
  id: string;
  title: string;
  intro: string;
  formationTitle: string;
  datesLabel: string;
  questions: Question[];
  answers: Answers;
  state: "envoyee" | "commencee" | "repondue";
  answeredAt: string | null;
}

export interface AnswerReply {
  errors?: FieldErrors;
  formError?: string;
  values?: Record<string, unknown>;
  saved?: boolean;
}

const FORM = "questionnaire";

function AnswerField({ question: q, values, error }: { question: Question; values: Record<string, unknown>; error?: string }) {
  const given = valuesOf(values[q.id] as string | string[] | undefined);
  const common = { form: FORM, name: q.id, label: q.label, required: q.required, hint: q.help || undefined, error };
  if (q.kind === "texte_court") return <TextField {...common} maxLength={300} defaultValue={given.join(" ")} />;
  if (q.kind === "texte_long") return <TextAreaField {...common} rows={4} maxLength={5000} defaultValue={given.join(" ")} />;
  const options =
    q.kind === "note"
      ? RATINGS.map((r) => ({ value: r, label: RATING_HINTS[r]! }))
      : q.kind === "oui_non"
        ? YES_NO.map((o) => ({ value: o.value, label: o.label }))
        : q.options.map((o) => ({ value: o, label: o }));
  return (
    <ChoiceGroup
      {...common}
      type={q.kind === "choix_multiple" ? "checkbox" : "radio"}
      groups={[{ options }]}
      selected={given}
      listClassName="mt-3"
    />
  );
}

export function AnswerScreen({ view, reply }: { view: AnswerView; reply: AnswerReply | undefined }) {
  const validator = (): Promise<Validator> => import("../schemas").then((m) => schemaValidator(m.answerSchema(view.questions, true)));
  const form = useForm({ id: FORM, reply: reply?.saved ? undefined : reply, validator });
  const values = reply?.values ?? (view.answers as Record<string, unknown>);
  const labels = Object.fromEntries(view.questions.map((q) => [q.id, q.label]));
  const about = [view.formationTitle, view.datesLabel].filter(Boolean).join(", ");
  return (
    <>
      <PageIntro eyebrow="Questionnaire" title={view.title}>
        {about ? <p>{about}</p> : null}
        {view.intro ? <p>{view.intro}</p> : null}
      </PageIntro>
      <div className="mx-auto max-w-3xl px-4 py-10">
        {view.state === "repondue" ? (
          <div
            role="status"
            data-testid="questionnaire-merci"
            className="rounded-xl border border-emerald-300 bg-emerald-50 p-5 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
          >
            <p className="flex items-start gap-2 font-semibold">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              Merci, vos réponses sont enregistrées{view.answeredAt ? ` (${formatDateTime(view.answeredAt)})` : ""}.
            </p>
            <p className="mt-2">
              Elles ne peuvent plus être modifiées. Vos commentaires ne sont jamais publiés&nbsp;; les notes entrent, sans votre nom, dans
              les résultats que nous publions.
            </p>
          </div>
        ) : (
          <>
            {reply?.saved ? (
              <p
                role="status"
                data-testid="questionnaire-enregistre"
                className="mb-6 rounded-xl border border-sky-300 bg-sky-50 p-4 text-sky-950 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100"
              >
                Vos réponses sont enregistrées. Vous pouvez fermer cette page et la reprendre plus tard, par le lien de l'e-mail ou depuis
                votre espace.
              </p>
            ) : null}
            <Form method="post" {...form.formProps} aria-labelledby="questionnaire-titre" className="space-y-8">
              <h2 id="questionnaire-titre" className="sr-only">
                Vos réponses
              </h2>
              <FormErrorSummary form={form} labels={labels} />
              <RequiredNote />
              <ol className="space-y-8">
                {view.questions.map((q, i) => (
                  <li key={q.id} className="rounded-xl border border-slate-200 p-4 sm:p-5 dark:border-slate-800">
                    <p aria-hidden="true" className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
                      Question {i + 1} sur {view.questions.length}
                    </p>
                    <AnswerField question={q} values={values} error={form.errors[q.id]} />
                  </li>
                ))}
              </ol>
              <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
                <Button type="submit" name="intent" value="envoyer">
                  Envoyer mes réponses
                </Button>
                <Button type="submit" name="intent" value="enregistrer" variant="secondary" formNoValidate>
                  Enregistrer et finir plus tard
                </Button>
              </div>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                Une fois envoyées, vos réponses ne peuvent plus être modifiées. Vos commentaires ne sont jamais publiés.
              </p>
            </Form>
          </>
        )}
      </div>
    </>
  );
}

/** A link that cannot open a questionnaire: why, and what to do. */
export function AnswerRefused({ message }: { message: string }) {
  return (
    <>
      <PageIntro eyebrow="Questionnaire" title="Questionnaire indisponible">
        <p>{message}</p>
      </PageIntro>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <p>
          <Link to="/espace">Ouvrir votre espace</Link>
        </p>
      </div>
    </>
  );
}
