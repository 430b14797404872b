import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useRef, useState, type FocusEvent, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { notify } from "~/platform/toast/notify";
import { useFormDraft } from "~/platform/cache/use-form-draft";
import { cn } from "~/ui/cn";
import { HONEYPOT_FIELD, TOKEN_FIELD, readFormValues, validateValues, type FormValues, type LeadKind } from "./model";
import { type FieldErrors } from "~/platform/validation/errors";

/** What the action of /devis and /contact answers. */
export type LeadActionData =
  { ok: true; reference: string } | { ok: false; errors: FieldErrors; values: FormValues; formError?: string; token: string };

/**
 * The behaviour both forms share: server errors shown beside each field (works without
 * JavaScript), then with JavaScript the same zod schema on blur and before sending, the draft
 * kept in the client cache, a toast on success or on a rejection.
 */
export function useLeadForm({
  kind,
  fields,
  actionData,
}: {
  kind: LeadKind;
  fields: readonly string[];
  actionData: LeadActionData | undefined;
}) {
  const { formRef, clearDraft } = useFormDraft(kind, { exclude: [HONEYPOT_FIELD, TOKEN_FIELD, "consentement"] });
  const server = actionData && !actionData.ok ? actionData : undefined;
  const [errors, setErrors] = useState<FieldErrors>(server?.errors ?? {});
  const [summaryVisible, setSummaryVisible] = useState(Boolean(server && (server.formError || Object.keys(server.errors).length)));
  const summaryRef = useRef<HTMLDivElement>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);

  // A new answer of the server replaces the errors shown (state adjusted during render).
  const [answered, setAnswered] = useState(actionData);
  if (answered !== actionData) {
    setAnswered(actionData);
    if (server) {
      setErrors(server.errors);
      setSummaryVisible(true);
    }
  }

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) {
      clearDraft();
      notify.success(kind === "devis" ? "Demande de devis envoyée" : "Message envoyé", {
        description: `Votre référence\u00a0: ${actionData.reference}. Un e-mail de confirmation va vous être adressé.`,
      });
      confirmationRef.current?.focus();
      return;
    }
    if (actionData.formError) notify.error("Envoi refusé", { description: actionData.formError });
    requestAnimationFrame(() => summaryRef.current?.focus());
  }, [actionData, clearDraft, kind]);

  const currentErrors = (): FieldErrors => {
    const form = formRef.current;
    return form ? validateValues(kind, readFormValues(new FormData(form), fields)) : {};
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const target = event.target as unknown as HTMLInputElement;
    const name = target.name;
    if (!name || !fields.includes(name)) return;
    // Moving between the boxes of one group is not leaving the field.
    const next = event.relatedTarget as HTMLInputElement | null;
    if (next && next.name === name) return;
    const all = currentErrors();
    setErrors((prev) => {
      const copy = { ...prev };
      if (all[name]) copy[name] = all[name];
      else delete copy[name];
      return copy;
    });
  };

  /** A field in error is checked again as it is corrected (and so are the others in error). */
  const onChange = () => {
    // Once the visitor edits the form, the query string's prefill (?formation=…) is spent: the
    // address loses it, so that a reload restores the draft rather than the original prefill.
    if (window.location.search) window.history.replaceState(window.history.state, "", window.location.pathname);
    if (Object.keys(errors).length === 0) return;
    const all = currentErrors();
    setErrors((prev) => {
      const copy: FieldErrors = {};
      for (const key of Object.keys(prev)) if (all[key]) copy[key] = all[key];
      return copy;
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const all = currentErrors();
    if (Object.keys(all).length === 0) return;
    event.preventDefault();
    setErrors(all);
    setSummaryVisible(true);
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  return {
    formRef,
    errors,
    formError: server?.formError,
    summaryVisible: summaryVisible && (Object.keys(errors).length > 0 || Boolean(server?.formError)),
    summaryRef,
    confirmationRef,
    formProps: { onBlur, onChange, onSubmit, noValidate: true },
  };
}

const inputClass =
  "block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400 dark:focus:border-brand-300 dark:focus:outline-brand-300";

function borderFor(error: string | undefined) {
  return error ? "border-red-700 dark:border-red-400" : "border-slate-400 dark:border-slate-500";
}

export function fieldId(kind: LeadKind, name: string): string {
  return `${kind}-${name}`;
}

function Label({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-semibold text-slate-900 dark:text-slate-100">
      {children}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-400">
          *
        </span>
      ) : null}
      {required ? <span className="sr-only"> (obligatoire)</span> : null}
    </label>
  );
}

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
      {children}
    </p>
  );
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700 dark:text-red-400">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{error}</span>
    </p>
  );
}

