import type { ReactNode, Ref } from "react";
import { cn } from "~/ui/cn";

/** Form helpers of the formation editor: values and errors keyed by the fields' dotted names. */

export type FormValues = Record<string, unknown>;

export function fieldId(name: string): string {
  return `champ-${name.replace(/\./g, "-")}`;
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

export const inputClass = (error?: string) =>
  cn(
    "mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 dark:bg-slate-950 dark:text-slate-100",
    error ? "border-red-600 dark:border-red-500" : "border-slate-300 dark:border-slate-600",
  );

export function FieldError({ name, error }: { name: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${fieldId(name)}-erreur`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
      {error}
    </p>
  );
}

export function describedBy(name: string, { error, hint }: { error?: string; hint?: boolean }): string | undefined {
  return [hint ? `${fieldId(name)}-aide` : null, error ? `${fieldId(name)}-erreur` : null].filter(Boolean).join(" ") || undefined;
}

/** A labelled text input with its hint and its error beside it. */
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
  const id = fieldId(name);
  const error = errors[name];
  const common = {
    id,
    name,
    defaultValue: valueAt(values, name),
    required,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(name, { error, hint: Boolean(hint) }),
    className: inputClass(error),
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900 dark:text-white">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-aide`} className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {multiline ? <textarea rows={rows} {...common} /> : <input type={type} inputMode={inputMode} {...common} />}
      <FieldError name={name} error={error} />
    </div>
  );
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
  const id = fieldId(name);
  const error = errors[name];
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900 dark:text-white">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-aide`} className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <select
        id={id}
        name={name}
        defaultValue={valueAt(values, name)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, { error, hint: Boolean(hint) })}
        className={inputClass(error)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError name={name} error={error} />
    </div>
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
  const checked = listAt(values, name);
  const error = errors[name];
  const id = fieldId(name);
  return (
    <fieldset id={id} aria-describedby={describedBy(name, { error, hint: Boolean(hint) })} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-semibold text-slate-900 dark:text-white">{legend}</legend>
      {hint ? (
        <p id={`${id}-aide`} className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((o) => (
          <label key={o.value} className="flex min-h-9 items-center gap-2 text-sm">
            <input type="checkbox" name={name} value={o.value} defaultChecked={checked.includes(o.value)} className="size-4" />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError name={name} error={error} />
    </fieldset>
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
  const id = fieldId(name);
  const error = errors[name];
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          name={name}
          value="1"
          defaultChecked={isChecked(values, name)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(name, { error, hint: Boolean(hint) })}
          className="mt-0.5 size-4"
        />
        <label htmlFor={id} className="text-sm font-semibold text-slate-900 dark:text-white">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={`${id}-aide`} className="mt-0.5 ml-6 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <FieldError name={name} error={error} />
    </div>
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
  const list = Object.entries(errors);
  if (list.length === 0) return null;
  return (
    <div
      ref={summaryRef}
      tabIndex={-1}
      role="alert"
      className="mt-6 rounded-xl border border-red-300 bg-red-50 p-4 text-red-950 outline-none dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">
        {notSaved}&nbsp;: {list.length} champ{list.length > 1 ? "s" : ""} à corriger. Rien de ce que vous avez saisi n'est perdu.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {list.map(([name, message]) => (
          <li key={name}>
            <a href={`#${fieldId(name)}`} className="underline">
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
