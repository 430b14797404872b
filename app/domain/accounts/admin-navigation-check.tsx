import { useNavigation } from "react-router";
import { Spinner } from "~/ui/spinner";

/**
 * The root layout's part of the admin guard, on every page: kept apart from the guard itself
 * (permission-check.tsx, with its denied and session-missing screens) so that public pages load none
 * of the admin's screens.
 */
export const CHECKING_PERMISSIONS = "Vérification des permissions...";

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
