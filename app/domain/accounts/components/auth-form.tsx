import { Check, Circle } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useNavigation, useSearchParams } from "react-router";
import { AuthError, GENERIC_ERROR } from "~/platform/auth/client";
import { passwordRules, type PasswordPolicy } from "~/platform/auth/password-policy";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { FormErrorSummary } from "~/ui/form/fields";
import { useForm, type SubmissionReply, type Validator } from "~/ui/form/use-form";

/** The forms of /login, plus the invitation's. */
export type AuthMode = "connexion" | "inscription" | "oubli" | "nouveau" | "invitation" | "confirmation" | "confirmation-nouveau";

/** What the route actions of these forms answer when they refuse a submission. */
export type AuthReply = SubmissionReply & { intent: AuthMode; values?: Record<string, unknown> };

export const AUTH_LABELS = {
  displayName: "Nom affiché",
  email: "Adresse e-mail",
  password: "Mot de passe",
  newPassword: "Nouveau mot de passe",
  signUpPassword: "Mot de passe choisi à la création du compte",
  confirmPassword: "Confirmer le mot de passe",
};

export const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300";

/** A value sent back by the action (never a password), for a field's defaultValue. */
export function replied(values: Record<string, unknown> | undefined, name: string): string {
  const v = values?.[name];
  return typeof v === "string" ? v : "";
}

/** /login in another mode, keeping the return address. */
export function useModeLink() {
  const [params] = useSearchParams();
  return (mode: Exclude<AuthMode, "nouveau" | "invitation" | "confirmation" | "confirmation-nouveau">) => {
    const next = new URLSearchParams();
    const back = params.get("redirectTo");
    if (back) next.set("redirectTo", back);
    if (mode !== "connexion") next.set("mode", mode);
    const qs = next.toString();
    return qs ? `/login?${qs}` : "/login";
  };
}

/** The password policy, beside the field, ticked as the rules are met. */
export function PolicyHint({ policy }: { policy: PasswordPolicy }) {
  const [password, setPassword] = useState("");
  return (
    <PolicyWatcher onChange={setPassword}>
      <ul className="space-y-1 text-sm text-slate-600 dark:text-slate-400" aria-label="Règles du mot de passe">
        {passwordRules(policy).map((rule) => {
          const ok = rule.test(password);
          return (
            <li key={rule.id} className={cn("flex items-center gap-2", ok && "text-emerald-700 dark:text-emerald-400")}>
              {ok ? <Check aria-hidden="true" className="size-4" /> : <Circle aria-hidden="true" className="size-3" />}
              <span>
                {rule.label}
                <span className="sr-only">{ok ? " : respecté" : " : non respecté"}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </PolicyWatcher>
  );
}

/** Follows the password field of the enclosing form (uncontrolled inputs keep their value without JavaScript). */
function PolicyWatcher({ onChange, children }: { onChange: (value: string) => void; children: ReactNode }) {
  return (
    <div
      ref={(node) => {
        const input = node?.closest("form")?.querySelector<HTMLInputElement>('input[data-policy="true"]');
        if (!input) return;
        const listener = () => onChange(input.value);
        input.addEventListener("input", listener);
        return () => input.removeEventListener("input", listener);
      }}
    >
      {children}
    </div>
  );
}

/** A short message in place of a form (sign-up closed, mail sent, invitation no longer valid). */
export function AuthNotice({ title, tone = "info", children }: { title: string; tone?: "info" | "success"; children: ReactNode }) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <div
        role="status"
        className={cn(
          "space-y-2 rounded-lg px-4 py-3 text-sm",
          tone === "success"
            ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
            : "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
        )}
      >
        {children}
      </div>
    </div>
  );
}

/**
 * One sign-in screen form: a `method="post"` form handled by its route action; with JavaScript,
 * `submit` (when given) calls the authentication API instead (with its network timeout).
 */
export function AuthForm({
  mode,
  title,
  reply,
  validator,
  submit,
  submitLabel,
  busyLabel,
  children,
  footer,
}: {
  mode: AuthMode;
  title: string;
  reply: AuthReply | undefined;
  validator: () => Promise<Validator>;
  submit?: (values: Record<string, string>) => Promise<void>;
  submitLabel: string;
  busyLabel: string;
  children: (form: { id: string; errors: Record<string, string>; values: Record<string, unknown> | undefined }) => ReactNode;
  footer?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const posting = useNavigation().state === "submitting";
  const id = `login-${mode}`;
  const ownReply = reply?.intent === mode ? reply : undefined;
  const form = useForm({
    id,
    reply: ownReply,
    validator,
    onValid(event, values) {
      if (!submit) return;
      event.preventDefault();
      setBusy(true);
      form.setFormError(undefined);
      submit(values as Record<string, string>)
        .catch((error: unknown) => form.setFormError(error instanceof AuthError ? error.message : GENERIC_ERROR))
        .finally(() => setBusy(false));
    },
  });
  return (
    <form method="post" {...form.formProps} className="space-y-5" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="text-2xl font-bold tracking-tight">
        {title}
      </h1>
      <FormErrorSummary form={form} labels={AUTH_LABELS} />
      <input type="hidden" name="intent" value={mode} />
      {children({ id, errors: form.errors, values: ownReply?.values })}
      <Button type="submit" className="w-full" disabled={busy || posting}>
        {busy || posting ? busyLabel : submitLabel}
      </Button>
      {footer}
    </form>
  );
}
