import { Suspense, lazy, type ReactNode } from "react";
import { SiteFooter, type FooterOrganisation } from "./site-footer";
import { SiteHeader } from "./site-header";

/**
 * The cookie banner renders nothing until the browser has read the visitor's choice (after
 * hydration): its code loads on its own, after the page's first load.
 */
const CookieConsent = lazy(() => import("~/platform/consent/cookie-consent").then((m) => ({ default: m.CookieConsent })));

/**
 * The public site's frame: skip link, header, main landmark, footer, cookie banner. The layout
 * route passes what comes from the areas (the organisation's record, the user menu).
 */
export function SiteShell({
  organisation,
  userMenu,
  children,
}: {
  organisation: FooterOrganisation & { logoUrl?: string };
  userMenu?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <a
        href="#contenu"
        className="sr-only z-50 rounded-md bg-brand-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Aller au contenu
      </a>
      <SiteHeader siteName={organisation.name} logoUrl={organisation.logoUrl} userMenu={userMenu} />
      <main id="contenu" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter organisation={organisation} />
      <Suspense fallback={null}>
        <CookieConsent />
      </Suspense>
    </>
  );
}
