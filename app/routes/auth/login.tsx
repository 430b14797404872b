import { Check, Circle } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Link, redirect, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { displayNameSchema, emailSchema } from "~/domain/accounts/model";
import { safeRedirect } from "~/platform/auth/paths";
import { checkPassword, passwordRules, type PasswordPolicy } from "~/platform/auth/password-policy";
import { useAuth } from "~/platform/auth/auth-context";
import { AuthError } from "~/platform/auth/client";
import { getSessionUser } from "~/platform/auth/guard.server";
import { config } from "~/platform/config.server";
import { pageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";

type Mode = "connexion" | "inscription" | "oubli" | "nouveau";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/");
  const hasToken = Boolean(url.searchParams.get("token"));
  const user = await getSessionUser(request);
  // Already signed in: straight to where the visitor was going (never off-site).
  if (user && !hasToken) throw redirect(redirectTo);
  return { redirectTo, policy: config().passwordPolicy };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Connexion",
    description: "Connectez-vous à votre compte, créez-en un ou réinitialisez votre mot de passe.",
    path: "/login",
    noindex: true,
  });

const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";

function Field({
  label,
  error,
  hint,
  children,
  id,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (props: { id: string; "aria-describedby"?: string; "aria-invalid"?: boolean }) => ReactNode;
  id: string;
}) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {hint ? (
        <div id={`${id}-hint`} className="mt-2">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The password policy, beside the field, ticked as the rules are met. */
function PolicyHint({ policy, password }: { policy: PasswordPolicy; password: string }) {
  return (
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

function SignInForm({ redirectTo }: { redirectTo: string }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const link = useModeLink();
  const id = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    if (!emailSchema.safeParse(email).success) next.email = "Saisissez une adresse e-mail valide.";
    if (!password) next.password = "Saisissez votre mot de passe.";
    setErrors(next);
    if (next.email || next.password) return;
    setBusy(true);
    try {
      await auth.signIn({ email, password });
      await navigate(redirectTo, { replace: true });
    } catch (error) {
      setErrors({ form: error instanceof AuthError ? error.message : "Une erreur est survenue" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="login-title">
      <h1 id="login-title" className="text-2xl font-bold tracking-tight">
        Connexion
      </h1>
      <Field label="Adresse e-mail" id={`${id}-email`} error={errors.email}>
        {(p) => (
          <input
            {...p}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Mot de passe" id={`${id}-password`} error={errors.password}>
        {(p) => (
          <input
            {...p}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      {errors.form ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Connexion…" : "Se connecter"}
      </Button>
      <div className="flex flex-wrap justify-between gap-3 text-sm">
        <Link to={link("oubli")} className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          Mot de passe oublié ?
        </Link>
        <Link to={link("inscription")} className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          Créer un compte
        </Link>
      </div>
    </form>
  );
}

function SignUpForm({ redirectTo, policy }: { redirectTo: string; policy: PasswordPolicy }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const link = useModeLink();
  const id = useId();
  const [displayName, setDisplayName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ displayName?: string; email?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    const name = displayNameSchema.safeParse(displayName);
    if (!name.success) next.displayName = name.error.issues[0]?.message;
    if (!emailSchema.safeParse(email).success) next.email = "Saisissez une adresse e-mail valide.";
    const problem = checkPassword(password, policy);
    if (problem) next.password = problem;
    setErrors(next);
    if (next.displayName || next.email || next.password) return;
    setBusy(true);
    try {
      await auth.signUp({ email, password, displayName });
      await navigate(redirectTo, { replace: true });
    } catch (error) {
      setErrors({ form: error instanceof AuthError ? error.message : "Une erreur est survenue" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="signup-title">
      <h1 id="signup-title" className="text-2xl font-bold tracking-tight">
        Créer un compte
      </h1>
      <Field label="Nom affiché" id={`${id}-name`} error={errors.displayName}>
        {(p) => (
          <input
            {...p}
            type="text"
            name="displayName"
            autoComplete="name"
            required
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Adresse e-mail" id={`${id}-email`} error={errors.email}>
        {(p) => (
          <input
            {...p}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Mot de passe" id={`${id}-password`} error={errors.password} hint={<PolicyHint policy={policy} password={password} />}>
        {(p) => (
          <input
            {...p}
            type="password"
            name="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      {errors.form ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Création du compte…" : "Créer mon compte"}
      </Button>
      <p className="text-sm">
        Déjà un compte ?{" "}
        <Link to={link("connexion")} className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          Se connecter
        </Link>
      </p>
    </form>
  );
}

function ForgotForm() {
  const auth = useAuth();
  const link = useModeLink();
  const id = useId();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!emailSchema.safeParse(email).success) {
      setError("Saisissez une adresse e-mail valide.");
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await auth.requestPasswordReset(email);
      setSent(true);
    } catch (e) {
      setError(e instanceof AuthError ? e.message : "Une erreur est survenue");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="forgot-title">
      <h1 id="forgot-title" className="text-2xl font-bold tracking-tight">
        Mot de passe oublié
      </h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Indiquez l'adresse e-mail de votre compte : si elle est connue, vous recevrez un lien pour choisir un nouveau mot de passe, valable
        une heure.
      </p>
      <Field label="Adresse e-mail" id={`${id}-email`} error={error}>
        {(p) => (
          <input
            {...p}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      {sent ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          Si un compte existe pour cette adresse, un e-mail vient de lui être envoyé. Pensez à vérifier vos courriers indésirables.
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Envoi…" : "Envoyer le lien"}
      </Button>
      <p className="text-sm">
        <Link to={link("connexion")} className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          Retour à la connexion
        </Link>
      </p>
    </form>
  );
}

function NewPasswordForm({ token, policy }: { token: string; policy: PasswordPolicy }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const link = useModeLink();
  const id = useId();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    const problem = checkPassword(password, policy);
    if (problem) next.password = problem;
    if (password !== confirm) next.confirm = "Les deux mots de passe ne sont pas identiques.";
    setErrors(next);
    if (next.password || next.confirm) return;
    setBusy(true);
    try {
      await auth.resetPassword({ token, newPassword: password });
      await navigate(link("connexion"), { replace: true });
    } catch (error) {
      setErrors({ form: error instanceof AuthError ? error.message : "Une erreur est survenue" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="reset-title">
      <h1 id="reset-title" className="text-2xl font-bold tracking-tight">
        Choisir un nouveau mot de passe
      </h1>
      <Field
        label="Nouveau mot de passe"
        id={`${id}-password`}
        error={errors.password}
        hint={<PolicyHint policy={policy} password={password} />}
      >
        {(p) => (
          <input
            {...p}
            type="password"
            name="newPassword"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Confirmer le mot de passe" id={`${id}-confirm`} error={errors.confirm}>
        {(p) => (
          <input
            {...p}
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      {errors.form ? (
        <div role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
          <p>{errors.form}</p>
          <Link to={link("oubli")} className="mt-1 inline-block underline">
            Demander un nouveau lien
          </Link>
        </div>
      ) : null}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Enregistrement…" : "Enregistrer le mot de passe"}
      </Button>
    </form>
  );
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get("token");
  const requested = params.get("mode");
  const mode: Mode = token ? "nouveau" : requested === "inscription" || requested === "oubli" ? requested : "connexion";
  const { redirectTo, policy } = loaderData;
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        {mode === "nouveau" && token ? (
          <NewPasswordForm token={token} policy={policy} />
        ) : mode === "inscription" ? (
          <SignUpForm redirectTo={redirectTo} policy={policy} />
        ) : mode === "oubli" ? (
          <ForgotForm />
        ) : (
          <SignInForm redirectTo={redirectTo} />
        )}
        <noscript>
          <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
            La connexion demande que JavaScript soit activé dans votre navigateur.
          </p>
        </noscript>
      </div>
    </div>
  );
}
