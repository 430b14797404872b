import { Link } from "~/ui/link";
import type { Route } from "./+types/certification-qualiopi";
import { CallToAction, PageIntro, QualiopiBadge } from "~/domain/content/components";
import { formatDateFr } from "~/domain/content/format";
import { QUALIOPI_CRITERIA, QUALIOPI_PUBLIC_LIST_URL } from "~/domain/content/qualiopi-criteria";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { pageBreadcrumbMeta } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { useRootData } from "~/root";
import { de } from "~/ui/french";
import { ServerHtml } from "~/ui/server-html";

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, {
      title: "Certification Qualiopi : ce qu'elle vous garantit",
      description:
        "Qualiopi, le référentiel national qualité des organismes de formation : 7 critères, 32 indicateurs. Notre certificat, sa portée et comment le vérifier.",
    }),
    ...pageBreadcrumbMeta(args, "Certification Qualiopi"),
  ];
}

export default function CertificationQualiopi() {
  const o = useRootData()?.organisation ?? DEMO_ORGANISATION;
  const certified = Boolean(o.qualiopiCertificateNumber);
  return (
    <ServerHtml>
      {() => (
        <>
          <PageIntro eyebrow="Certification qualité" title="Notre certification Qualiopi">
            <p>
              {certified
                ? `${o.name} est certifié Qualiopi au titre des actions de formation.`
                : `${o.name} met en œuvre le référentiel national qualité dans toutes ses formations.`}{" "}
              Voici ce que recouvre cette certification, ce qu'elle vous garantit et comment la vérifier.
            </p>
            {certified ? <QualiopiBadge className="mt-4" /> : null}
          </PageIntro>

          <div className="mx-auto max-w-6xl px-4 py-12">
            <div className="prose-site">
              <h2>Qu'est-ce que Qualiopi&nbsp;?</h2>
              <p>
                Qualiopi est la marque de certification qualité des organismes qui réalisent des actions concourant au développement des
                compétences. Elle a été créée par la loi n°&nbsp;2018-771 du 5&nbsp;septembre 2018 pour la liberté de choisir son avenir
                professionnel, dite loi «&nbsp;Avenir professionnel&nbsp;».
              </p>
              <p>
                La certification repose sur un <strong>référentiel national qualité</strong> commun à tous les organismes, composé de{" "}
                <strong>7&nbsp;critères</strong> déclinés en <strong>32&nbsp;indicateurs</strong>. Elle est délivrée, après un audit sur
                site, par un organisme certificateur accrédité par le Cofrac, pour une durée de trois ans. Un audit de surveillance a lieu
                entre le 14
                <sup>e</sup> et le 22<sup>e</sup>&nbsp;mois, puis un audit de renouvellement au terme des trois ans.
              </p>
              <p>
                <strong>Depuis le 1er&nbsp;janvier 2022</strong>, cette certification est obligatoire pour tout organisme qui souhaite que
                ses formations soient financées par des fonds publics ou mutualisés&nbsp;: opérateurs de compétences (OPCO), compte
                personnel de formation (CPF), France Travail, État, régions, Agefiph.
              </p>
              <p>La certification peut porter sur quatre catégories d'actions&nbsp;:</p>
              <ul>
                <li>les actions de formation&nbsp;;</li>
                <li>les bilans de compétences&nbsp;;</li>
                <li>les actions permettant de faire valider les acquis de l'expérience (VAE)&nbsp;;</li>
                <li>les actions de formation par apprentissage.</li>
              </ul>
              {certified ? (
                <p>
                  Le certificat {de(o.name)} porte sur la catégorie <strong>actions de formation</strong>.
                </p>
              ) : null}

              <h2>Les 7 critères du référentiel national qualité</h2>
              <p>Chaque critère se traduit, pour vous, par un engagement concret&nbsp;:</p>
              <ol>
                {QUALIOPI_CRITERIA.map((c) => (
                  <li key={c.title}>
                    <strong>{c.title}.</strong> {c.forYou}
                  </li>
                ))}
              </ol>

              <h2>Ce que la certification vous garantit</h2>
              <ul>
                <li>
                  Avant de vous inscrire, vous disposez du programme, des prérequis, de la durée, du tarif, des délais d'accès, des
                  modalités d'évaluation et des conditions d'accessibilité de chaque formation.
                </li>
                <li>Votre niveau et vos objectifs sont évalués en amont, et la formation est adaptée en conséquence.</li>
                <li>Vos formateurs sont qualifiés et leurs compétences sont entretenues.</li>
                <li>Vos acquis sont évalués pendant et en fin de formation, et vous recevez un certificat de réalisation.</li>
                <li>Votre avis est recueilli et toute réclamation reçoit une réponse.</li>
                <li>
                  Votre formation peut être prise en charge par votre OPCO, votre CPF, France Travail ou un autre financeur public (voir{" "}
                  <Link to="/financement">nos solutions de financement</Link>).
                </li>
              </ul>
              <p>
                La certification atteste la qualité du processus mis en œuvre par l'organisme&nbsp;; elle ne constitue pas une certification
                du contenu de chaque formation.
              </p>

              <h2>Notre certificat</h2>
              {certified ? (
                <dl className="mt-4 grid gap-x-6 gap-y-3 rounded-xl border border-slate-200 p-5 sm:grid-cols-[max-content_1fr] dark:border-slate-700">
                  <dt className="font-semibold text-slate-900 dark:text-white">Organisme certifié</dt>
                  <dd>
                    {o.name}, {o.street}, {o.postalCode} {o.city}
                  </dd>
                  <dt className="font-semibold text-slate-900 dark:text-white">Numéro de certificat</dt>
                  <dd>{o.qualiopiCertificateNumber}</dd>
                  {o.qualiopiCertifier ? (
                    <>
                      <dt className="font-semibold text-slate-900 dark:text-white">Organisme certificateur</dt>
                      <dd>{o.qualiopiCertifier}</dd>
                    </>
                  ) : null}
                  <dt className="font-semibold text-slate-900 dark:text-white">Catégorie d'actions certifiée</dt>
                  <dd>Actions de formation</dd>
                  {o.qualiopiValidUntil ? (
                    <>
                      <dt className="font-semibold text-slate-900 dark:text-white">Valable jusqu'au</dt>
                      <dd>
                        <time dateTime={o.qualiopiValidUntil}>{formatDateFr(o.qualiopiValidUntil)}</time>
                      </dd>
                    </>
                  ) : null}
                  <dt className="font-semibold text-slate-900 dark:text-white">Déclaration d'activité</dt>
                  <dd>
                    N°&nbsp;{o.nda}, enregistrée auprès du préfet de la région {o.ndaRegion}
                  </dd>
                </dl>
              ) : (
                <p>
                  Les références de notre certificat (numéro, organisme certificateur, date de validité) vous sont communiquées sur simple
                  demande à <a href={`mailto:${o.email}`}>{o.email}</a>.
                </p>
              )}
              <p>
                La mention «&nbsp;La certification qualité a été délivrée au titre de la catégorie d'action suivante&nbsp;: actions de
                formation&nbsp;» accompagne le logo Qualiopi sur tous nos documents. Le certificat peut être consulté sur demande.
              </p>

              <h2>Vérifier notre certification</h2>
              <p>
                La liste publique des organismes de formation, tenue par le ministère chargé de la formation professionnelle, indique pour
                chaque organisme son numéro de déclaration d'activité et les catégories d'actions pour lesquelles il est certifié.
                Recherchez-y {o.name} ou notre numéro de déclaration d'activité {o.nda}&nbsp;:
              </p>
              <p>
                <a href={QUALIOPI_PUBLIC_LIST_URL}>Liste publique des organismes de formation (data.gouv.fr)</a>
              </p>

              <h2>Une question ou une réclamation&nbsp;?</h2>
              <p>
                Vous pouvez nous faire part de toute remarque sur la qualité de nos formations par{" "}
                <Link to="/contact?sujet=reclamation">le formulaire de contact</Link> (sujet «&nbsp;Réclamation&nbsp;»), depuis{" "}
                <Link to="/espace/reclamation">votre espace client ou stagiaire</Link>, ou à <a href={`mailto:${o.email}`}>{o.email}</a>.
                Chaque réclamation est enregistrée avec un numéro, analysée et reçoit une réponse écrite.
              </p>
            </div>
          </div>

          <CallToAction
            headingId="qualiopi-action"
            title="Trouvez la formation qui vous correspond"
            primary={{ to: "/formations", label: "Voir les formations" }}
            secondary={{ to: "/devis", label: "Demander un devis" }}
          >
            <p>Toutes nos formations sont conçues et animées selon les exigences du référentiel national qualité.</p>
          </CallToAction>
        </>
      )}
    </ServerHtml>
  );
}
