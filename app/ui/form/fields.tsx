import { CircleAlert } from "lucide-react";
import type { InputHTMLAttributes, ReactNode, RefObject, TextareaHTMLAttributes } from "react";
import type { FieldErrors } from "~/platform/validation/errors";
import { cn } from "../cn";
import { inputClass } from "./input-class";
import { frenchSpacing } from "~/platform/format";

/**
 * The site's form fields, public and admin: a label, an optional hint, the control and the
 * error beside it, tied together for screen readers. Ids are `${form}-${name}`, so several forms
 * on one screen never share one.
 */
export function fieldId(form: string, name: string): string {
  return `${form}-${name.replace(/[^\w-]/g, "-")}`;
}

function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  return ids.filter(Boolean).join(" ") || undefined;
}

/**
 * The visible asterisk of a required field. Controls carry `required`, which screen readers
 * announce; a group of boxes cannot, so its legend spells it out (`spoken`).
 */
export function RequiredMark({ spoken = false }: { spoken?: boolean }) {
  return (
    <>
      <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-400">
        *
      </span>
      {spoken ? <span className="sr-only"> (obligatoire)</span> : null}
    </>
  );
}

export function Label({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-semibold text-slate-900 dark:text-slate-100">
      {children}
      {required ? <RequiredMark /> : null}
    </label>
  );
}

export function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={id} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
      {typeof children === "string" ? frenchSpacing(children) : children}
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700 dark:text-red-400">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{frenchSpacing(error)}</span>
    </p>
  );
}

export interface FieldProps {
  /** The form's id: the field's id is `${form}-${name}`. */
  form: string;
  name: string;
  label: ReactNode;
  required?: boolean;
  /** Show the asterisk of a required field (off where every field of a short form is required). */
  requiredMark?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
}

/** The ids and ARIA attributes that tie a control to its label, hint and error. */
export function controlProps({ form, name, required, hint, error }: Omit<FieldProps, "label" | "className" | "requiredMark">) {
  const id = fieldId(form, name);
  return {
    id,
    name,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(hint ? `${id}-hint` : undefined, error && `${id}-error`),
  } as const;
}

