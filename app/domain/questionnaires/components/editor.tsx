import { Form } from "react-router";
import { formatDateTime } from "~/platform/format";
import type { FieldErrors } from "~/platform/validation/errors";
import { Button } from "~/ui/button";
import { CheckboxField, ErrorSummary, SelectField, TextAreaField, TextField } from "~/ui/form/fields";
import { schemaValidator, useForm } from "~/ui/form/use-form";
import {
  QUESTION_KINDS,
  QUESTION_KIND_LABELS,
  QUESTION_ROLES,
  QUESTION_ROLE_LABELS,
  USE_LABELS,
  type Question,
  type QuestionnaireUse,
} from "../model";

/**
 * The editor of one questionnaire (/admin/questionnaires/{id}): title, introduction, the quiz's pass
 * mark, and its questions, each a group of fields (`questions.3.label`…). « Ajouter une question »,
 * « Monter », « Descendre » and « Retirer » send the form as it is (no check, nothing saved): the
 * server gives it back changed, so that they work without JavaScript. « Enregistrer » checks and
 * saves; other questions make a new version, and the answers already given keep theirs.
 */

export interface EditorReply {
  ok: boolean;
  message: string;
  errors?: FieldErrors;
  values?: Record<string, unknown>;
  /** A new arrangement of the questions (added, moved, removed), not saved yet. */
  arranged?: boolean;
  stamp?: number;
}

export interface EditorView {
  id: string;
  use: QuestionnaireUse;
  title: string;
  intro: string;
  passPercent: number;
  active: boolean;
  formationTitle: string | null;
  version: number;
  questions: Question[];
  versions: Array<{ version: number; createdAt: string; createdBy: string; answers: number }>;
}

const FORM = "questionnaire-editeur";

/** A question as the form shows it: lists one per line, a note's expected answers as their minimum. */
export function questionToForm(q: Question): Record<string, unknown> {
  return {
    id: q.id,
    kind: q.kind,
    label: q.label,
    help: q.help,
    required: q.required ? "on" : "",
    options: q.options.join("\n"),
    expected: q.kind === "note" ? (q.expected[0] ?? "") : q.expected.join("\n"),
    role: q.role,
  };
}

export function editorValues(view: EditorView): Record<string, unknown> {
  return { title: view.title, intro: view.intro, passPercent: String(view.passPercent), questions: view.questions.map(questionToForm) };
}

const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));

