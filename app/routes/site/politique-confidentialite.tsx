import { Link } from "~/ui/link";
import type { Route } from "./+types/politique-confidentialite";
import { PAGE_TEXTS } from "~/domain/content/page-texts";
import { LastUpdated, PageIntro } from "~/domain/content/components";
import { formatMonthsFr } from "~/domain/content/format";
import { LEGAL_UPDATED_AT } from "~/domain/content/legal";
import { PrivacySecurityAndRights } from "~/domain/content/privacy-rights";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { formatSiret } from "~/platform/format";
import { config } from "~/platform/config.server";
import { pageBreadcrumbMeta } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { useRootData } from "~/root";
import { ServerHtml } from "~/ui/server-html";

export function loader() {
  return { leadRetentionMonths: config().leadRetentionMonths };
}

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, {
      title: PAGE_TEXTS["/politique-confidentialite"].title,
      description: PAGE_TEXTS["/politique-confidentialite"].description,
    }),
    ...pageBreadcrumbMeta(args, "Politique de confidentialité"),
  ];
}

export default function PolitiqueConfidentialite({ loaderData }: Route.ComponentProps) {
  const o = useRootData()?.organisation ?? DEMO_ORGANISATION;
  const leadRetention = formatMonthsFr(loaderData.leadRetentionMonths);

  return (
    <ServerHtml>
      {() => (
        <>
          <PageIntro eyebrow="Données personnelles" title="Politique de confidentialité">
            <p>
              Cette politique explique quelles données personnelles {o.name} recueille sur ce site, pourquoi, combien de temps elles sont
              conservées et comment exercer vos droits, conformément au règlement général sur la protection des données (RGPD) et à la loi
              «&nbsp;Informatique et Libertés&nbsp;».
            </p>
          </PageIntro>

          <div className="mx-auto max-w-6xl px-4 py-12">
            <div className="prose-site">
              <h2>Responsable du traitement</h2>
              <p>
                Le responsable du traitement est <strong>{o.name}</strong>, {o.legalForm}, dont le siège est situé {o.street},{" "}
                {o.postalCode} {o.city} (SIRET {formatSiret(o.siret)}).
              </p>

              <h2>Délégué à la protection des données</h2>
              <p>
                Pour toute question sur vos données ou pour exercer vos droits, contactez notre délégué à la protection des données&nbsp;:
              </p>
              <ul>
                <li>
                  par courriel&nbsp;: <a href={`mailto:${o.dpoEmail}`}>{o.dpoEmail}</a>&nbsp;;
                </li>
                <li>
                  par courrier&nbsp;: {o.name}, Délégué à la protection des données, {o.street}, {o.postalCode} {o.city}.
                </li>
              </ul>

              <h2>Données collectées</h2>
              <p>Nous ne recueillons que les données utiles à chaque démarche. Les voici, source par source.</p>
              <h3>Formulaire de contact</h3>
              <p>Nom, adresse e-mail, téléphone (si vous le renseignez), objet et message.</p>
              <h3>Demande de devis</h3>
              <p>
                Entreprise, numéro SIRET, nom de la personne à contacter, adresse e-mail, téléphone, formations souhaitées, nombre de
                stagiaires, format (présentiel, distanciel ou mixte), période souhaitée, ville, financement envisagé et message.
              </p>
              <h3>Réclamations</h3>
              <p>
                Par le formulaire de contact (sujet «&nbsp;Réclamation&nbsp;») ou votre espace client et stagiaire&nbsp;: nom, adresse
                e-mail, téléphone si vous le renseignez, formation concernée, texte de la réclamation, puis notre réponse écrite, les dates
                de son traitement et l'action corrective décidée.
              </p>
              <h3>Comptes utilisateurs</h3>
              <p>
                Adresse e-mail, nom affiché, mot de passe (conservé uniquement sous forme d'empreinte chiffrée, jamais en clair), rôle
                (lecteur, éditeur ou administrateur), dates de création et de modification du compte, et sessions de connexion avec
                l'adresse IP et l'identification du navigateur (user agent) utilisés.
              </p>
              <h3>Journaux techniques</h3>
              <p>
                Comme tout site, nos serveurs enregistrent pour chaque requête l'adresse IP, la date et l'heure, la page demandée, le
                résultat de la requête et l'identification du navigateur.
              </p>
              <h3>Mesure d'audience</h3>
              <p>
                Si vous l'acceptez, nous comptons les pages consultées. Seule l'adresse de la page est transmise&nbsp;: ni cookie, ni
                identifiant, ni adresse IP ne sont conservés pour cette mesure. Voir la{" "}
                <Link to="/politique-cookies">politique de cookies</Link>.
              </p>

              <h2>Finalités et bases légales</h2>
              <table>
                <caption className="sr-only">Finalités des traitements et bases légales</caption>
                <thead>
                  <tr>
                    <th scope="col">Finalité</th>
                    <th scope="col">Base légale (article 6 du RGPD)</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <td>Répondre à vos messages envoyés par le formulaire de contact</td>
                    <td>Intérêt légitime à répondre aux personnes qui nous sollicitent</td>
                  </tr>
                  <tr>
                    <td>Établir un devis, vous conseiller sur le financement et préparer la formation demandée</td>
                    <td>Mesures précontractuelles prises à votre demande</td>
                  </tr>
                  <tr>
                    <td>Assurer le suivi de votre demande et vous recontacter à son sujet</td>
                    <td>Intérêt légitime au suivi de la relation commerciale</td>
                  </tr>
                  <tr>
                    <td>
                      Enregistrer et traiter vos réclamations, vous répondre par écrit et améliorer nos formations (registre des
                      réclamations)
                    </td>
                    <td>
                      Intérêt légitime à traiter les réclamations et à justifier de la qualité de nos formations (certification Qualiopi)
                    </td>
                  </tr>
                  <tr>
                    <td>Créer et gérer votre compte, vous authentifier et attribuer les droits liés à votre rôle</td>
                    <td>Exécution du contrat formé par l'acceptation des conditions d'utilisation</td>
                  </tr>
                  <tr>
                    <td>Assurer la sécurité du site, prévenir les abus et corriger les anomalies (journaux, sessions)</td>
                    <td>Intérêt légitime à protéger le site et ses utilisateurs</td>
                  </tr>
                  <tr>
                    <td>Mesurer l'audience de façon anonyme</td>
                    <td>Consentement, que vous pouvez retirer à tout moment</td>
                  </tr>
                </tbody>
              </table>
              <p>Aucune décision automatisée ni aucun profilage n'est réalisé à partir de vos données.</p>

              <h2>Destinataires</h2>
              <p>Vos données sont destinées&nbsp;:</p>
              <ul>
                <li>
                  aux membres habilités de notre équipe (conseillers en formation, équipe pédagogique et administrative, administrateurs du
                  site), chacun pour ce qui le concerne&nbsp;;
                </li>
                <li>
                  à nos sous-traitants techniques, qui agissent sur nos instructions et sont tenus à la confidentialité&nbsp;: l'hébergeur
                  du site, {o.hostName}, et le cas échéant notre prestataire d'envoi de courriels.
                </li>
              </ul>
              <p>
                Si vous donnez suite à un devis, les informations nécessaires à la prise en charge de la formation sont transmises au
                financeur que vous avez choisi (OPCO, Caisse des dépôts pour le CPF, France Travail). Vos données ne sont jamais vendues ni
                louées, et ne sont pas utilisées à des fins publicitaires.
              </p>

              <h2>Transferts hors de l'Union européenne</h2>
              <p>
                Vos données sont hébergées dans l'Union européenne et ne font l'objet d'aucun transfert en dehors de l'Union européenne.
              </p>

              <h2>Durées de conservation</h2>
              <table>
                <caption className="sr-only">Durées de conservation des données</caption>
                <thead>
                  <tr>
                    <th scope="col">Données</th>
                    <th scope="col">Durée de conservation</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <td>Demandes de contact et de devis</td>
                    <td>
                      <strong>{leadRetention}</strong> à compter de notre dernier échange, puis suppression
                    </td>
                  </tr>
                  <tr>
                    <td>Réclamations</td>
                    <td>
                      <strong>{leadRetention}</strong> à compter de notre dernier échange à leur sujet, puis effacement de vos
                      données&nbsp;: le registre ne garde que leur numéro, leurs dates et l'action corrective décidée
                    </td>
                  </tr>
                  <tr>
                    <td>Compte utilisateur</td>
                    <td>Jusqu'à la suppression du compte, ou suppression après 3&nbsp;ans sans connexion</td>
                  </tr>
                  <tr>
                    <td>Sessions de connexion (adresse IP, navigateur)</td>
                    <td>Jusqu'à la déconnexion ou l'expiration de la session, 7&nbsp;jours au plus</td>
                  </tr>
                  <tr>
                    <td>Journaux techniques</td>
                    <td>12&nbsp;mois</td>
                  </tr>
                  <tr>
                    <td>Votre choix concernant la mesure d'audience (dans votre navigateur)</td>
                    <td>6&nbsp;mois</td>
                  </tr>
                </tbody>
              </table>
              <p>
                Si votre demande aboutit à une formation, les documents contractuels et comptables sont conservés pendant les durées prévues
                par la loi (notamment 10&nbsp;ans pour les pièces comptables).
              </p>

              <PrivacySecurityAndRights dpoEmail={o.dpoEmail} />

              <h2>Modifications de cette politique</h2>
              <p>
                Cette politique peut évoluer, notamment lorsque le site propose un nouveau service. La date de dernière mise à jour figure
                ci-dessous.
              </p>

              <LastUpdated date={LEGAL_UPDATED_AT.confidentialite} />
            </div>
          </div>
        </>
      )}
    </ServerHtml>
  );
}
