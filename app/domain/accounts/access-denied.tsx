import { ShieldAlert } from "lucide-react";
import { useState } from "react";
import { Button, ButtonLink } from "~/ui/button";
import { useOptionalAuth } from "~/platform/auth/auth-context";
import { ROLE_LABELS, normalizeRole, type Role } from "~/platform/auth/roles";

export const ACCESS_DENIED_TEXT = {
  editor: "Vous n'avez pas les permissions d'édition requises.",
  admin: "Vous n'avez pas les permissions administrateur requises.",
} as const;

/**
 * The access-denied screen (docs/spec.md#rôles): title, the reason, the signed-in identity and current role
 * in French (« Lecteur » if none), and two buttons: "Se déconnecter" and "Retour à l'accueil".
 */
export function AccessDenied({ required, email, role }: { required: "editor" | "admin"; email: string; role?: Role | string | null }) {
  const auth = useOptionalAuth();
  const [busy, setBusy] = useState(false);
  const current = normalizeRole(role);
  async function signOut() {
    if (!auth) {
      window.location.assign("/");
      return;
    }
    setBusy(true);
    try {
      await auth.signOut();
    } catch {
      /* the toast already told the user */
    } finally {
      setBusy(false);
    }
  }
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center"
      aria-labelledby="access-denied-title"
      data-testid="access-denied"
    >
      <ShieldAlert aria-hidden="true" className="size-12 text-red-700 dark:text-red-400" />
      <h1 id="access-denied-title" className="mt-4 text-3xl font-bold tracking-tight">
        Accès refusé
      </h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">{ACCESS_DENIED_TEXT[required]}</p>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-slate-200 px-5 py-3 text-left text-sm dark:border-slate-700">
        <dt className="font-medium text-slate-600 dark:text-slate-400">Connecté en tant que</dt>
        <dd className="break-all" data-testid="access-denied-email">
          {email}
        </dd>
        <dt className="font-medium text-slate-600 dark:text-slate-400">Rôle actuel</dt>
        <dd data-testid="access-denied-role">{ROLE_LABELS[current]}</dd>
      </dl>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={signOut} disabled={busy}>
          Se déconnecter
        </Button>
        <ButtonLink to="/">Retour à l'accueil</ButtonLink>
      </div>
    </section>
  );
}

/** A guarded action refused for a stated reason (an origin other than the site's, say): the reason, in full. */
export function ActionRefused({ message }: { message: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center" aria-labelledby="action-refused-title">
      <ShieldAlert aria-hidden="true" className="size-12 text-red-700 dark:text-red-400" />
      <h1 id="action-refused-title" className="mt-4 text-3xl font-bold tracking-tight">
        Action refusée
      </h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300" data-testid="action-refused-reason">
        {message}
      </p>
      <div className="mt-8 flex justify-center">
        <ButtonLink to="/">Retour à l'accueil</ButtonLink>
      </div>
    </section>
  );
}