function QuestionFields({
  use,
  index,
  count,
  values,
  errors,
}: {
  use: QuestionnaireUse;
  index: number;
  count: number;
  values: Record<string, unknown>;
  errors: FieldErrors;
}) {
  const name = (field: string) => `questions.${index}.${field}`;
  const expectedLabel = use === "evaluation" ? "Bonne réponse" : "Réponse attendue (prérequis atteints)";
  const scored = use === "evaluation" || use === "positionnement";
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800" data-testid="question-editeur">
      <legend className="px-1 text-sm font-semibold">Question {index + 1}</legend>
      <input type="hidden" name={name("id")} value={str(values.id)} />
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField
          form={FORM}
          name={name("label")}
          label="Intitulé"
          required
          maxLength={300}
          defaultValue={str(values.label)}
          error={errors[name("label")]}
        />
        <SelectField
          form={FORM}
          name={name("kind")}
          label="Type"
          required
          defaultValue={str(values.kind) || "note"}
          error={errors[name("kind")]}
          groups={[{ options: QUESTION_KINDS.map((k) => ({ value: k, label: QUESTION_KIND_LABELS[k] })) }]}
        />
      </div>
      <TextField
        form={FORM}
        name={name("help")}
        label="Aide (sous l'intitulé)"
        maxLength={300}
        defaultValue={str(values.help)}
        error={errors[name("help")]}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextAreaField
          form={FORM}
          name={name("options")}
          label="Choix"
          rows={3}
          hint="Pour les questions à choix&nbsp;: un choix par ligne."
          defaultValue={str(values.options)}
          error={errors[name("options")]}
        />
        {scored ? (
          <TextAreaField
            form={FORM}
            name={name("expected")}
            label={expectedLabel}
            rows={3}
            hint="Une par ligne, reprise exactement d'un choix, ou «&nbsp;oui&nbsp;», «&nbsp;non&nbsp;»&#8239;; pour une note, la note minimale (3). Vide&nbsp;: la question ne compte pas."
            defaultValue={str(values.expected)}
            error={errors[name("expected")]}
          />
        ) : (
          <input type="hidden" name={name("expected")} value="" />
        )}
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <CheckboxField form={FORM} name={name("required")} label="Réponse obligatoire" defaultChecked={str(values.required) === "on"} />
        {use === "a_chaud" ? (
          <SelectField
            form={FORM}
            name={name("role")}
            label="Rôle dans les chiffres publiés"
            defaultValue={str(values.role)}
            error={errors[name("role")]}
            groups={[{ options: QUESTION_ROLES.map((r) => ({ value: r, label: QUESTION_ROLE_LABELS[r] })) }]}
          />
        ) : (
          <input type="hidden" name={name("role")} value="" />
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {index > 0 ? (
          <Button type="submit" name="intent" value={`monter-${index}`} variant="secondary" size="sm" formNoValidate>
            Monter<span className="sr-only"> la question {index + 1}</span>
          </Button>
        ) : null}
        {index < count - 1 ? (
          <Button type="submit" name="intent" value={`descendre-${index}`} variant="secondary" size="sm" formNoValidate>
            Descendre<span className="sr-only"> la question {index + 1}</span>
          </Button>
        ) : null}
        <Button type="submit" name="intent" value={`retirer-${index}`} variant="secondary" size="sm" formNoValidate>
          Retirer<span className="sr-only"> la question {index + 1}</span>
        </Button>
      </div>
    </fieldset>
  );
}

export function QuestionnaireEditor({ view, reply }: { view: EditorView; reply?: EditorReply }) {
  const validator = () => import("../schemas").then((m) => schemaValidator(m.questionnaireSchema(view.use)));
  const refused = reply && !reply.ok && !reply.arranged ? reply : undefined;
  const form = useForm({
    id: FORM,
    reply: refused ? { errors: refused.errors, formError: refused.errors ? undefined : refused.message } : null,
    validator,
  });
  const values = reply?.values ?? editorValues(view);
  const questions = (Array.isArray(values.questions) ? values.questions : []) as Array<Record<string, unknown>>;
  const labels: Record<string, string> = {
    title: "Titre",
    intro: "Introduction",
    passPercent: "Seuil de réussite",
    questions: "Questions",
  };
  questions.forEach((_, i) => {
    for (const [f, l] of [
      ["label", "intitulé"],
      ["kind", "type"],
      ["options", "choix"],
      ["expected", "réponse attendue"],
      ["role", "rôle"],
    ])
      labels[`questions.${i}.${f}`] = `Question ${i + 1}, ${l}`;
  });
  return (
    <Form method="post" {...form.formProps} key={reply?.stamp ?? 0} className="space-y-6" aria-labelledby="questions-titre">
      {form.summaryVisible ? (
        <ErrorSummary form={FORM} errors={form.errors} formError={form.formError} labels={labels} summaryRef={form.summaryRef} />
      ) : null}
      {reply?.arranged ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          {reply.message}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField
          form={FORM}
          name="title"
          label="Titre"
          required
          maxLength={120}
          defaultValue={str(values.title)}
          error={form.errors.title}
        />
        {view.use === "evaluation" ? (
          <TextField
            form={FORM}
            name="passPercent"
            label="Seuil de réussite (%)"
            inputMode="numeric"
            required
            defaultValue={str(values.passPercent)}
            error={form.errors.passPercent}
            hint="Au-dessus, le résultat proposé est «&nbsp;Objectifs atteints&nbsp;»."
          />
        ) : (
          <input type="hidden" name="passPercent" value={str(values.passPercent)} />
        )}
      </div>
      <TextAreaField
        form={FORM}
        name="intro"
        label="Introduction"
        rows={3}
        maxLength={1000}
        defaultValue={str(values.intro)}
        error={form.errors.intro}
      />
      <h2 id="questions-titre" className="text-lg font-semibold">
        Questions ({questions.length})
      </h2>
      {form.errors.questions ? (
        <p id={`${FORM}-questions`} tabIndex={-1} className="text-sm font-medium text-red-700 dark:text-red-300">
          {form.errors.questions}
        </p>
      ) : null}
      {questions.map((q, i) => (
        <QuestionFields key={i} use={view.use} index={i} count={questions.length} values={q} errors={form.errors} />
      ))}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="ajouter" variant="secondary" formNoValidate>
          Ajouter une question
        </Button>
        <Button type="submit" name="intent" value="enregistrer">
          Enregistrer
        </Button>
      </div>
    </Form>
  );
}

/** The versions of the questions, with the answers each received (they keep it). */
export function Versions({ view }: { view: EditorView }) {
  return (
    <section aria-labelledby="versions" className="space-y-2">
      <h2 id="versions" className="text-lg font-semibold">
        Versions
      </h2>
      <ul className="space-y-1 text-sm">
        {view.versions.map((v) => (
          <li key={v.version}>
            Version {v.version}
            {v.version === view.version ? " (en cours)" : ""}, du {formatDateTime(v.createdAt)}
            {v.createdBy ? ` par ${v.createdBy}` : ""} — {v.answers} réponse{v.answers > 1 ? "s" : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The questionnaire's use, who receives it, and its sending on or off. */
export function EditorHeading({ view }: { view: EditorView }) {
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-bold tracking-tight">{view.title}</h1>
      <p className="text-slate-700 dark:text-slate-300">
        {USE_LABELS[view.use]}
        {view.formationTitle ? ` — ${view.formationTitle}` : ""} · version {view.version} · envoi {view.active ? "actif" : "suspendu"}
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value={view.active ? "suspendre" : "activer"} />
        <Button type="submit" variant="secondary" size="sm">
          {view.active ? "Suspendre l'envoi" : "Reprendre l'envoi"}
        </Button>
      </Form>
    </div>
  );
}