function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}

interface BaseFieldProps {
  kind: LeadKind;
  name: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
}

export function TextField({
  kind,
  name,
  label,
  required,
  hint,
  error,
  className,
  defaultValue,
  type = "text",
  autoComplete,
  inputMode,
  maxLength,
  min,
  max,
}: BaseFieldProps & {
  defaultValue?: string;
  type?: "text" | "email" | "tel" | "number";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
  maxLength?: number;
  min?: number;
  max?: number;
}) {
  const id = fieldId(kind, name);
  return (
    <div className={className}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        min={min}
        max={max}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? `${id}-hint` : undefined, error && `${id}-error`)}
        className={cn(inputClass, "mt-1.5", borderFor(error))}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function TextAreaField({
  kind,
  name,
  label,
  required,
  hint,
  error,
  className,
  defaultValue,
  rows = 5,
  maxLength,
}: BaseFieldProps & { defaultValue?: string; rows?: number; maxLength?: number }) {
  const id = fieldId(kind, name);
  return (
    <div className={className}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? `${id}-hint` : undefined, error && `${id}-error`)}
        className={cn(inputClass, "mt-1.5", borderFor(error))}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export interface OptionGroup {
  label?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

export function SelectField({
  kind,
  name,
  label,
  required,
  hint,
  error,
  className,
  defaultValue,
  placeholder,
  groups,
}: BaseFieldProps & { defaultValue?: string; placeholder: string; groups: OptionGroup[] }) {
  const id = fieldId(kind, name);
  return (
    <div className={className}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? `${id}-hint` : undefined, error && `${id}-error`)}
        className={cn(inputClass, "mt-1.5", borderFor(error))}
      >
        <option value="">{placeholder}</option>
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
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** Radio buttons or checkboxes in a fieldset; the legend is the field's label. */
export function ChoiceGroup({
  kind,
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
}: BaseFieldProps & {
  type: "radio" | "checkbox";
  groups: Array<{ label?: string; options: ReadonlyArray<{ value: string; label: string; hint?: string }> }>;
  selected: readonly string[];
  listClassName?: string;
}) {
  const id = fieldId(kind, name);
  return (
    <fieldset
      id={id}
      className={className}
      aria-required={type === "radio" ? required || undefined : undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(hint ? `${id}-hint` : undefined, error && `${id}-error`)}
      tabIndex={-1}
    >
      <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-400">
            *
          </span>
        ) : null}
        {required ? <span className="sr-only"> (obligatoire)</span> : null}
      </legend>
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      <div className={cn("mt-2 space-y-4", listClassName)}>
        {groups.map((group, gi) => (
          <div key={group.label ?? gi}>
            {group.label ? (
              <p className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{group.label}</p>
            ) : null}
            <ul className="space-y-1.5">
              {group.options.map((o) => {
                const optionId = `${id}-${o.value}`;
                return (
                  <li key={o.value} className="flex items-start gap-2.5">
                    <input
                      id={optionId}
                      type={type}
                      name={name}
                      value={o.value}
                      defaultChecked={selected.includes(o.value)}
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

export function ConsentField({
  kind,
  error,
  children,
  defaultChecked,
}: {
  kind: LeadKind;
  error?: string;
  children: ReactNode;
  defaultChecked?: boolean;
}) {
  const id = fieldId(kind, "consentement");
  return (
    <div>
      <div className="flex items-start gap-2.5">
        <input
          id={id}
          type="checkbox"
          name="consentement"
          defaultChecked={defaultChecked}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 size-4 shrink-0 accent-brand-700 dark:accent-brand-400"
        />
        <label htmlFor={id} className="text-sm text-slate-800 dark:text-slate-200">
          {children}
          <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-400">
            *
          </span>
          <span className="sr-only"> (obligatoire)</span>
        </label>
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** Anti-spam fields: the honeypot (off-screen, never announced) and the signed timestamp. */
export function SpamGuards({ token }: { token: string }) {
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${HONEYPOT_FIELD}-field`}>Site web (laissez ce champ vide)</label>
        <input id={`${HONEYPOT_FIELD}-field`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name={TOKEN_FIELD} value={token} />
    </>
  );
}

/** The list of what to correct, at the top of the form; each entry leads to its field. */
export function ErrorSummary({
  kind,
  errors,
  formError,
  labels,
  summaryRef,
}: {
  kind: LeadKind;
  errors: FieldErrors;
  formError?: string;
  labels: Record<string, string>;
  summaryRef: React.RefObject<HTMLDivElement | null>;
}) {
  // In the order of the form (the labels are listed in field order).
  const order = Object.keys(labels);
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const entries = Object.entries(errors).sort(([a], [b]) => rank(a) - rank(b));
  const count = entries.length;
  return (
    <div
      ref={summaryRef}
      tabIndex={-1}
      role="alert"
      aria-labelledby={`${kind}-summary-title`}
      className="mb-8 rounded-xl border border-red-300 bg-red-50 p-5 text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100"
    >
      <h2 id={`${kind}-summary-title`} className="flex items-center gap-2 text-base font-bold">
        <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
        {formError
          ? "Votre envoi n'a pas été accepté"
          : count === 1
            ? "Le formulaire contient une erreur"
            : `Le formulaire contient ${count} erreurs`}
      </h2>
      {formError ? <p className="mt-2 text-sm">{formError}</p> : null}
      {count > 0 ? (
        <>
          {formError ? <p className="mt-2 text-sm font-semibold">À corriger aussi&nbsp;:</p> : null}
          <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
            {entries.map(([name, message]) => (
              <li key={name}>
                <a href={`#${fieldId(kind, name)}`} className="underline underline-offset-2 hover:no-underline">
                  {labels[name] ?? name}&nbsp;: {message}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** What the visitor sees once the request is stored: the reference and what happens next. */
export function Confirmation({
  kind,
  reference,
  headingRef,
  children,
}: {
  kind: LeadKind;
  reference: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${kind}-confirmation`}
      className="rounded-2xl border border-emerald-300 bg-emerald-50 p-6 sm:p-8 dark:border-emerald-800 dark:bg-emerald-950/50"
    >
      <h2
        id={`${kind}-confirmation`}
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-2xl font-bold text-emerald-900 dark:text-emerald-100"
      >
        <CircleCheck aria-hidden="true" className="size-7 shrink-0" />
        {kind === "devis" ? "Votre demande de devis est bien envoyée" : "Votre message est bien envoyé"}
      </h2>
      <p className="mt-4 text-lg text-slate-800 dark:text-slate-200">
        Votre référence&nbsp;:{" "}
        <strong className="font-mono text-slate-950 dark:text-white" data-testid="reference">
          {reference}
        </strong>
      </p>
      <div className="mt-4 space-y-3 text-slate-700 dark:text-slate-300">{children}</div>
      <p className="mt-6 flex flex-wrap gap-4 text-sm font-semibold">
        <Link to="/" className="text-brand-700 underline underline-offset-2 hover:text-brand-900 dark:text-brand-300">
          Retour à l'accueil
        </Link>
        <Link to="/formations" className="text-brand-700 underline underline-offset-2 hover:text-brand-900 dark:text-brand-300">
          Voir les formations
        </Link>
      </p>
    </section>
  );
}

export function RequiredNote() {
  return (
    <p className="mb-6 text-sm text-slate-600 dark:text-slate-400">
      Les champs marqués d'un astérisque (<span className="text-red-700 dark:text-red-400">*</span>) sont obligatoires.
    </p>
  );
}

export function FormSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-slate-200 pt-6 first:border-t-0 first:pt-0 dark:border-slate-800">
      <h2 id={id} className="text-lg font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      <div className="mt-4 grid gap-5 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** The turning circle of a submit button while the form is sent. */
export function SendingIcon() {
  return <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent" />;
}
