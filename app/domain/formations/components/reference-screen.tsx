import type { ReactNode } from "react";
import { Button } from "~/ui/button";
import type { Validator } from "~/ui/form/use-form";
import { MutationResultMessage } from "./mutation-result";
import {
  ReferenceForm,
  ReferenceRecordRow,
  type ReferenceFields,
  type ReferenceFormValues,
  type ReferenceResult,
} from "./reference-record-row";

/** One record of a reference list, with the formations that use it. */
type ReferenceRecord = { id: string; name: string; formationCount: number; publishedCount: number } & ReferenceFormValues;

/**
 * The admin screen of a small reference list (categories, cities): the result of the last change,
 * the creation form, then one row per record with its use in the catalogue. `prefix` names the
 * ids (`nouvelle-{prefix}`, `{prefix}-{id}`, `liste-{listId}`).
 */
export function ReferenceScreen<R extends ReferenceRecord>({
  title,
  prefix,
  listId,
  noun,
  newTitle,
  addLabel,
  records,
  result,
  validator,
  fields,
  recordTitle = (r) => r.name,
  path,
  deleteLabel,
  confirmTitle,
  confirmText,
}: {
  title: string;
  prefix: string;
  listId: string;
  /** The record's noun, for the count (« 3 villes »). */
  noun: string;
  newTitle: string;
  addLabel: string;
  records: R[];
  result: ReferenceResult | undefined;
  validator: () => Promise<Validator>;
  fields: ReferenceFields;
  recordTitle?: (record: R) => ReactNode;
  /** Where the record shows on the public site. */
  path: (record: R) => ReactNode;
  deleteLabel: (record: R) => string;
  confirmTitle: (record: R) => string;
  confirmText: string;
}) {
  const creating = result && !result.ok && result.intent === "create" ? result : undefined;
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <MutationResultMessage result={result} formOf={(r) => (r.intent === "update" ? `${prefix}-${r.id}` : `nouvelle-${prefix}-form`)} />
      <section
        aria-labelledby={`nouvelle-${prefix}`}
        className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id={`nouvelle-${prefix}`} className="text-lg font-bold">
          {newTitle}
        </h2>
        <ReferenceForm
          key={result?.ok ? `ok-${records.length}` : "form"}
          form={`nouvelle-${prefix}-form`}
          intent="create"
          values={{}}
          reply={creating}
          validator={validator}
          fields={fields}
          className="mt-4 space-y-4"
        >
          <Button type="submit">{addLabel}</Button>
        </ReferenceForm>
      </section>
      <section aria-labelledby={`liste-${listId}`}>
        <h2 id={`liste-${listId}`} className="text-lg font-bold">
          {records.length} {noun}
          {records.length > 1 ? "s" : ""}
        </h2>
        <ul className="mt-4 space-y-3">
          {records.map((r) => (
            <ReferenceRecordRow
              key={r.id}
              record={r}
              result={result}
              form={`${prefix}-${r.id}`}
              title={recordTitle(r)}
              usage={
                <>
                  {path(r)} · {r.formationCount} formation{r.formationCount > 1 ? "s" : ""} dont {r.publishedCount} publiée
                  {r.publishedCount > 1 ? "s" : ""}
                </>
              }
              deleteLabel={deleteLabel(r)}
              confirmTitle={confirmTitle(r)}
              confirmText={confirmText}
              validator={validator}
              fields={fields}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}
