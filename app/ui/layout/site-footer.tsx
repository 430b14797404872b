import { Link } from "../link";
import { formatPhoneFr, formatSiret, telHref } from "~/platform/format";
import { openConsentPreferences } from "~/platform/consent/consent";
import { ServerHtml } from "../server-html";
import { ABOUT_NAV, LEGAL_NAV, MAIN_NAV } from "./nav";

/** What the footer shows of the organisation (the settings area's record, passed down by the layout route). */
export interface FooterOrganisation {
  name: string;
  legalForm: string;
  street: string;
  postalCode: string;
  city: string;
  phone: string;
  email: string;
  siret: string;
  nda: string;
  ndaRegion: string;
  qualiopiCertificateNumber: string;
}

export function SiteFooter({ organisation: o }: { organisation: FooterOrganisation }) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        {/* The links and addresses: never hydrated on a first load; the cookie button below is. */}
        <ServerHtml>
          {() => (
            <>
              <div>
                <p className="text-base font-bold text-slate-900 dark:text-white">{o.name}</p>
                <address className="mt-2 not-italic leading-6">
                  {o.street}
                  <br />
                  {o.postalCode} {o.city}
                  <br />
                  <a href={telHref(o.phone)} className="hover:underline">
                    {formatPhoneFr(o.phone)}
                  </a>
                  <br />
                  <a href={`mailto:${o.email}`} className="hover:underline">
                    {o.email}
                  </a>
                </address>
              </div>
              <nav aria-label="Le site">
                <p className="font-semibold text-slate-900 dark:text-white">Le site</p>
                <ul className="mt-2 space-y-1.5">
                  {MAIN_NAV.map((item) => (
                    <li key={item.to}>
                      <Link to={item.to} className="hover:underline">
                        {item.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
              <nav aria-label="L'organisme">
                <p className="font-semibold text-slate-900 dark:text-white">L'organisme</p>
                <ul className="mt-2 space-y-1.5">
                  {ABOUT_NAV.map((item) => (
                    <li key={item.label}>
                      <Link to={item.to} className="hover:underline">
                        {item.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            </>
          )}
        </ServerHtml>
        <nav aria-label="Informations légales">
          <p className="font-semibold text-slate-900 dark:text-white">Informations légales</p>
          <ul className="mt-2 space-y-1.5">
            {LEGAL_NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="hover:underline">
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" onClick={openConsentPreferences} className="text-left hover:underline">
                Gérer les cookies
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <ServerHtml className="border-t border-slate-200 dark:border-slate-800">
        {() => (
          <>
            <p className="mx-auto max-w-6xl px-4 py-6 text-xs leading-5 text-slate-600 dark:text-slate-400">
              {o.name}, {o.legalForm} — SIRET {formatSiret(o.siret)} — Déclaration d'activité enregistrée sous le numéro {o.nda} auprès du
              préfet de la région {o.ndaRegion}. Cet enregistrement ne vaut pas agrément de l'État.
              {o.qualiopiCertificateNumber ? " Organisme certifié Qualiopi au titre des actions de formation." : ""}
            </p>
          </>
        )}
      </ServerHtml>
    </footer>
  );
}
