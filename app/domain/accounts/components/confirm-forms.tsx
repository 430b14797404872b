import { Link } from "~/ui/link";
import type { PasswordPolicy } from "~/platform/auth/password-policy";
import { schemaValidator } from "~/ui/form/use-form";
import { AUTH_LABELS, AuthForm, linkClass, type AuthReply } from "./auth-form";
import { CurrentPasswordField, NewPasswordFields } from "./login-forms";

const loadSchemas = () => import("~/platform/auth/forms");

/** The two ways to confirm an address from its link (docs/architecture.md, « Comptes non confirmés »). */
export function confirmationLink(token: string, mode?: "nouveau"): string {
  const params = new URLSearchParams({ token });
  if (mode) params.set("mode", mode);
  return `/login/confirmation?${params.toString()}`;
}

/** The person holding the link types the password chosen at sign-up: the address is confirmed, they are signed in. */
export function ConfirmWithPasswordForm({ token, email, reply }: { token: string; email: string; reply?: AuthReply }) {
  return (
    <AuthForm
      mode="confirmation"
      title="Activez votre compte"
      reply={reply}
      validator={() => loadSchemas().then((m) => schemaValidator(m.confirmWithPasswordSchema))}
      submitLabel="Confirmer mon adresse"
      busyLabel="Confirmation…"
      footer={
        <p className="text-sm">
          Vous n'avez pas créé ce compte vous-même, ou vous ne connaissez pas son mot de passe&nbsp;?{" "}
          <Link to={confirmationLink(token, "nouveau")} className={linkClass}>
            Choisir un nouveau mot de passe
          </Link>
        </p>
      }
    >
      {({ id, errors }) => (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Pour confirmer l'adresse <strong className="break-all">{email}</strong> et vous connecter, saisissez le mot de passe choisi à la
            création du compte.
          </p>
          <input type="hidden" name="token" value={token} />
          <CurrentPasswordField id={id} label={AUTH_LABELS.signUpPassword} error={errors.password} />
        </>
      )}
    </AuthForm>
  );
}

/** The person holding the link chooses a new password: the one typed at sign-up is discarded. */
export function ConfirmWithNewPasswordForm({
  token,
  email,
  policy,
  reply,
}: {
  token: string;
  email: string;
  policy: PasswordPolicy;
  reply?: AuthReply;
}) {
  return (
    <AuthForm
      mode="confirmation-nouveau"
      title="Choisissez votre mot de passe"
      reply={reply}
      validator={() => loadSchemas().then((m) => schemaValidator(m.confirmWithNewPasswordSchema(policy)))}
      submitLabel="Confirmer mon adresse et me connecter"
      busyLabel="Confirmation…"
      footer={
        <p className="text-sm">
          <Link to={confirmationLink(token)} className={linkClass}>
            Je connais le mot de passe du compte
          </Link>
        </p>
      }
    >
      {({ id, errors }) => (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Ce mot de passe remplace celui saisi à la création du compte de <strong className="break-all">{email}</strong>, qui ne
            fonctionnera plus.
          </p>
          <input type="hidden" name="token" value={token} />
          <NewPasswordFields id={id} errors={errors} policy={policy} />
        </>
      )}
    </AuthForm>
  );
}
