import type { ReactNode } from "react";
import { CookieConsent } from "~/platform/consent/cookie-consent";
import { SiteFooter, type FooterOrganisation } from "./site-footer";
import { SiteHeader } from "./site-header";

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
      <CookieConsent />
    </>
  );
}
