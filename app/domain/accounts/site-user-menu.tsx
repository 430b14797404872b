import { lazy, Suspense } from "react";

/** The account menu: only signed-in visitors download it (anonymous pages are the cached, shared ones). */
const UserMenu = lazy(() => import("./user-menu").then((m) => ({ default: m.UserMenu })));

/**
 * The public header's account slot on every page rendered for a signed-in visitor (public pages,
 * their errors, the « Accès refusé » screen): the menu when signed in, nothing otherwise (the header
 * then shows « Connexion »).
 */
export function siteUserMenu(signedIn: boolean) {
  return signedIn ? (
    <Suspense fallback={<span className="inline-block size-11" aria-hidden="true" />}>
      <UserMenu />
    </Suspense>
  ) : null;
}
