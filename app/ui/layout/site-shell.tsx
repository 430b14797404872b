import type { ReactNode } from "react";
import type { Organisation } from "~/domain/settings/model";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { CookieConsent } from "~/platform/consent/cookie-consent";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The public site's frame: skip link, header, main landmark, footer, cookie banner. */
export function SiteShell({
  organisation = DEMO_ORGANISATION,
  userMenu,
  children,
}: {
  organisation?: Organisation;
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
