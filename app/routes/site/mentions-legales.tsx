import { Link } from "~/ui/link";
import type { Route } from "./+types/mentions-legales";
import { PAGE_TEXTS } from "~/domain/content/page-texts";
import { LastUpdated, PageIntro } from "~/domain/content/components";
import { formatPhoneFr, telHref } from "~/platform/format";
import { LEGAL_UPDATED_AT } from "~/domain/content/legal";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { formatSiret } from "~/platform/format";
import { pageBreadcrumbMeta } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { useRootData } from "~/root";
import { de } from "~/ui/french";
import { ServerHtml } from "~/ui/server-html";

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, { title: PAGE_TEXTS["/mentions-legales"].title, description: PAGE_TEXTS["/mentions-legales"].description }),
    ...pageBreadcrumbMeta(args, "Mentions légales"),
  ];
}

export default function MentionsLegales() {
  const root = useRootData();
  const o = root?.organisation ?? DEMO_ORGANISATION;
  const siteUrl = root?.siteUrl ?? "";

  return (
    <ServerHtml>
      {() => (
        <>
          <PageIntro eyebrow="Informations légales" title="Mentions légales">
            <p>
              Conformément à l'article 6 de la loi n°&nbsp;2004-575 du 21&nbsp;juin 2004 pour la confiance dans l'économie numérique, voici
              l'identité des différents intervenants du site{siteUrl ? ` ${siteUrl}` : ""}.
            </p>
          </PageIntro>

          <div className="mx-auto max-w-6xl px-4 py-12">
            <div className="prose-site">
              <h2>Éditeur du site</h2>
              <p>
                <strong>{o.name}</strong>, {o.legalForm}
                {o.shareCapital ? ` au capital de ${o.shareCapital}` : ""}
                <br />
                Siège social&nbsp;: {o.street}, {o.postalCode} {o.city}
                <br />
                SIRET&nbsp;: {formatSiret(o.siret)}
                {o.rcs ? (
                  <>
                    <br />
                    Immatriculation&nbsp;: {o.rcs}
                  </>
                ) : null}
                {o.vatNumber ? (
                  <>
                    <br />
                    Numéro de TVA intracommunautaire&nbsp;: {o.vatNumber}
                  </>
                ) : null}
                <br />
                Téléphone&nbsp;: <a href={telHref(o.phone)}>{formatPhoneFr(o.phone)}</a>
                <br />
                Courriel&nbsp;: <a href={`mailto:${o.email}`}>{o.email}</a>
              </p>

              <h2>Organisme de formation</h2>
              <p>
                Déclaration d'activité enregistrée sous le numéro {o.nda} auprès du préfet de la région {o.ndaRegion}. Cet enregistrement ne
                vaut pas agrément de l'État.
              </p>
              {o.qualiopiCertificateNumber ? (
                <p>
                  {o.name} est certifié Qualiopi au titre de la catégorie «&nbsp;actions de formation&nbsp;» (certificat n°&nbsp;
                  {o.qualiopiCertificateNumber}
                  {o.qualiopiCertifier ? `, délivré par ${o.qualiopiCertifier}` : ""}). Voir{" "}
                  <Link to="/certification-qualiopi">notre certification Qualiopi</Link>.
                </p>
              ) : null}

              <h2>Directeur de la publication</h2>
              <p>{o.publicationDirector}</p>

              <h2>Hébergeur</h2>
              <p>
                <strong>{o.hostName}</strong>
                <br />
                {o.hostAddress}
                {o.hostPhone ? (
                  <>
                    <br />
                    Téléphone&nbsp;: {o.hostPhone}
                  </>
                ) : null}
              </p>

              <h2>Propriété intellectuelle</h2>
              <p>
                L'ensemble des contenus de ce site (textes, programmes de formation, articles, logos, illustrations, mise en page) est la
                propriété {de(o.name)} ou fait l'objet d'une autorisation d'utilisation. Toute reproduction, représentation, modification ou
                diffusion, totale ou partielle, sans autorisation écrite préalable {de(o.name)} est interdite et constituerait une
                contrefaçon sanctionnée par les articles L.&nbsp;335-2 et suivants du Code de la propriété intellectuelle.
              </p>
              <p>
                Vous pouvez citer de courts extraits des articles du blog, à condition d'en indiquer la source par un lien vers l'article
                d'origine.
              </p>

              <h2>Responsabilité</h2>
              <p>
                {o.name} s'efforce de fournir des informations exactes et à jour, notamment sur les programmes, les dates de session, les
                tarifs et les dispositifs de financement. Ces informations sont données à titre indicatif et peuvent évoluer&nbsp;: seuls le
                devis, la convention ou le contrat de formation signés font foi. Les montants de prise en charge indiqués par le simulateur
                OPCO sont des estimations, qui ne valent pas accord du financeur.
              </p>
              <p>
                {o.name} ne saurait être tenu responsable d'une interruption du site, d'une erreur ou d'une omission dans son contenu, ni
                des dommages résultant d'une intrusion frauduleuse d'un tiers. Les liens vers des sites extérieurs sont proposés pour votre
                information&nbsp;; {o.name} n'exerce aucun contrôle sur leur contenu. Les conditions d'utilisation du site sont précisées
                dans les <Link to="/conditions-utilisation">conditions d'utilisation</Link>.
              </p>

              <h2>Données personnelles</h2>
              <p>
                Les données personnelles recueillies sur ce site (formulaires de contact et de demande de devis, comptes utilisateurs) sont
                traitées conformément au règlement général sur la protection des données (RGPD) et à la loi «&nbsp;Informatique et
                Libertés&nbsp;». Pour tout savoir sur leur utilisation et sur vos droits, consultez notre{" "}
                <Link to="/politique-confidentialite">politique de confidentialité</Link>. Pour exercer vos droits, écrivez à{" "}
                <a href={`mailto:${o.dpoEmail}`}>{o.dpoEmail}</a>.
              </p>
              <p>
                Le site ne dépose aucun cookie publicitaire. Les informations conservées dans votre navigateur sont détaillées dans la{" "}
                <Link to="/politique-cookies">politique de cookies</Link>.
              </p>

              <h2>Crédits</h2>
              <ul>
                <li>Conception, rédaction et développement&nbsp;: {o.name}.</li>
                <li>
                  Icônes&nbsp;: <a href="https://lucide.dev">Lucide</a>, sous licence ISC.
                </li>
                <li>Polices&nbsp;: polices système de votre appareil, aucune police n'est chargée depuis un service tiers.</li>
              </ul>

              <LastUpdated date={LEGAL_UPDATED_AT.mentionsLegales} />
            </div>
          </div>
        </>
      )}
    </ServerHtml>
  );
}
