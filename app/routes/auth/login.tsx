import { Check, Circle } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, data, redirect, useNavigate, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { useAuth } from "~/platform/auth/auth-context";
import { AuthError, GENERIC_ERROR } from "~/platform/auth/client";
import { forgotSchema, resetSchema, signInSchema, signUpSchema } from "~/platform/auth/forms";
import { requestResetOnServer, resetPasswordOnServer, signInOnServer, signUpOnServer } from "~/platform/auth/auth-forms.server";
import { getSessionUser } from "~/platform/auth/guard.server";
import { passwordRules, type PasswordPolicy } from "~/platform/auth/password-policy";
import { safeRedirect } from "~/platform/auth/paths";
import { isEditor } from "~/platform/auth/roles";
import { config } from "~/platform/config.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";
import { pageMeta } from "~/platform/seo/meta";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { parseSubmission, withoutSecrets } from "~/platform/validation/submission";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { ErrorSummary, TextField } from "~/ui/form/fields";
import { schemaValidator, useForm, type SubmissionReply } from "~/ui/form/use-form";

type Mode = "connexion" | "inscription" | "oubli" | "nouveau";

/** Where to go once signed in: the page asked for, else the admin for staff and the home page for visitors. */
function destination(requested: string, role: string | undefined): string {
  return requested || (isEditor({ role }) ? "/admin" : "/");
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "");
  const hasToken = Boolean(url.searchParams.get("token"));
  const user = await getSessionUser(request);
  // Already signed in: straight to where the visitor was going (never off-site).
  if (user && !hasToken) throw redirect(destination(redirectTo, user.role));
  return { redirectTo, policy: config().passwordPolicy };
}

export function headers() {
  return { "Cache-Control": PRIVATE_CACHE_CONTROL };
}

type ActionReply = SubmissionReply & { intent: Mode; values?: Record<string, unknown>; sent?: boolean };

function refused(intent: Mode, reply: Omit<ActionReply, "intent">, status: number) {
  return data<ActionReply>({ intent, ...reply, values: withoutSecrets(reply.values ?? {}) }, { status });
}

