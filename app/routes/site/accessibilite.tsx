import { Link } from "~/ui/link";
import type { Route } from "./+types/accessibilite";
import { LastUpdated, PageIntro } from "~/domain/content/components";
import { formatDateFr, formatDecimalFr } from "~/domain/content/format";
import { formatPhoneFr, telHref } from "~/platform/format";
import { AUTOMATED_AUDIT } from "~/domain/content/accessibility-audit";
import { ACCESSIBILITY_AUDIT, LEGAL_UPDATED_AT } from "~/domain/content/legal";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { pageBreadcrumbMeta } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { useRootData } from "~/root";
import { ServerHtml } from "~/ui/server-html";

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, {
      title: "Déclaration d'accessibilité (RGAA 4.1)",
      description:
        "Déclaration d'accessibilité du site : partiellement conforme au RGAA 4.1, résultats de l'auto-évaluation, contenus non accessibles, contact, voies de recours.",
    }),
    ...pageBreadcrumbMeta(args, "Accessibilité"),
  ];
}

function siteHost(siteUrl: string | undefined): string {
  try {
    return siteUrl ? new URL(siteUrl).host : "";
  } catch {
    return "";
  }
}

export default function Accessibilite() {
  const root = useRootData();
  const o = root?.organisation ?? DEMO_ORGANISATION;
  const host = siteHost(root?.siteUrl) || o.name;
  const audit = ACCESSIBILITY_AUDIT;
  const notApplicable = audit.totalCriteria - audit.applicable;

  return (
    <ServerHtml>
      {() => (
        <>
          <PageIntro eyebrow="Accessibilité numérique" title="Déclaration d'accessibilité">
            <p>
              {o.name} veut que chacun puisse consulter son site et suivre ses formations, quel que soit son handicap. Cette page présente
              l'état d'accessibilité du site et les solutions proposées pour accéder à nos formations.
            </p>
          </PageIntro>

          <div className="mx-auto max-w-6xl px-4 py-12">
            <div className="prose-site">
              <p>
                {o.name} s'engage à rendre son site internet accessible, conformément à l'article 47 de la loi n°&nbsp;2005-102 du
                11&nbsp;février 2005 pour l'égalité des droits et des chances, la participation et la citoyenneté des personnes handicapées.
                Cette déclaration d'accessibilité s'applique au site <strong>{host}</strong>.
              </p>

              <h2>État de conformité</h2>
              <p>
                Le site {host} est <strong>partiellement conforme</strong> avec le référentiel général d'amélioration de l'accessibilité
                (RGAA), version&nbsp;4.1, en raison des non-conformités énumérées ci-dessous.
              </p>

              <h2>Résultats des tests</h2>
              <p>
                L'audit de conformité a été réalisé en interne par notre équipe, sous forme d'<strong>auto-évaluation</strong>, le{" "}
                <time dateTime={audit.date}>{formatDateFr(audit.date)}</time>. Il n'a pas été réalisé par un organisme indépendant. Il
                révèle que <strong>{formatDecimalFr(audit.rate)}&nbsp;%</strong> des critères du RGAA version&nbsp;4.1 applicables aux pages
                auditées sont respectés&nbsp;:
              </p>
              <ul>
                <li>
                  {audit.totalCriteria} critères évalués, dont {audit.applicable} applicables et {notApplicable} non applicables&nbsp;;
                </li>
                <li>{audit.conform} critères conformes&nbsp;;</li>
                <li>{audit.nonConform} critères non conformes.</li>
              </ul>

              <h3>Audit automatisé et au clavier</h3>
              <p>
                Le <time dateTime={AUTOMATED_AUDIT.date}>{formatDateFr(AUTOMATED_AUDIT.date)}</time>, nous avons complété cette
                auto-évaluation par un audit automatisé avec axe-core {AUTOMATED_AUDIT.axeCoreVersion}, qui ne couvre qu'une partie des
                critères du RGAA. Il a porté sur {AUTOMATED_AUDIT.scope}. Il a vérifié&nbsp;:
              </p>
              <ul>
                {AUTOMATED_AUDIT.criteria.map((c, i) => (
                  <li key={c}>
                    {c}
                    {i === AUTOMATED_AUDIT.criteria.length - 1 ? "." : "\u00a0;"}
                  </li>
                ))}
              </ul>
              <p>
                Résultat&nbsp;: {AUTOMATED_AUDIT.result}. {AUTOMATED_AUDIT.lighthouse}. Outils utilisés&nbsp;:{" "}
                {AUTOMATED_AUDIT.tools.join(", ")}. Ces vérifications sont répétées automatiquement à chaque évolution du site.
              </p>

              <h2>Contenus non accessibles</h2>
              <h3>Non-conformités</h3>
              <ul>
                {audit.nonConformities.map((n) => (
                  <li key={n.criterion}>
                    <strong>Critère {n.criterion}.</strong> {n.text}
                  </li>
                ))}
              </ul>
              <p>
                Ces points sont en cours de correction&nbsp;: les rédacteurs du blog disposent désormais d'une consigne sur les alternatives
                textuelles, les changements de langue et les niveaux de titres, et les anciens articles sont repris au fil de leur mise à
                jour.
              </p>
              <h3>Dérogations pour charge disproportionnée</h3>
              <p>Aucune.</p>
              <h3>Contenus non soumis à l'obligation d'accessibilité</h3>
              <p>
                Les contenus de tiers qui ne sont ni financés, ni développés par {o.name}, ni sous son contrôle, en particulier les sites
                des financeurs (OPCO, Mon Compte Formation, France Travail) et des organismes publics vers lesquels le site propose des
                liens.
              </p>

              <h2>Établissement de cette déclaration d'accessibilité</h2>
              <p>
                Cette déclaration a été établie le{" "}
                <time dateTime={LEGAL_UPDATED_AT.accessibilite}>{formatDateFr(LEGAL_UPDATED_AT.accessibilite)}</time>, à partir de
                l'auto-évaluation du {formatDateFr(audit.date)}.
              </p>
              <h3>Technologies utilisées pour la réalisation du site</h3>
              <ul>
                <li>HTML5</li>
                <li>CSS</li>
                <li>JavaScript</li>
                <li>WAI-ARIA</li>
                <li>SVG</li>
              </ul>
              <p>Les pages sont produites sur le serveur&nbsp;: leur contenu reste consultable même lorsque JavaScript est désactivé.</p>
              <h3>Environnement de test</h3>
              <p>Les vérifications de restitution de contenus ont été réalisées avec les combinaisons suivantes&nbsp;:</p>
              <ul>
                <li>NVDA avec Firefox, sous Windows&nbsp;11&nbsp;;</li>
                <li>VoiceOver avec Safari, sous macOS&nbsp;;</li>
                <li>VoiceOver avec Safari, sous iOS&nbsp;;</li>
                <li>TalkBack avec Chrome, sous Android.</li>
              </ul>
              <p>
                Le site a également été parcouru au clavier seul, avec un zoom du texte à 200&nbsp;%, sur un écran de 320&nbsp;pixels de
                large et en mode sombre.
              </p>
              <h3>Outils pour évaluer l'accessibilité</h3>
              <ul>
                <li>Assistant RGAA (extension de navigateur)&nbsp;;</li>
                <li>axe DevTools&nbsp;;</li>
                <li>Colour Contrast Analyser&nbsp;;</li>
                <li>HeadingsMap&nbsp;;</li>
                <li>Validateur HTML du W3C.</li>
              </ul>
              <h3>Pages du site ayant fait l'objet de la vérification de conformité</h3>
              <ul>
                {audit.pages.map((p) => (
                  <li key={p.to}>
                    <Link to={p.to}>{p.label}</Link>
                  </li>
                ))}
              </ul>

              <h2>Retour d'information et contact</h2>
              <p>
                Si vous n'arrivez pas à accéder à un contenu ou à un service, vous pouvez nous contacter pour être orienté vers une
                alternative accessible ou obtenir le contenu sous une autre forme&nbsp;:
              </p>
              <ul>
                <li>
                  par courriel&nbsp;: <a href={`mailto:${o.accessibilityContact}`}>{o.accessibilityContact}</a>&nbsp;;
                </li>
                <li>
                  par téléphone&nbsp;: <a href={telHref(o.phone)}>{formatPhoneFr(o.phone)}</a>&nbsp;;
                </li>
                <li>
                  par le <Link to="/contact">formulaire de contact</Link>&nbsp;;
                </li>
                <li>
                  par courrier&nbsp;: {o.name}, Accessibilité, {o.street}, {o.postalCode} {o.city}.
                </li>
              </ul>

              <h2>Voies de recours</h2>
              <p>
                Cette procédure est à utiliser dans le cas suivant&nbsp;: vous avez signalé au responsable du site un défaut d'accessibilité
                qui vous empêche d'accéder à un contenu ou à l'un des services du site, et vous n'avez pas obtenu de réponse satisfaisante.
                Vous pouvez alors&nbsp;:
              </p>
              <ul>
                <li>
                  écrire un message au Défenseur des droits, au moyen du{" "}
                  <a href="https://formulaire.defenseurdesdroits.fr/">formulaire en ligne</a>&nbsp;;
                </li>
                <li>
                  contacter le <a href="https://www.defenseurdesdroits.fr/carte-des-delegues">délégué du Défenseur des droits</a> dans votre
                  région&nbsp;;
                </li>
                <li>
                  appeler le Défenseur des droits au <a href="tel:0969390000">09&nbsp;69&nbsp;39&nbsp;00&nbsp;00</a> (prix d'un appel
                  local)&nbsp;;
                </li>
                <li>
                  envoyer un courrier par la poste (gratuit, ne pas mettre de timbre)&nbsp;: Défenseur des droits, Libre réponse 71120,
                  75342 Paris CEDEX&nbsp;07.
                </li>
              </ul>

              <h2 id="formations-handicap">Accessibilité de nos formations aux personnes en situation de handicap</h2>
              <p>
                Au-delà du site, nous veillons à ce que nos formations soient accessibles. Si vous êtes en situation de handicap, temporaire
                ou durable, visible ou non, notre <strong>référent handicap</strong> étudie avec vous, en toute confidentialité, les
                adaptations qui vous permettront de suivre la formation dans de bonnes conditions.
              </p>
              <h3>Comment cela se passe</h3>
              <ol>
                <li>
                  Vous contactez le référent handicap avant l'inscription, ou à tout moment pendant la formation, à{" "}
                  <a href={`mailto:${o.accessibilityContact}`}>{o.accessibilityContact}</a> ou au{" "}
                  <a href={telHref(o.phone)}>{formatPhoneFr(o.phone)}</a>.
                </li>
                <li>Un entretien permet d'identifier vos besoins, sans que vous ayez à fournir de justificatif médical.</li>
                <li>Nous définissons ensemble les adaptations, avec le formateur et, si nécessaire, avec des partenaires spécialisés.</li>
                <li>Un point est fait avec vous pendant la formation pour vérifier que les adaptations conviennent.</li>
              </ol>
              <h3>Exemples d'adaptations</h3>
              <ul>
                <li>rythme aménagé, pauses supplémentaires, formation découpée en demi-journées&nbsp;;</li>
                <li>supports en gros caractères, documents numériques compatibles avec les lecteurs d'écran&nbsp;;</li>
                <li>temps majoré ou modalités adaptées pour les évaluations&nbsp;;</li>
                <li>choix d'une salle accessible, ou suivi de la formation à distance lorsque c'est plus adapté&nbsp;;</li>
                <li>présence d'un interprète en langue des signes ou d'un codeur en langage parlé complété, avec un financement adapté.</li>
              </ul>
              <p>
                Nous travaillons avec l'Agefiph, le FIPHFP, les Cap emploi et les maisons départementales des personnes handicapées (MDPH),
                qui peuvent conseiller et financer certaines compensations. Si une formation ne peut pas être adaptée à votre situation,
                nous vous orientons vers une solution ou un organisme mieux à même de vous accueillir.
              </p>

              <LastUpdated date={LEGAL_UPDATED_AT.accessibilite} />
            </div>
          </div>
        </>
      )}
    </ServerHtml>
  );
}
