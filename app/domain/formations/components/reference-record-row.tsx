import { useState, type ReactNode } from "react";
import { Form, useFetcher } from "react-router";
import { Button } from "~/ui/button";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { useForm, type Validator } from "~/ui/form/use-form";
import type { MutationResult } from "./mutation-result";

/** What a form sent, sent back by the action when it is refused. */
export type ReferenceFormValues = Record<string, unknown>;

/** The action's answer on the categories and cities screens. */
export type ReferenceResult = MutationResult & { values?: ReferenceFormValues };

/** A value for a field's `defaultValue`. */
export const fieldText = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** The fields of one record's form; `form` makes their ids unique on the page. */
export type ReferenceFields = (props: { form: string; values: ReferenceFormValues; errors: Record<string, string> }) => ReactNode;

/**
 * The create or edit form of one record: the shared form pattern (`useForm`). The action checks
 * the values with the shared schema (`validator` loads the same one, for earlier messages); a
 * refusal comes back with its messages beside the fields and what was typed.
 */
export function ReferenceForm({
  form,
  intent,
  id,
  values,
  reply,
  validator,
  fields,
  className,
  children,
}: {
  form: string;
  intent: "create" | "update";
  id?: string;
  values: ReferenceFormValues;
  /** The action's refusal of this form, if any. */
  reply: ReferenceResult | undefined;
  validator: () => Promise<Validator>;
  fields: ReferenceFields;
  className?: string;
  /** The submit button. */
  children: ReactNode;
}) {
  const state = useForm({ id: form, reply: reply ?? null, validator, focusField: true });
  return (
    <Form method="post" className={className} {...state.formProps}>
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {fields({ form, values: reply?.values ?? values, errors: state.errors })}
      {children}
    </Form>
  );
}

/**
 * One record of a small reference list (a category, a city) on its admin screen: its name and use,
 * a delete button behind a confirmation, and a folded edit form that opens on a refused save.
 * `form` prefixes the field ids (`categorie-{id}`, `ville-{id}`) so each form's ids stay unique.
 */
export function ReferenceRecordRow({
  record,
  result,
  form,
  title,
  usage,
  deleteLabel,
  confirmTitle,
  confirmText,
  validator,
  fields,
}: {
  record: { id: string } & ReferenceFormValues;
  result: ReferenceResult | undefined;
  form: string;
  title: ReactNode;
  usage: ReactNode;
  /** The delete button's accessible name, e.g. « Supprimer la ville Lyon ». */
  deleteLabel: string;
  confirmTitle: string;
  confirmText: string;
  validator: () => Promise<Validator>;
  fields: ReferenceFields;
}) {
  const fetcher = useFetcher<ReferenceResult>();
  const [confirming, setConfirming] = useState(false);
  const refusal = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const mine = result && !result.ok && result.intent === "update" && result.id === record.id ? result : undefined;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold">{title}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{usage}</p>
        </div>
        <Button variant="dangerGhost" size="sm" onClick={() => setConfirming(true)} aria-label={deleteLabel}>
          Supprimer
        </Button>
      </div>
      {refusal ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
          Suppression impossible&nbsp;: {refusal}
        </p>
      ) : null}
      <details className="mt-3" open={Boolean(mine)}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700 dark:text-brand-300">Modifier</summary>
        <ReferenceForm
          form={form}
          intent="update"
          id={record.id}
          values={record}
          reply={mine}
          validator={validator}
          fields={fields}
          className="mt-3 space-y-4"
        >
          <Button type="submit" size="sm">
            Enregistrer
          </Button>
        </ReferenceForm>
      </details>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={confirmTitle}
        confirmLabel="Supprimer"
        danger
        onConfirm={() => fetcher.submit({ intent: "delete", id: record.id }, { method: "post" })}
      >
        <p>{confirmText}</p>
      </ConfirmDialog>
    </li>
  );
}