/**
 * The four forms post here when the browser sends them itself (no JavaScript, or before it has
 * loaded): Better Auth is called on the server, its session cookie goes with the redirect, and the
 * toast of spec §8 follows in the flash cookie. A password never appears in an address.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as Mode;
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "");
  const policy = config().passwordPolicy;

  if (intent === "connexion") {
    const parsed = await parseSubmission(form, signInSchema);
    if (!parsed.ok) return refused(intent, parsed, 400);
    const result = await signInOnServer(request, parsed.data);
    if (!result.ok) return refused(intent, { formError: result.message, values: parsed.values }, result.status);
    return redirectWithToast(
      destination(redirectTo, result.body.user?.role),
      { kind: "success", title: "Connexion réussie", description: "Bienvenue\u00a0!" },
      { headers: cookieHeaders(result.cookies) },
    );
  }
  if (intent === "inscription") {
    const parsed = await parseSubmission(form, signUpSchema(policy));
    if (!parsed.ok) return refused(intent, parsed, 400);
    const result = await signUpOnServer(request, parsed.data);
    if (!result.ok) return refused(intent, { formError: result.message, values: parsed.values }, result.status);
    return redirectWithToast(
      redirectTo || "/",
      { kind: "success", title: "Compte créé", description: "Votre compte a été créé avec succès" },
      { headers: cookieHeaders(result.cookies) },
    );
  }
  if (intent === "oubli") {
    const parsed = await parseSubmission(form, forgotSchema);
    if (!parsed.ok) return refused(intent, parsed, 400);
    const result = await requestResetOnServer(request, parsed.data);
    if (!result.ok) return refused(intent, { formError: result.message, values: parsed.values }, result.status);
    return redirectWithToast("/login?mode=oubli", {
      kind: "success",
      title: "Email envoyé",
      description: "Vérifiez votre boîte mail pour réinitialiser votre mot de passe",
    });
  }
  if (intent === "nouveau") {
    const parsed = await parseSubmission(form, resetSchema(policy));
    if (!parsed.ok) return refused(intent, parsed, 400);
    const result = await resetPasswordOnServer(request, parsed.data);
    if (!result.ok) return refused(intent, { formError: result.message, values: { token: parsed.data.token } }, result.status);
    return redirectWithToast("/login", {
      kind: "success",
      title: "Mot de passe modifié",
      description: "Connectez-vous avec votre nouveau mot de passe.",
    });
  }
  return data<ActionReply>({ intent: "connexion", formError: "Formulaire inconnu : rechargez la page." }, { status: 400 });
}

function cookieHeaders(cookies: string[]): Headers {
  const headers = new Headers();
  for (const c of cookies) headers.append("Set-Cookie", c);
  return headers;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Connexion",
    description: "Connectez-vous à votre compte, créez-en un ou réinitialisez votre mot de passe.",
    path: "/login",
    noindex: true,
  });

/** The password policy, beside the field, ticked as the rules are met. */
function PolicyHint({ policy }: { policy: PasswordPolicy }) {
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

function useModeLink() {
  const [params] = useSearchParams();
  return (mode: Mode) => {
    const next = new URLSearchParams();
    const back = params.get("redirectTo");
    if (back) next.set("redirectTo", back);
    if (mode !== "connexion") next.set("mode", mode);
    const qs = next.toString();
    return qs ? `/login?${qs}` : "/login";
  };
}

const LABELS = {
  displayName: "Nom affiché",
  email: "Adresse e-mail",
  password: "Mot de passe",
  newPassword: "Nouveau mot de passe",
  confirmPassword: "Confirmer le mot de passe",
};

function str(values: Record<string, unknown> | undefined, name: string): string {
  const v = values?.[name];
  return typeof v === "string" ? v : "";
}

const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300";

/**
 * One of the four forms: a `method="post"` form handled by the action above; with JavaScript,
 * `submit` calls the authentication API instead (spec §7, with its network timeout).
 */
function AuthForm({
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
  mode: Mode;
  title: string;
  reply: ActionReply | undefined;
  validator: () => Promise<(values: Record<string, unknown>) => Record<string, string>>;
  submit: (values: Record<string, string>) => Promise<void>;
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
      {form.summaryVisible ? (
        <ErrorSummary form={id} errors={form.errors} formError={form.formError} labels={LABELS} summaryRef={form.summaryRef} />
      ) : null}
      <input type="hidden" name="intent" value={mode} />
      {children({ id, errors: form.errors, values: ownReply?.values })}
      <Button type="submit" className="w-full" disabled={busy || posting}>
        {busy || posting ? busyLabel : submitLabel}
      </Button>
      {footer}
    </form>
  );
}

const loadSchemas = () => import("~/platform/auth/forms");

function SignInForm({ redirectTo, reply }: { redirectTo: string; reply?: ActionReply }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const link = useModeLink();
  return (
    <AuthForm
      mode="connexion"
      title="Connexion"
      reply={reply}
      validator={() => loadSchemas().then((m) => schemaValidator(m.signInSchema))}
      submitLabel="Se connecter"
      busyLabel="Connexion…"
      submit={async (values) => {
        const user = await auth.signIn({ email: values.email ?? "", password: values.password ?? "" });
        await navigate(destination(redirectTo, user?.role), { replace: true });
      }}
      footer={
        <div className="flex flex-wrap justify-between gap-3 text-sm">
          <Link to={link("oubli")} className={linkClass}>
            Mot de passe oublié ?
          </Link>
          <Link to={link("inscription")} className={linkClass}>
            Créer un compte
          </Link>
        </div>
      }
    >
      {({ id, errors, values }) => (
        <>
          <TextField
            form={id}
            name="email"
            label={LABELS.email}
            type="email"
            autoComplete="email"
            required
            requiredMark={false}
            defaultValue={str(values, "email")}
            error={errors.email}
          />
          <TextField
            form={id}
            name="password"
            label={LABELS.password}
            type="password"
            autoComplete="current-password"
            required
            requiredMark={false}
            error={errors.password}
          />
        </>
      )}
    </AuthForm>
  );
}

function SignUpForm({ redirectTo, policy, reply }: { redirectTo: string; policy: PasswordPolicy; reply?: ActionReply }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const link = useModeLink();
  return (
    <AuthForm
      mode="inscription"
      title="Créer un compte"
      reply={reply}
      validator={() => loadSchemas().then((m) => schemaValidator(m.signUpSchema(policy)))}
      submitLabel="Créer mon compte"
      busyLabel="Création du compte…"
      submit={async (values) => {
        await auth.signUp({ email: values.email ?? "", password: values.password ?? "", displayName: values.displayName ?? "" });
        await navigate(redirectTo || "/", { replace: true });
      }}
      footer={
        <p className="text-sm">
          Déjà un compte ?{" "}
          <Link to={link("connexion")} className={linkClass}>
            Se connecter
          </Link>
        </p>
      }
    >
      {({ id, errors, values }) => (
        <>
          <TextField
            form={id}
            name="displayName"
            label={LABELS.displayName}
            autoComplete="name"
            required
            requiredMark={false}
            maxLength={80}
            defaultValue={str(values, "displayName")}
            error={errors.displayName}
          />
          <TextField
            form={id}
            name="email"
            label={LABELS.email}
            type="email"
            autoComplete="email"
            required
            requiredMark={false}
            defaultValue={str(values, "email")}
            error={errors.email}
          />
          <TextField
            form={id}
            name="password"
            label={LABELS.password}
            type="password"
            autoComplete="new-password"
            required
            requiredMark={false}
            data-policy="true"
            hint={<PolicyHint policy={policy} />}
            error={errors.password}
          />
        </>
      )}
    </AuthForm>
  );
}

function ForgotForm({ reply }: { reply?: ActionReply }) {
  const auth = useAuth();
  const link = useModeLink();
  const [done, setDone] = useState(false);
  return (
    <AuthForm
      mode="oubli"
      title="Mot de passe oublié"
      reply={reply}
      validator={() => loadSchemas().then((m) => schemaValidator(m.forgotSchema))}
      submitLabel="Envoyer le lien"
      busyLabel="Envoi…"
      submit={async (values) => {
        await auth.requestPasswordReset(values.email ?? "");
        setDone(true);
      }}
      footer={
        <>
          {done ? (
            <p
              role="status"
              className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
            >
              Si un compte existe pour cette adresse, un e-mail vient de lui être envoyé. Pensez à vérifier vos courriers indésirables.
            </p>
          ) : null}
          <p className="text-sm">
            <Link to={link("connexion")} className={linkClass}>
              Retour à la connexion
            </Link>
          </p>
        </>
      }
    >
      {({ id, errors, values }) => (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Indiquez l'adresse e-mail de votre compte&nbsp;: si elle est connue, vous recevrez un lien pour choisir un nouveau mot de passe,
            valable une heure.
          </p>
          <TextField
            form={id}
            name="email"
            label={LABELS.email}
            type="email"
            autoComplete="email"
            required
            requiredMark={false}
            defaultValue={str(values, "email")}
            error={errors.email}
          />
        </>
      )}
    </AuthForm>
  );
}

function NewPasswordForm({ token, policy, reply }: { token: string; policy: PasswordPolicy; reply?: ActionReply }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const link = useModeLink();
  return (
    <AuthForm
      mode="nouveau"
      title="Choisir un nouveau mot de passe"
      reply={reply}
      validator={() => loadSchemas().then((m) => schemaValidator(m.resetSchema(policy)))}
      submitLabel="Enregistrer le mot de passe"
      busyLabel="Enregistrement…"
      submit={async (values) => {
        await auth.resetPassword({ token, newPassword: values.newPassword ?? "" });
        await navigate(link("connexion"), { replace: true });
      }}
      footer={
        reply?.intent === "nouveau" && reply.formError ? (
          <p className="text-sm">
            <Link to={link("oubli")} className={linkClass}>
              Demander un nouveau lien
            </Link>
          </p>
        ) : null
      }
    >
      {({ id, errors }) => (
        <>
          <input type="hidden" name="token" value={token} />
          <TextField
            form={id}
            name="newPassword"
            label={LABELS.newPassword}
            type="password"
            autoComplete="new-password"
            required
            requiredMark={false}
            data-policy="true"
            hint={<PolicyHint policy={policy} />}
            error={errors.newPassword}
          />
          <TextField
            form={id}
            name="confirmPassword"
            label={LABELS.confirmPassword}
            type="password"
            autoComplete="new-password"
            required
            requiredMark={false}
            error={errors.confirmPassword}
          />
        </>
      )}
    </AuthForm>
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get("token");
  const requested = params.get("mode");
  const mode: Mode = token ? "nouveau" : requested === "inscription" || requested === "oubli" ? requested : "connexion";
  const { redirectTo, policy } = loaderData;
  const reply = actionData as ActionReply | undefined;
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        {mode === "nouveau" && token ? (
          <NewPasswordForm token={token} policy={policy} reply={reply} />
        ) : mode === "inscription" ? (
          <SignUpForm redirectTo={redirectTo} policy={policy} reply={reply} />
        ) : mode === "oubli" ? (
          <ForgotForm reply={reply} />
        ) : (
          <SignInForm redirectTo={redirectTo} reply={reply} />
        )}
      </div>
    </div>
  );
}
