import { Link } from "~/ui/link";
import type { Route } from "./+types/conditions-utilisation";
import { PAGE_TEXTS } from "~/domain/content/page-texts";
import { LastUpdated, PageIntro } from "~/domain/content/components";
import { formatPhoneFr, telHref } from "~/platform/format";
import { LEGAL_UPDATED_AT } from "~/domain/content/legal";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { pageBreadcrumbMeta } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { useRootData } from "~/root";
import { ServerHtml } from "~/ui/server-html";

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, {
      title: PAGE_TEXTS["/conditions-utilisation"].title,
      description: PAGE_TEXTS["/conditions-utilisation"].description,
    }),
    ...pageBreadcrumbMeta(args, "Conditions d'utilisation"),
  ];
}

export default function ConditionsUtilisation() {
  const root = useRootData();
  const o = root?.organisation ?? DEMO_ORGANISATION;
  const site = root?.siteUrl ? `le site ${root.siteUrl}` : "ce site";

  return (
    <ServerHtml>
      {() => (
        <>
          <PageIntro eyebrow="Informations légales" title="Conditions générales d'utilisation">
            <p>
              Ces conditions fixent les règles d'accès et d'utilisation de {site}, édité par {o.name}. En naviguant sur le site ou en créant
              un compte, vous les acceptez.
            </p>
          </PageIntro>

          <div className="mx-auto max-w-6xl px-4 py-12">
            <div className="prose-site">
              <h2>1. Objet</h2>
              <p>
                Le site présente l'organisme de formation {o.name}, son catalogue de formations, les sessions programmées, les solutions de
                financement, un simulateur de prise en charge par les OPCO et un blog. Il permet de nous contacter, de demander un devis et,
                pour les utilisateurs inscrits, d'accéder à un espace personnel.
              </p>
              <p>
                Ces conditions d'utilisation ne régissent pas la vente des formations&nbsp;: celle-ci fait l'objet d'un devis, puis d'une
                convention ou d'un contrat de formation, accompagnés de nos conditions générales de vente.
              </p>

              <h2>2. Accès au site</h2>
              <p>
                Le site est accessible gratuitement, à toute personne disposant d'un accès à internet. La consultation des pages publiques
                ne nécessite pas de compte. Les frais d'accès à internet et le matériel restent à votre charge.
              </p>
              <p>
                Nous nous efforçons de rendre le site accessible en permanence, mais son accès peut être interrompu, notamment pour des
                opérations de maintenance, des mises à jour ou en cas de panne, sans que cela ouvre droit à indemnisation.
              </p>

              <h2>3. Création de compte et rôles</h2>
              <p>
                Vous pouvez créer un compte avec une adresse e-mail, un nom affiché et un mot de passe. Chaque compte reçoit un rôle, qui
                détermine ce qu'il permet de faire&nbsp;:
              </p>
              <ul>
                <li>
                  <strong>Lecteur</strong>&nbsp;: rôle attribué à tout nouveau compte. Il donne accès à l'espace personnel (gestion du
                  compte, téléchargement de ses données, suppression du compte), sans accès à l'administration.
                </li>
                <li>
                  <strong>Éditeur</strong>&nbsp;: rôle attribué par un administrateur aux membres de notre équipe. Il permet de créer et de
                  modifier les formations et les articles du blog dans l'espace d'administration.
                </li>
                <li>
                  <strong>Administrateur</strong>&nbsp;: tous les droits de l'éditeur, ainsi que la gestion des comptes et des réglages du
                  site.
                </li>
              </ul>
              <p>
                Vos identifiants sont personnels. Vous êtes responsable de la confidentialité de votre mot de passe et de l'utilisation de
                votre compte&nbsp;; si vous pensez qu'il a été utilisé par un tiers, modifiez votre mot de passe et prévenez-nous sans
                délai. En cas d'oubli, vous pouvez réinitialiser votre mot de passe depuis la page de connexion.
              </p>
              <p>
                Vous pouvez supprimer votre compte à tout moment depuis le menu de votre compte. Nous pouvons suspendre ou supprimer un
                compte utilisé en violation des présentes conditions, après vous en avoir informé sauf urgence.
              </p>

              <h2>4. Obligations de l'utilisateur</h2>
              <p>En utilisant le site, vous vous engagez à&nbsp;:</p>
              <ul>
                <li>fournir des informations exactes dans les formulaires et dans votre compte&nbsp;;</li>
                <li>
                  ne pas utiliser le site à des fins illicites, ni pour envoyer des messages abusifs, publicitaires ou frauduleux&nbsp;;
                </li>
                <li>
                  ne pas porter atteinte au fonctionnement du site&nbsp;: tentative d'intrusion, contournement des mesures de sécurité,
                  envoi automatisé de requêtes en masse&nbsp;;
                </li>
                <li>ne pas usurper l'identité d'un tiers ni utiliser le compte d'une autre personne&nbsp;;</li>
                <li>
                  pour les éditeurs et les administrateurs&nbsp;: ne publier que des contenus exacts, respectueux de la loi et des droits
                  des tiers, notamment du droit d'auteur et du droit à l'image.
                </li>
              </ul>

              <h2>5. Demandes de devis, de contact et simulateur</h2>
              <p>
                L'envoi d'une demande de devis ou d'un message par le formulaire de contact ne constitue ni une commande, ni un contrat, ni
                une réservation de place. Le devis que nous vous adressons est une proposition, valable pour la durée qui y est indiquée.
              </p>
              <p>
                L'engagement n'est formé qu'à la signature d'une convention de formation (pour une entreprise ou un autre financeur) ou d'un
                contrat de formation (pour une personne qui finance elle-même sa formation). Dans ce dernier cas, vous disposez d'un délai
                de rétractation de dix jours à compter de la signature du contrat, conformément à l'article L.&nbsp;6353-5 du Code du
                travail.
              </p>
              <p>
                Les résultats du simulateur OPCO et les informations sur le financement sont des estimations fournies à titre
                indicatif&nbsp;: seule la décision du financeur fait foi.
              </p>

              <h2>6. Propriété intellectuelle</h2>
              <p>
                Les contenus du site sont protégés par le droit de la propriété intellectuelle. Toute reproduction non autorisée est
                interdite, dans les conditions précisées dans les <Link to="/mentions-legales">mentions légales</Link>.
              </p>

              <h2>7. Responsabilité</h2>
              <p>
                {o.name} veille à l'exactitude des informations publiées, mais ne peut garantir qu'elles sont exemptes d'erreurs ou
                d'omissions&nbsp;; les programmes, dates et tarifs peuvent évoluer. {o.name} ne peut être tenu responsable des dommages
                résultant d'une utilisation du site non conforme aux présentes conditions, d'une indisponibilité du site ou de l'usage qui
                est fait des informations publiées.
              </p>

              <h2>8. Liens hypertextes</h2>
              <p>
                Le site contient des liens vers des sites tiers (financeurs, organismes publics). Nous n'exerçons aucun contrôle sur ces
                sites et déclinons toute responsabilité quant à leur contenu.
              </p>
              <p>
                Vous pouvez librement créer un lien vers les pages de notre site, à condition qu'il ne soit pas présenté de manière
                trompeuse et que nos pages ne soient pas affichées à l'intérieur d'un autre site.
              </p>

              <h2>9. Données personnelles</h2>
              <p>
                Les données recueillies sur le site sont traitées selon notre{" "}
                <Link to="/politique-confidentialite">politique de confidentialité</Link>. Les informations conservées dans votre navigateur
                sont décrites dans notre <Link to="/politique-cookies">politique de cookies</Link>.
              </p>

              <h2>10. Modification des conditions</h2>
              <p>
                Nous pouvons modifier ces conditions pour tenir compte de l'évolution du site ou de la réglementation. La version applicable
                est celle publiée sur cette page au moment de votre utilisation du site&nbsp;; sa date de mise à jour figure ci-dessous.
              </p>

              <h2>11. Droit applicable et litiges</h2>
              <p>
                Les présentes conditions sont soumises au droit français. En cas de différend, nous vous invitons à nous contacter afin de
                rechercher une solution amiable. À défaut, le litige sera porté devant les juridictions compétentes selon les règles de
                droit commun.
              </p>

              <h2>12. Contact</h2>
              <p>
                Pour toute question sur ces conditions&nbsp;: <a href={`mailto:${o.email}`}>{o.email}</a>,{" "}
                <a href={telHref(o.phone)}>{formatPhoneFr(o.phone)}</a>, par courrier à {o.name}, {o.street}, {o.postalCode} {o.city}, ou
                par le <Link to="/contact">formulaire de contact</Link>.
              </p>

              <LastUpdated date={LEGAL_UPDATED_AT.conditionsUtilisation} />
            </div>
          </div>
        </>
      )}
    </ServerHtml>
  );
}
