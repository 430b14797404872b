import { createContext, useContext, type ReactNode, type Ref } from "react";
import {
  CheckboxField,
  ChoiceGroup,
  FieldError as SharedFieldError,
  SelectField as SharedSelectField,
  TextAreaField,
  TextField as SharedTextField,
  fieldId,
} from "~/ui/form/fields";
import { MarkdownEditor } from "~/ui/markdown-editor";

/** Form helpers of the editors (formations, blog posts): values and errors keyed by the fields' dotted names. */

export type FormValues = Record<string, unknown>;

const FormIdContext = createContext("editeur");

/** The form the fields below belong to: their ids are `${form}-${name}` (see `~/ui/form/fields`). */
export function EditorFormScope({ form, children }: { form: string; children: ReactNode }) {
  return <FormIdContext.Provider value={form}>{children}</FormIdContext.Provider>;
}

/** The id of a field of the current editor form. */
export function useFieldId(name: string): string {
  return fieldId(useContext(FormIdContext), name);
}

/** The value at a dotted path ("program.0.title") of nested form values, as a string for an input. */
export function valueAt(values: FormValues, path: string): string {
  let node: unknown = values;
  for (const key of path.split(".")) {
    if (node === null || node === undefined) return "";
    node = (node as Record<string, unknown>)[key];
  }
  if (node === null || node === undefined) return "";
  if (Array.isArray(node)) return node.join("\n");
  return String(node);
}

export function listAt(values: FormValues, path: string): string[] {
  const node = values[path];
  if (Array.isArray(node)) return node.map(String);
  return typeof node === "string" && node ? [node] : [];
}

export function isChecked(values: FormValues, path: string): boolean {
  const v = values[path];
  return v === true || v === "on" || v === "1" || v === "true";
}

export function FieldError({ name, error }: { name: string; error?: string }) {
  return <SharedFieldError id={`${useFieldId(name)}-error`} error={error} />;
}

/** A labelled text input (or text area) with its hint and its error beside it. */
export function TextField({
  name,
  label,
  values,
  errors,
  hint,
  required = false,
  type = "text",
  inputMode,
  maxLength,
  className,
  multiline = false,
  rows = 3,
}: {
  name: string;
  label: ReactNode;
  values: FormValues;
  errors: Record<string, string>;
  hint?: ReactNode;
  required?: boolean;
  type?: "text" | "email" | "tel" | "date" | "number";
  inputMode?: "decimal" | "numeric" | "text" | "email" | "tel";
  maxLength?: number;
  className?: string;
  multiline?: boolean;
  rows?: number;
}) {
  const form = useContext(FormIdContext);
  const common = { form, name, label, required, hint, error: errors[name], className, maxLength, defaultValue: valueAt(values, name) };
  return multiline ? <TextAreaField {...common} rows={rows} /> : <SharedTextField {...common} type={type} inputMode={inputMode} />;
}

/** A Markdown text of the editor (toolbar, preview), with its value and error taken by name. */
export function MarkdownField({
  name,
  values,
  errors,
  ...rest
}: {
  name: string;
  label: ReactNode;
  values: FormValues;
  errors: Record<string, string>;
  hint?: ReactNode;
  required?: boolean;
  rows?: number;
  imageFolder?: string;
}) {
  return <MarkdownEditor name={name} id={useFieldId(name)} defaultValue={valueAt(values, name)} error={errors[name]} {...rest} />;
}

export function SelectField({
  name,
  label,
  values,
  errors,
  options,
  required = false,
  hint,
  className,
}: {
  name: string;
  label: ReactNode;
  values: FormValues;
  errors: Record<string, string>;
  options: Array<{ value: string; label: string }>;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
}) {
  return (
    <SharedSelectField
      form={useContext(FormIdContext)}
      name={name}
      label={label}
      required={required}
      hint={hint}
      error={errors[name]}
      className={className}
      defaultValue={valueAt(values, name)}
      groups={[{ options }]}
    />
  );
}

/** A group of checkboxes sharing one name (fieldset + legend). */
export function CheckboxGroup({
  name,
  legend,
  values,
  errors,
  options,
  hint,
}: {
  name: string;
  legend: ReactNode;
  values: FormValues;
  errors: Record<string, string>;
  options: Array<{ value: string; label: string }>;
  hint?: ReactNode;
}) {
  return (
    <ChoiceGroup
      form={useContext(FormIdContext)}
      name={name}
      label={legend}
      type="checkbox"
      hint={hint}
      error={errors[name]}
      groups={[{ options }]}
      selected={listAt(values, name)}
      listClassName="[&_ul]:grid [&_ul]:gap-2 [&_ul]:space-y-0 sm:[&_ul]:grid-cols-2 lg:[&_ul]:grid-cols-3"
    />
  );
}

export function Checkbox({
  name,
  label,
  values,
  errors,
  hint,
}: {
  name: string;
  label: ReactNode;
  values: FormValues;
  errors: Record<string, string>;
  hint?: ReactNode;
}) {
  return (
    <CheckboxField
      form={useContext(FormIdContext)}
      name={name}
      label={label}
      hint={hint}
      error={errors[name]}
      value="1"
      defaultChecked={isChecked(values, name)}
    />
  );
}

/** One titled section of the editor. */
export function EditorSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-titre`}
      className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`${id}-titre`} className="text-lg font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
      <div className="mt-5 space-y-5">{children}</div>
    </section>
  );
}

/**
 * The « Référencement » section of an editor: the title and the description for search engines,
 * each with its length limit and a hint that says what stands in when it is empty.
 */
export function SeoSection({
  values,
  errors,
  titleMax,
  titleHint,
  descriptionMax,
  descriptionHint,
}: {
  values: FormValues;
  errors: Record<string, string>;
  titleMax: number;
  titleHint: string;
  descriptionMax: number;
  descriptionHint: string;
}) {
  return (
    <EditorSection id="referencement" title="Référencement">
      <TextField
        name="seoTitle"
        label="Titre pour les moteurs de recherche"
        values={values}
        errors={errors}
        maxLength={titleMax}
        hint={titleHint}
      />
      <TextField
        name="seoDescription"
        label="Description pour les moteurs de recherche"
        values={values}
        errors={errors}
        multiline
        rows={2}
        maxLength={descriptionMax}
        hint={descriptionHint}
      />
    </EditorSection>
  );
}

/**
 * The summary above an editor refused by the server: what was not saved, one link per field in
 * error (to its input), and the reassurance that nothing typed is lost. Focused by the caller.
 */
export function EditorErrorSummary({
  errors,
  notSaved,
  summaryRef,
}: {
  errors: Record<string, string>;
  /** e.g. "La formation n'a pas été enregistrée". */
  notSaved: string;
  summaryRef: Ref<HTMLDivElement>;
}) {
  const form = useContext(FormIdContext);
  const list = Object.entries(errors);
  if (list.length === 0) return null;
  return (
    <div
      ref={summaryRef}
      tabIndex={-1}
      role="alert"
      className="mt-6 rounded-xl border border-red-300 bg-red-50 p-4 text-red-950 focus:outline-2 focus:outline-offset-2 focus:outline-red-700 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">
        {notSaved}&nbsp;: {list.length} champ{list.length > 1 ? "s" : ""} à corriger. Rien de ce que vous avez saisi n'est perdu.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {list.map(([name, message]) => (
          <li key={name}>
            <a href={`#${fieldId(form, name)}`} className="underline">
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
