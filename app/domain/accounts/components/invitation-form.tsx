import { Link } from "~/ui/link";
import type { PasswordPolicy } from "~/platform/auth/password-policy";
import { ROLE_LABELS, type Role } from "~/platform/auth/roles";
import { schemaValidator } from "~/ui/form/use-form";
import { AUTH_LABELS, AuthForm, AuthNotice, linkClass, replied, type AuthReply } from "./auth-form";
import { DisplayNameField, NewPasswordFields } from "./login-forms";

/** A link that no longer opens the invitation (used, expired, revoked, unknown). */
export function InvitationRefusedNotice({ message }: { message: string }) {
  return (
    <AuthNotice title="Invitation non valable">
      <p>{message}</p>
      <p>
        <Link to="/login" className={linkClass}>
          Aller à la connexion
        </Link>
      </p>
    </AuthNotice>
  );
}

/**
 * The invited person's screen: the address and role given by the admin, the display name to
 * confirm, the password to choose. A plain `method="post"` form (with or without JavaScript).
 */
export function InvitationForm({
  token,
  invitation,
  policy,
  reply,
}: {
  token: string;
  invitation: { email: string; displayName: string; role: Role; createdByEmail: string };
  policy: PasswordPolicy;
  reply?: AuthReply;
}) {
  return (
    <AuthForm
      mode="invitation"
      title="Rejoindre l'équipe"
      reply={reply}
      validator={() => import("~/platform/auth/forms").then((m) => schemaValidator(m.acceptInvitationSchema(policy)))}
      submitLabel="Créer mon compte"
      busyLabel="Création du compte…"
    >
      {({ id, errors, values }) => (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {invitation.createdByEmail} vous invite comme <strong>{ROLE_LABELS[invitation.role].toLowerCase()}</strong>. Choisissez votre
            mot de passe pour activer votre compte.
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-slate-200 px-4 py-3 text-sm dark:border-slate-700">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{AUTH_LABELS.email}</dt>
            <dd className="break-all" data-testid="invitation-email">
              {invitation.email}
            </dd>
            <dt className="font-medium text-slate-600 dark:text-slate-400">Rôle</dt>
            <dd>{ROLE_LABELS[invitation.role]}</dd>
          </dl>
          <input type="hidden" name="token" value={token} />
          <DisplayNameField id={id} error={errors.displayName} defaultValue={replied(values, "displayName") || invitation.displayName} />
          <NewPasswordFields id={id} errors={errors} policy={policy} />
        </>
      )}
    </AuthForm>
  );
}
