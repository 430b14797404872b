import { Form } from "react-router";
import { Button } from "~/ui/button";
import { ErrorSummary, SelectField, TextAreaField, TextField } from "~/ui/form/fields";
import { schemaValidator, useForm, type SubmissionReply } from "~/ui/form/use-form";
import { TRAINER_FIELD_LABELS, TRAINER_STATUSES } from "../labels";

/** The labels of the trainer's form, in its order (the error summary lists them so). */
const { competences: _c, archived: _a, ...LABELS } = TRAINER_FIELD_LABELS;

const loadValidator = () => import("../model").then((m) => schemaValidator(m.trainerInputSchema));

/**
 * A trainer's record (creation and edit): the shared form pattern, checked in the browser with the
 * shared schema and again on the server; messages beside the fields and in the summary.
 */
export function TrainerForm({
  form,
  intent,
  values,
  reply,
  submitLabel,
}: {
  form: string;
  intent: string;
  values: Record<string, unknown>;
  reply: (SubmissionReply & { values?: Record<string, unknown> }) | null | undefined;
  submitLabel: string;
}) {
  const state = useForm({ id: form, reply: reply ?? null, validator: loadValidator });
  const shown = reply?.values ?? values;
  const field = (name: keyof typeof LABELS) => ({
    form,
    name,
    label: LABELS[name],
    defaultValue: shown[name] === undefined || shown[name] === null ? "" : String(shown[name]),
    error: state.errors[name],
  });
  return (
    <Form method="post" className="space-y-4" {...state.formProps}>
      <input type="hidden" name="intent" value={intent} />
      {state.summaryVisible ? (
        <ErrorSummary form={form} errors={state.errors} formError={state.formError} labels={LABELS} summaryRef={state.summaryRef} />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField {...field("name")} required maxLength={120} autoComplete="off" />
        <TextField {...field("email")} required type="email" maxLength={320} autoComplete="off" />
        <TextField {...field("phone")} type="tel" maxLength={20} autoComplete="off" />
      </div>
      <SelectField
        {...field("status")}
        required
        placeholder="Choisir…"
        groups={[{ options: Object.entries(TRAINER_STATUSES).map(([value, label]) => ({ value, label })) }]}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField {...field("companyName")} maxLength={200} hint="Pour une société sous-traitante." />
        <TextField {...field("siret")} inputMode="numeric" maxLength={17} hint="Obligatoire pour un formateur externe." />
        <TextField {...field("nda")} inputMode="numeric" maxLength={14} hint="11 chiffres, s'il en a un." />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextAreaField {...field("qualifications")} rows={3} hint="Une par ligne (diplômes, titres)." />
        <TextAreaField {...field("areas")} rows={3} hint="Un par ligne." />
        <TextAreaField
          {...field("trainings")}
          rows={3}
          hint="Mise à jour des compétences (indicateur Qualiopi 22)&#8239;: une par ligne, la date puis l'intitulé («&nbsp;12/05/2026 Excel Power Query&nbsp;»)."
        />
        <TextAreaField {...field("certifications")} rows={3} hint="Une par ligne, la date puis l'intitulé." />
      </div>
      <Button type="submit">{submitLabel}</Button>
    </Form>
  );
}
