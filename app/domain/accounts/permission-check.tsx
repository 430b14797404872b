import { useEffect, useState, type ReactNode } from "react";
import { useLocation, useRevalidator } from "react-router";
import { loginPath } from "~/platform/auth/paths";
import { ButtonLink } from "~/ui/button";
import { useAuth } from "~/platform/auth/auth-context";
import { Spinner } from "~/ui/spinner";
import { AccessDenied } from "./access-denied";
import { CHECKING_PERMISSIONS } from "./admin-navigation-check";
import { isAdmin, isEditor } from "~/platform/auth/roles";

export function PermissionChecking() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4" data-testid="permission-checking">
      <Spinner label={CHECKING_PERMISSIONS} />
    </div>
  );
}

/**
 * Client-side guard of a guarded screen (docs/spec.md#états): checking, then allowed or denied. The server has
 * already decided (every admin loader checks the role); this keeps the screen right while the
 * session changes in the browser (sign-out, role change seen on revalidation).
 *
 * The user comes from the root loader. A plain navigation does not run that loader again, so it
 * can still hold "signed out" when the admin loaders have just let the visitor in (signed in from
 * another tab, or by a request the page did not see): then the checking screen shows while the
 * loaders run once more, and the screen follows their answer (the admin, or /login). It never
 * stays on the checking screen: if the session is still missing after that, it says so and offers
 * to sign in again. While a user is known, the screen stays in place during revalidations, so that
 * nothing typed is lost.
 */
export function RequireRole({ role, children }: { role: "editor" | "admin"; children: ReactNode }) {
  const { user } = useAuth();
  const revalidator = useRevalidator();
  const location = useLocation();
  const [attempt, setAttempt] = useState<"none" | "running" | "done">("none");
  useEffect(() => {
    if (user || attempt !== "none") return;
    setAttempt("running");
    void revalidator.revalidate().finally(() => setAttempt("done"));
  }, [user, attempt, revalidator]);
  if (!user) {
    if (attempt !== "done") return <PermissionChecking />;
    return <SessionMissing to={loginPath(location.pathname + location.search)} />;
  }
  const allowed = role === "admin" ? isAdmin(user) : isEditor(user);
  if (!allowed) return <AccessDenied required={role} email={user.email} role={user.role} />;
  return <>{children}</>;
}

function SessionMissing({ to }: { to: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" data-testid="session-missing">
      <h1 className="text-2xl font-bold tracking-tight">Session introuvable</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        Votre session n'a pas pu être vérifiée dans cette page. Reconnectez-vous pour continuer.
      </p>
      <div className="mt-8 flex justify-center">
        <ButtonLink to={to} reloadDocument>
          Se reconnecter
        </ButtonLink>
      </div>
    </section>
  );
}
