import { useCallback, useEffect, useRef, useState, type FocusEvent, type FormEvent } from "react";
import { fieldErrorsOf, type FieldErrors, type IssueList } from "~/platform/validation/errors";
import { formDataToObject } from "~/platform/validation/form-data";

/** Checks the values of a form: the messages of the shared schema, keyed by field name. */
export type Validator = (values: Record<string, unknown>) => FieldErrors;

/** What an action answers when it refuses a submission (see `parseSubmission`). */
export interface SubmissionReply {
  errors?: FieldErrors;
  formError?: string;
}

/**
 * The one form behaviour of the site, public and admin. The form is an ordinary `method="post"`
 * form that the route action validates with the shared schema (it works without JavaScript);
 * with JavaScript, the same schema (loaded when the visitor first enters the form, so that it
 * weighs nothing on pages nobody fills in) gives its messages when a field is left, clears each
 * message as its field is corrected, and checks everything before sending. The server's answer
 * replaces the messages shown.
 */
export function useForm({
  id,
  validator,
  reply,
  onValid,
  partial = false,
  focusField = false,
  files = false,
}: {
  /** The form's id (field ids derive from it). */
  id: string;
  /** Loads the validator (a dynamic import of the schema's module). */
  validator?: () => Promise<Validator>;
  /** The action's last answer. */
  reply?: SubmissionReply | null;
  /** Called when the values are valid, before the browser or the router sends them; may preventDefault. */
  onValid?: (event: FormEvent<HTMLFormElement>, values: Record<string, unknown>) => void;
  /**
   * The validator checks only part of what the server checks (a draft's rules, where publishing
   * checks more): a server message the validator does not know stays until its field changes.
   */
  partial?: boolean;
  /**
   * A small form without an error summary (a row of a list): when the browser finds errors, the
   * focus goes to the first field in error, whose message is beside it.
   */
  focusField?: boolean;
  /** The form has file fields: the validator sees each file's name, type and size (as `parseSubmission` with `files`). */
  files?: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const loaded = useRef<Validator | null>(null);
  const loading = useRef<Promise<Validator> | null>(null);
  const [errors, setErrors] = useState<FieldErrors>(reply?.errors ?? {});
  const [formError, setFormError] = useState<string | undefined>(reply?.formError);
  const [summaryVisible, setSummaryVisible] = useState(Boolean(reply?.formError || Object.keys(reply?.errors ?? {}).length));

  // A new answer of the server replaces the messages shown (state adjusted during render).
  const [answered, setAnswered] = useState(reply);
  if (answered !== reply) {
    setAnswered(reply);
    setErrors(reply?.errors ?? {});
    setFormError(reply?.formError);
    setSummaryVisible(Boolean(reply?.formError || Object.keys(reply?.errors ?? {}).length));
  }

  useEffect(() => {
    if (reply && (reply.formError || Object.keys(reply.errors ?? {}).length)) requestAnimationFrame(() => summaryRef.current?.focus());
  }, [reply]);

  const load = useCallback((): Promise<Validator> => {
    if (loaded.current) return Promise.resolve(loaded.current);
    loading.current ??= (validator ? validator() : Promise.resolve<Validator>(() => ({}))).then((v) => (loaded.current = v));
    return loading.current;
  }, [validator]);

  const values = () => (formRef.current ? formDataToObject(new FormData(formRef.current), { files }) : {});
  const check = (): FieldErrors => (loaded.current ? loaded.current(values()) : {});

  const onFocus = () => {
    void load();
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: string }).name;
    if (!name) return;
    // Moving between the boxes of one group is not leaving the field.
    const next = event.relatedTarget as { name?: string } | null;
    if (next && next.name === name) return;
    checkField(name);
  };

  /** Checks one field with the others' current values (its message shown, or cleared). */
  const checkField = (name: string) => {
    // The schema may still be loading (a field left very quickly): check once it is there.
    void load().then(() => {
      const all = check();
      setErrors((prev) => {
        const copy = { ...prev };
        if (all[name]) copy[name] = all[name];
        else if (!partial) delete copy[name];
        return copy;
      });
    });
  };

  /** A field in error is checked again as it is corrected (and so are the others in error). */
  const onInput = (event?: FormEvent<HTMLFormElement>) => {
    if (Object.keys(errors).length === 0) return;
    const changed = (event?.target as { name?: string } | undefined)?.name;
    if (!loaded.current && !partial) return;
    const all = loaded.current ? check() : {};
    setErrors((prev) => {
      const copy: FieldErrors = {};
      for (const key of Object.keys(prev)) {
        if (all[key]) copy[key] = all[key];
        else if (partial && key !== changed) copy[key] = prev[key]!;
      }
      return copy;
    });
  };

  const firstFieldInError = (all: FieldErrors): HTMLElement | undefined =>
    [...(formRef.current?.elements ?? [])].find((el): el is HTMLElement => "name" in el && typeof el.name === "string" && el.name in all);

  const showErrors = (all: FieldErrors) => {
    setErrors(all);
    setFormError(undefined);
    setSummaryVisible(true);
    requestAnimationFrame(() => (focusField ? firstFieldInError(all) : summaryRef.current)?.focus());
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A button with `formnovalidate` (« Ajouter une ligne ») sends the form as it is: the server re-renders it.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLElement && submitter.hasAttribute("formnovalidate")) return;
    if (!loaded.current) {
      // The schema is not there yet (a very quick submit): wait for it, then submit again.
      event.preventDefault();
      void load().then(() => formRef.current?.requestSubmit(submitter instanceof HTMLElement ? submitter : undefined));
      return;
    }
    const all = check();
    if (Object.keys(all).length > 0) {
      event.preventDefault();
      showErrors(all);
      return;
    }
    onValid?.(event, values());
  };

  /** Choosing a file is like leaving its field: checked at once (a file too large is said before sending). */
  const onChange = (event?: FormEvent<HTMLFormElement>) => {
    const target = (event?.target ?? {}) as { type?: string; name?: string };
    if (target.type === "file" && target.name) checkField(target.name);
    else onInput(event);
  };

  return {
    formRef,
    summaryRef,
    errors,
    formError,
    /** Sets messages from a client-side call (e.g. the authentication API). */
    setFormError: (message: string | undefined) => {
      setFormError(message);
      setSummaryVisible(Boolean(message));
      if (message) requestAnimationFrame(() => summaryRef.current?.focus());
    },
    summaryVisible: summaryVisible && (Object.keys(errors).length > 0 || Boolean(formError)),
    formProps: { id, ref: formRef, noValidate: true, onFocus, onBlur, onInput, onChange, onSubmit },
  };
}

/** A validator from a schema (typed structurally, so that this module never imports zod itself). */
export function schemaValidator(schema: { safeParse(v: unknown): { success: true } | { success: false; error: IssueList } }): Validator {
  return (values) => {
    const result = schema.safeParse(values);
    return result.success ? {} : fieldErrorsOf(result.error);
  };
}
