import { useState } from "react";
import { useNavigate } from "react-router";
import { Link } from "~/ui/link";
import { useAuth } from "~/platform/auth/auth-context";
import type { PasswordPolicy } from "~/platform/auth/password-policy";
import { DISPLAY_NAME_MAX } from "~/platform/auth/display-name";
import { afterSignIn } from "~/platform/auth/paths";
import { TextField } from "~/ui/form/fields";
import { schemaValidator } from "~/ui/form/use-form";
import { AUTH_LABELS, AuthForm, AuthNotice, PolicyHint, linkClass, replied, useModeLink, type AuthReply } from "./auth-form";

const loadSchemas = () => import("~/platform/auth/forms");

function EmailField({ id, error, values }: { id: string; error?: string; values?: Record<string, unknown> }) {
  return (
    <TextField
      form={id}
      name="email"
      label={AUTH_LABELS.email}
      type="email"
      autoComplete="email"
      required
      requiredMark={false}
      defaultValue={replied(values, "email")}
      error={error}
    />
  );
}

/** The display name (sign-up, invitation): the same rule everywhere, `displayNameSchema`. */
export function DisplayNameField({ id, error, defaultValue }: { id: string; error?: string; defaultValue: string }) {
  return (
    <TextField
      form={id}
      name="displayName"
      label={AUTH_LABELS.displayName}
      autoComplete="name"
      required
      requiredMark={false}
      maxLength={DISPLAY_NAME_MAX}
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** The account's existing password (sign-in, address confirmation). */
export function CurrentPasswordField({ id, label, error }: { id: string; label: string; error?: string }) {
  return (
    <TextField
      form={id}
      name="password"
      label={label}
      type="password"
      autoComplete="current-password"
      required
      requiredMark={false}
      error={error}
    />
  );
}

export function SignInForm({ redirectTo, signUpOpen, reply }: { redirectTo: string; signUpOpen: boolean; reply?: AuthReply }) {
  const auth = useAuth();
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
        await auth.signIn({ email: values.email ?? "", password: values.password ?? "" }, (role) => afterSignIn(redirectTo, role));
      }}
      footer={
        <div className="flex flex-wrap justify-between gap-3 text-sm">
          <Link to={link("oubli")} className={linkClass}>
            Mot de passe oublié&nbsp;?
          </Link>
          {signUpOpen ? (
            <Link to={link("inscription")} className={linkClass}>
              Créer un compte
            </Link>
          ) : null}
        </div>
      }
    >
      {({ id, errors, values }) => (
        <>
          <EmailField id={id} error={errors.email} values={values} />
          <CurrentPasswordField id={id} label={AUTH_LABELS.password} error={errors.password} />
        </>
      )}
    </AuthForm>
  );
}

/** After a sign-up (known address or not, the same): the account waits for its address to be confirmed. */
export function CheckYourMail({ email }: { email?: string }) {
  const link = useModeLink();
  return (
    <AuthNotice title="Confirmez votre adresse e-mail" tone="success">
      <p>
        Un message vient d'être envoyé {email ? <strong className="break-all">à {email}</strong> : "à l'adresse indiquée"}. Ouvrez le lien
        qu'il contient (valable 24&nbsp;heures) et saisissez votre mot de passe pour activer votre compte&nbsp;: vous serez connecté
        aussitôt.
      </p>
      <p>Rien reçu&nbsp;? Vérifiez vos courriers indésirables, ou connectez-vous avec votre mot de passe pour recevoir un nouveau lien.</p>
      <p>
        <Link to={link("connexion")} className={linkClass}>
          Aller à la connexion
        </Link>
      </p>
    </AuthNotice>
  );
}

export function SignUpClosed() {
  const link = useModeLink();
  return (
    <AuthNotice title="Créer un compte">
      <p>
        Les inscriptions en ligne sont fermées. Pour obtenir un compte, demandez une invitation à un administrateur du site&nbsp;: vous
        recevrez un lien par e-mail pour choisir votre mot de passe.
      </p>
      <p>
        <Link to={link("connexion")} className={linkClass}>
          Retour à la connexion
        </Link>
      </p>
    </AuthNotice>
  );
}

export function SignUpForm({ policy, reply }: { policy: PasswordPolicy; reply?: AuthReply }) {
  const auth = useAuth();
  const link = useModeLink();
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo !== null) return <CheckYourMail email={sentTo} />;
  return (
    <AuthForm
      mode="inscription"
      title="Créer un compte"
      reply={reply}
      validator={() => loadSchemas().then((m) => schemaValidator(m.signUpSchema(policy)))}
      submitLabel="Créer mon compte"
      busyLabel="Création du compte…"
      submit={async (values) => {
        const email = (values.email ?? "").trim().toLowerCase();
        await auth.signUp({ email, password: values.password ?? "", displayName: values.displayName ?? "" });
        setSentTo(email);
      }}
      footer={
        <p className="text-sm">
          Déjà un compte&nbsp;?{" "}
          <Link to={link("connexion")} className={linkClass}>
            Se connecter
          </Link>
        </p>
      }
    >
      {({ id, errors, values }) => (
        <>
          <DisplayNameField id={id} error={errors.displayName} defaultValue={replied(values, "displayName")} />
          <EmailField id={id} error={errors.email} values={values} />
          <TextField
            form={id}
            name="password"
            label={AUTH_LABELS.password}
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

export function ForgotForm({ reply }: { reply?: AuthReply }) {
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
            valable une heure. Ce lien débloque aussi un compte bloqué après trop de tentatives.
          </p>
          <EmailField id={id} error={errors.email} values={values} />
        </>
      )}
    </AuthForm>
  );
}

/** The new password and its confirmation, with the policy beside (reset and invitation). */
export function NewPasswordFields({ id, errors, policy }: { id: string; errors: Record<string, string>; policy: PasswordPolicy }) {
  return (
    <>
      <TextField
        form={id}
        name="newPassword"
        label={AUTH_LABELS.newPassword}
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
        label={AUTH_LABELS.confirmPassword}
        type="password"
        autoComplete="new-password"
        required
        requiredMark={false}
        error={errors.confirmPassword}
      />
    </>
  );
}

export function NewPasswordForm({ token, policy, reply }: { token: string; policy: PasswordPolicy; reply?: AuthReply }) {
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
          <NewPasswordFields id={id} errors={errors} policy={policy} />
        </>
      )}
    </AuthForm>
  );
}