/** Label, hint, control, error: the frame of every single-control field. */
export function Field({
  form,
  name,
  label,
  required,
  requiredMark = true,
  hint,
  error,
  className,
  children,
}: FieldProps & { children: ReactNode }) {
  const id = fieldId(form, name);
  return (
    <div className={className}>
      <Label htmlFor={id} required={required && requiredMark}>
        {label}
      </Label>
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      {children}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A field's own props (label, hint, error…) apart from those of its control. */
function splitFieldProps<T extends FieldProps>({ form, name, label, required, requiredMark, hint, error, className, ...control }: T) {
  return [{ form, name, label, required, requiredMark, hint, error, className }, control] as const;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "form" | "name" | "id" | "className">;

export function TextField(props: FieldProps & InputProps) {
  const [field, input] = splitFieldProps(props);
  return (
    <Field {...field}>
      <input {...input} {...controlProps(field)} className={inputClass(field.error, "mt-1.5")} />
    </Field>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "form" | "name" | "id" | "className">;

export function TextAreaField({ rows = 5, ...props }: FieldProps & TextAreaProps) {
  const [field, area] = splitFieldProps(props);
  return (
    <Field {...field}>
      <textarea {...area} rows={rows} {...controlProps(field)} className={inputClass(field.error, "mt-1.5")} />
    </Field>
  );
}

export interface OptionGroup {
  label?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

export function SelectField({
  form,
  name,
  label,
  required,
  hint,
  error,
  className,
  defaultValue,
  placeholder,
  groups,
}: FieldProps & { defaultValue?: string; placeholder?: string; groups: OptionGroup[] }) {
  return (
    <Field form={form} name={name} label={label} required={required} hint={hint} error={error} className={className}>
      <select
        defaultValue={defaultValue ?? ""}
        {...controlProps({ form, name, required, hint, error })}
        className={inputClass(error, "mt-1.5")}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {groups.map((g, i) =>
          g.label ? (
            <optgroup key={g.label} label={g.label}>
              {g.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          ) : (
            g.options.map((o) => (
              <option key={`${i}-${o.value}`} value={o.value}>
                {o.label}
              </option>
            ))
          ),
        )}
      </select>
    </Field>
  );
}

/** Radio buttons or checkboxes in a fieldset; the legend is the field's label. */
export function ChoiceGroup({
  form,
  name,
  label,
  required,
  hint,
  error,
  className,
  type,
  groups,
  selected,
  listClassName,
}: FieldProps & {
  type: "radio" | "checkbox";
  groups: Array<{ label?: string; options: ReadonlyArray<{ value: string; label: string; hint?: string }> }>;
  selected: readonly string[];
  listClassName?: string;
}) {
  const id = fieldId(form, name);
  return (
    <fieldset
      id={id}
      className={className}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(hint ? `${id}-hint` : undefined, error && `${id}-error`)}
      tabIndex={-1}
    >
      <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        {label}
        {required ? <RequiredMark spoken={type === "checkbox"} /> : null}
      </legend>
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      <div className={cn("mt-2 space-y-4", listClassName)}>
        {groups.map((group, gi) => (
          <div key={group.label ?? gi}>
            {group.label ? (
              <p className="mb-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{group.label}</p>
            ) : null}
            <ul className="space-y-1.5">
              {group.options.map((o) => {
                const optionId = `${id}-${o.value.replace(/[^\w-]/g, "-")}`;
                return (
                  <li key={o.value} className="flex items-start gap-2.5">
                    <input
                      id={optionId}
                      type={type}
                      name={name}
                      value={o.value}
                      defaultChecked={selected.includes(o.value)}
                      required={type === "radio" ? required : undefined}
                      className="mt-1 size-4 shrink-0 accent-brand-700 dark:accent-brand-400"
                      aria-describedby={o.hint ? `${optionId}-hint` : undefined}
                    />
                    <label htmlFor={optionId} className="text-sm text-slate-800 dark:text-slate-200">
                      <span className="font-medium">{o.label}</span>
                      {o.hint ? (
                        <span id={`${optionId}-hint`} className="block text-slate-600 dark:text-slate-400">
                          {o.hint}
                        </span>
                      ) : null}
                    </label>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/** One checkbox whose label is a sentence (consent, options). */
export function CheckboxField({
  form,
  name,
  label,
  required,
  hint,
  error,
  className,
  defaultChecked,
  value = "on",
}: FieldProps & { defaultChecked?: boolean; value?: string }) {
  const props = controlProps({ form, name, required, hint, error });
  return (
    <div className={className}>
      <div className="flex items-start gap-2.5">
        <input
          type="checkbox"
          value={value}
          defaultChecked={defaultChecked}
          {...props}
          className="mt-1 size-4 shrink-0 accent-brand-700 dark:accent-brand-400"
        />
        <label htmlFor={props.id} className="text-sm text-slate-800 dark:text-slate-200">
          {label}
          {required ? <RequiredMark /> : null}
        </label>
      </div>
      {hint ? <Hint id={`${props.id}-hint`}>{hint}</Hint> : null}
      <FieldError id={`${props.id}-error`} error={error} />
    </div>
  );
}

/** The list of what to correct, at the top of the form; each entry leads to its field. */
export function ErrorSummary({
  form,
  errors,
  formError,
  labels,
  summaryRef,
}: {
  form: string;
  errors: FieldErrors;
  formError?: string;
  /** Field labels, in the order of the form. */
  labels: Record<string, string>;
  summaryRef?: RefObject<HTMLDivElement | null>;
}) {
  const order = Object.keys(labels);
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const entries = Object.entries(errors)
    .filter(([name]) => name !== "_form")
    .sort(([a], [b]) => rank(a) - rank(b));
  const message = formError ?? errors._form;
  const count = entries.length;
  return (
    <div
      ref={summaryRef}
      tabIndex={-1}
      role="alert"
      aria-labelledby={`${form}-summary-title`}
      className="mb-8 rounded-xl border border-red-300 bg-red-50 p-5 text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100"
    >
      <h2 id={`${form}-summary-title`} className="flex items-center gap-2 text-base font-bold">
        <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
        {message
          ? "Votre envoi n'a pas été accepté"
          : count === 1
            ? "Le formulaire contient une erreur"
            : `Le formulaire contient ${count} erreurs`}
      </h2>
      {message ? <p className="mt-2 text-sm">{frenchSpacing(message)}</p> : null}
      {count > 0 ? (
        <>
          {message ? <p className="mt-2 text-sm font-semibold">À corriger aussi&nbsp;:</p> : null}
          <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
            {entries.map(([name, text]) => (
              <li key={name}>
                <a href={`#${fieldId(form, name)}`} className="underline underline-offset-2 hover:no-underline">
                  {labels[name] ?? name}&nbsp;: {frenchSpacing(text)}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** The error summary of a form that uses `useForm`: shown while there is something to correct. */
export function FormErrorSummary({
  form,
  labels,
}: {
  form: {
    formProps: { id: string };
    summaryVisible: boolean;
    errors: FieldErrors;
    formError?: string;
    summaryRef: RefObject<HTMLDivElement | null>;
  };
  /** Field labels, in the order of the form. */
  labels: Record<string, string>;
}) {
  if (!form.summaryVisible) return null;
  return (
    <ErrorSummary form={form.formProps.id} errors={form.errors} formError={form.formError} labels={labels} summaryRef={form.summaryRef} />
  );
}

export function RequiredNote() {
  return (
    <p className="mb-6 text-sm text-slate-600 dark:text-slate-400">
      Les champs marqués d'un astérisque (<span className="text-red-700 dark:text-red-400">*</span>) sont obligatoires.
    </p>
  );
}
