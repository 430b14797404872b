import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { useAuth } from "~/platform/auth/auth-context";
import { Spinner } from "~/ui/spinner";
import { AccessDenied } from "./access-denied";
import { isAdmin, isEditor } from "~/platform/auth/roles";

export const CHECKING_PERMISSIONS = "Vérification des permissions...";

export function PermissionChecking() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4" data-testid="permission-checking">
      <Spinner label={CHECKING_PERMISSIONS} />
    </div>
  );
}

/**
 * Client-side guard of a guarded screen (spec §4): checking, then allowed or denied. The server has
 * already decided (every admin loader checks the role); this keeps the screen right while the session
 * changes in the browser (sign-out, role change seen on revalidation).
 */
export function RequireRole({ role, children }: { role: "editor" | "admin"; children: ReactNode }) {
  const { user, status } = useAuth();
  if (status === "loading") return <PermissionChecking />;
  if (!user) return <PermissionChecking />;
  const allowed = role === "admin" ? isAdmin(user) : isEditor(user);
  if (!allowed) return <AccessDenied required={role} email={user.email} role={user.role} />;
  return <>{children}</>;
}

/** Shown over the page while a navigation towards /admin waits for the server's permission check. */
export function AdminNavigationCheck() {
  const navigation = useNavigation();
  const target = navigation.location?.pathname ?? "";
  if (navigation.state !== "loading" || !(target === "/admin" || target.startsWith("/admin/"))) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-14 z-50 flex justify-center" aria-live="polite">
      <div className="rounded-full bg-white/95 px-4 py-2 shadow-lg ring-1 ring-slate-200 dark:bg-slate-900/95 dark:ring-slate-700">
        <Spinner label={CHECKING_PERMISSIONS} />
      </div>
    </div>
  );
}
