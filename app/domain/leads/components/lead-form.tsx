import { CircleCheck, Send } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/ui/link";
import { useFormDraft } from "~/platform/cache/use-form-draft";
import type { FieldErrors } from "~/platform/validation/errors";
import { buttonClass } from "~/ui/button";
import { CheckboxField, FormErrorSummary, RequiredNote } from "~/ui/form/fields";
import { useForm, type Validator } from "~/ui/form/use-form";
import { HONEYPOT_FIELD, TOKEN_FIELD } from "~/platform/intake/fields";
import { ConfirmNotice, SendingIcon, SpamGuards, useFormToken } from "~/ui/form/public-form";
import type { FormValues, LeadKind } from "../labels";

/** What the action of /devis and /contact answers when it refuses a submission. */
export interface LeadReply {
  errors: FieldErrors;
  values: FormValues;
  formError?: string;
  /** One step left: the visitor confirms the form sent without a token of its own. */
  confirm?: boolean;
  token: string;
}

/** The schema of the form, loaded when the visitor starts filling it in (zod stays out of the page's first download). */
function leadValidator(kind: LeadKind): () => Promise<Validator> {
  return () =>
    import("../model").then(({ validateValues, readFormValues, fieldsFor }) => (values: Record<string, unknown>) => {
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries(values)) {
        for (const v of Array.isArray(value) ? value : [value]) if (typeof v === "string") form.append(name, v);
      }
      return validateValues(kind, readFormValues(form, fieldsFor(kind)));
    });
}

/**
 * The one lead form of the site (quote request and contact message): a `method="post"` form
 * checked by the shared schema in the browser and on the server, its draft kept across a reload,
 * its anti-spam fields, the error summary and the send button.
 */
export function LeadForm({
  kind,
  reply,
  labels,
  label,
  submitLabel,
  consent,
  children,
}: {
  kind: LeadKind;
  reply: LeadReply | undefined;
  labels: Record<string, string>;
  label: string;
  submitLabel: string;
  consent: ReactNode;
  children: (errors: FieldErrors) => ReactNode;
}) {
  const form = useForm({ id: kind, reply, validator: leadValidator(kind) });
  useFormDraft(kind, form.formRef, { exclude: [HONEYPOT_FIELD, TOKEN_FIELD, "consentement"] });
  const token = useFormToken(kind, reply?.token);
  const sending = useNavigation().state === "submitting";
  const values = reply?.values ?? {};

  return (
    <Form
      method="post"
      {...form.formProps}
      onChange={() => {
        // Once the visitor edits the form, the address's prefill (?formation=…) is spent: a reload restores the draft instead.
        if (window.location.search) window.history.replaceState(window.history.state, "", window.location.pathname);
        form.formProps.onChange();
      }}
      aria-label={label}
      className="relative"
    >
      <FormErrorSummary form={form} labels={labels} />
      {reply?.confirm ? <ConfirmNotice submitLabel={submitLabel} /> : null}
      <RequiredNote />
      <SpamGuards token={token} />
      <div className="space-y-8">
        {children(form.errors)}
        <CheckboxField
          form={kind}
          name="consentement"
          required
          label={consent}
          error={form.errors.consentement}
          defaultChecked={values.consentement === "on"}
        />
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className={buttonClass("primary", "lg")} disabled={sending}>
            {sending ? <SendingIcon /> : <Send aria-hidden="true" className="size-5" />}
            {sending ? "Envoi en cours…" : submitLabel}
          </button>
          <p className="text-sm text-slate-600 dark:text-slate-400">Réponse sous deux jours ouvrés.</p>
        </div>
      </div>
    </Form>
  );
}

/** Clears the draft of a form once its request is stored (the confirmation is showing). */
export function useClearDraftOnConfirmation(kind: LeadKind, confirmed: boolean) {
  useEffect(() => {
    if (!confirmed) return;
    import("~/platform/cache/client-cache").then(({ clientCache }) => {
      clientCache().clear(`draft:${kind}`);
      if (kind === "devis") clientCache().clear("draft:devis:formations");
    });
  }, [kind, confirmed]);
}

/** What the visitor sees once the request is stored: the reference and what happens next. */
export function Confirmation({ kind, reference, children }: { kind: LeadKind; reference: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useClearDraftOnConfirmation(kind, true);
  return (
    <section
      aria-labelledby={`${kind}-confirmation`}
      className="rounded-2xl border border-emerald-300 bg-emerald-50 p-6 sm:p-8 dark:border-emerald-800 dark:bg-emerald-950/50"
    >
      <h2
        id={`${kind}-confirmation`}
        ref={heading}
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
