import type { IllustrationName } from "~/ui/illustration";
import type { BlogCategory } from "./labels";

/**
 * The blog's demonstration articles: real, useful content for the visitors of a training
 * organisation (funding, obligations, quality, modalities, career). Written with ordinary spaces;
 * `typeset` adds the French non-breaking spaces before « : ; ! ? » and inside guillemets.
 * Rules and amounts are those in force when the articles were written; the articles say so
 * where they change often.
 */
export interface DemoPost {
  slug: string;
  title: string;
  excerpt: string;
  category: BlogCategory;
  tags: string[];
  /** Days before the seed date; published at 8:30 (Paris). */
  daysAgo: number;
  /** Slugs of demo formations shown at the end of the article (missing ones are skipped). */
  formations: string[];
  seoDescription?: string;
  /** Its cover: a drawing of the site's illustration set (app/ui/illustration.tsx). */
  illustration: IllustrationName;
  content: string;
}

/** French typography: non-breaking space before « : ; ! ? » and inside « guillemets ». */
export function typeset(text: string): string {
  return text.replace(/ ([:;!?»])/g, "\u00a0$1").replace(/« /g, "«\u00a0");
}

const posts: DemoPost[] = [
  {
    slug: "financer-sa-formation-avec-son-opco",
    illustration: "commercial",
    title: "Financer une formation avec son OPCO : le mode d'emploi pour les entreprises",
    excerpt:
      "Votre entreprise cotise chaque année pour la formation professionnelle : son opérateur de compétences (OPCO) peut prendre en charge tout ou partie des formations de vos salariés. Qui peut en bénéficier, quelles démarches, quels délais : le point complet.",
    category: "financement",
    tags: ["OPCO", "Plan de développement des compétences", "Entreprise"],
    daysAgo: 4,
    formations: [
      "prendre-son-poste-de-manager",
      "excel-perfectionnement-tableaux-croises-dynamiques",
      "sauveteur-secouriste-du-travail-sst",
    ],
    content: `Chaque entreprise privée verse une contribution à la formation professionnelle, collectée par l'Urssaf avec les cotisations sociales. Une partie de ces fonds est redistribuée par les **opérateurs de compétences (OPCO)**, qui financent les formations des salariés selon des règles fixées par leurs partenaires sociaux. Encore faut-il savoir à quelle porte frapper, et quand.

## Qu'est-ce qu'un OPCO ?

Depuis le 1er avril 2019, onze OPCO ont remplacé les anciens OPCA. Chacun regroupe des branches professionnelles proches : Atlas pour les services financiers et le conseil, AKTO pour les services à forte intensité de main-d'œuvre, Opcommerce pour le commerce, Constructys pour le BTP, l'OPCO des entreprises de proximité pour l'artisanat et les professions libérales, etc.

Votre OPCO ne se choisit pas : il dépend de la **convention collective** appliquée dans votre entreprise. Elle figure sur les bulletins de paie de vos salariés. Nos pages [financement par OPCO](/financement) détaillent le champ et les priorités de chacun.

Ses missions principales :

- financer les contrats d'apprentissage et de professionnalisation ;
- financer le **plan de développement des compétences** des entreprises de moins de 50 salariés ;
- accompagner les petites entreprises dans l'analyse de leurs besoins de formation.

## Votre entreprise peut-elle être financée ?

C'est la taille de l'entreprise qui décide.

- **Moins de 50 salariés** : l'OPCO peut financer les formations inscrites à votre plan de développement des compétences, dans la limite des fonds disponibles et des plafonds qu'il fixe chaque année (coût horaire maximal, montant annuel par entreprise, parfois par salarié).
- **50 salariés et plus** : les formations du plan sont financées sur le budget propre de l'entreprise. L'OPCO reste compétent pour l'alternance et le dispositif Pro-A, et peut gérer des contributions volontaires versées en plus de la contribution légale.

Les critères évoluent d'une année à l'autre, parfois en cours d'année quand les fonds s'épuisent : renseignez-vous tôt, idéalement dès le premier trimestre.

## Les démarches, étape par étape

1. **Identifier le besoin** : adaptation au poste, évolution de l'activité, obligation réglementaire (sécurité, habilitations)…
2. **Choisir l'organisme de formation** : pour être financé avec des fonds mutualisés, il doit être **certifié Qualiopi**.
3. **Demander un devis et le programme** : objectifs, durée, dates, modalités, prix. L'organisme vous adresse ensuite une convention de formation.
4. **Déposer la demande de prise en charge** sur l'espace en ligne de votre OPCO, **avant le début de la formation**. Comptez au moins trois à quatre semaines ; certains OPCO imposent un délai minimal.
5. **Recevoir l'accord de prise en charge**, qui précise le montant financé.
6. **Après la formation**, transmettre les feuilles d'émargement ou le certificat de réalisation et la facture.

> Une demande déposée après le début de la formation est presque toujours refusée. C'est la première cause de refus, loin devant les autres.

## Subrogation : ne pas avancer les frais

Avec la **subrogation de paiement**, l'OPCO règle directement l'organisme de formation, à hauteur du montant accordé. L'entreprise ne paie que le reste à charge éventuel. Cochez cette option dans votre demande lorsqu'elle est proposée, et prévenez l'organisme de formation.

## Ce qui est pris en charge, ou non

Selon les OPCO et les branches, la prise en charge peut couvrir :

- les **coûts pédagogiques** (le prix de la formation), dans la limite d'un coût horaire plafonné ;
- parfois les **frais annexes** (transport, hébergement, repas) ;
- pour les plus petites entreprises, parfois une partie de la **rémunération** du salarié pendant la formation.

Pour estimer rapidement le montant auquel votre entreprise peut prétendre, utilisez notre [simulateur de prise en charge OPCO](/simulateur-opco) : il applique les barèmes publiés par chaque opérateur.

## Nos conseils pour un dossier accepté du premier coup

- Vérifiez le **numéro d'enregistrement** de l'organisme de formation (numéro de déclaration d'activité) et sa certification Qualiopi avant de signer.
- Joignez un **programme détaillé** : objectifs pédagogiques, contenu, durée en heures, modalités d'évaluation.
- Respectez les **dates** : une formation reportée doit être signalée à l'OPCO avant la date initiale.
- Conservez les **émargements** : sans preuve de présence, pas de paiement.

Vous hésitez sur le bon dispositif ? [Demandez-nous un devis](/devis) en précisant votre OPCO : nous vous indiquons la prise en charge possible et préparons les documents dont vous aurez besoin.`,
  },
  {
    slug: "utiliser-son-cpf-mode-d-emploi",
    illustration: "bureautique",
    title: "Utiliser son compte personnel de formation (CPF) : droits, démarches et pièges à éviter",
    excerpt:
      "500 € par an, jusqu'à 5 000 € : le CPF permet à chaque actif de financer une formation certifiante, un bilan de compétences ou le permis de conduire. Comment connaître ses droits, choisir une formation éligible et s'inscrire sans mauvaise surprise.",
    category: "financement",
    tags: ["CPF", "Reconversion", "Certification"],
    daysAgo: 13,
    formations: ["excel-perfectionnement-tableaux-croises-dynamiques", "anglais-professionnel-reunions-e-mails-telephone"],
    content: `Le compte personnel de formation (CPF) appartient à chaque actif, salarié ou demandeur d'emploi, de son entrée sur le marché du travail jusqu'à la retraite. Il suit la personne d'un employeur à l'autre : les droits acquis ne se perdent pas en cas de changement d'emploi ou de licenciement.

## Combien avez-vous sur votre compte ?

Le CPF est crédité **en euros** à la fin de chaque année travaillée :

| Situation | Crédit annuel | Plafond |
|---|---|---|
| Salarié à mi-temps ou plus | 500 € | 5 000 € |
| Salarié peu qualifié (sans diplôme de niveau CAP ou équivalent) | 800 € | 8 000 € |
| Travailleur reconnu handicapé (en ESAT ou bénéficiaire de l'obligation d'emploi) | 800 € | 8 000 € |
| Salarié à moins d'un mi-temps | au prorata du temps travaillé | 5 000 € |

Pour consulter votre solde, connectez-vous au site officiel **moncompteformation.gouv.fr** ou à l'application « Mon Compte Formation ». Votre identité est vérifiée avec FranceConnect+ : prévoyez votre application L'Identité Numérique La Poste ou un moyen équivalent.

## Quelles formations sont éligibles ?

Seules les actions qui mènent à une **reconnaissance officielle** peuvent être financées :

- les certifications inscrites au **Répertoire national des certifications professionnelles (RNCP)** : diplômes, titres professionnels, CQP ;
- les certifications et habilitations inscrites au **Répertoire spécifique (RS)** : Tosa, TOEIC, Bright, certificats de compétences en entreprise… ;
- le **bilan de compétences** et l'accompagnement à la **validation des acquis de l'expérience** (VAE) ;
- la préparation du **permis de conduire** ;
- les actions d'accompagnement à la **création ou reprise d'entreprise**.

Sur notre catalogue, le badge « Éligible CPF » signale les formations préparant à une certification inscrite à l'un de ces répertoires ; la fiche indique le code RNCP ou RS correspondant.

## S'inscrire, étape par étape

1. Recherchez la formation sur Mon Compte Formation, par son intitulé ou le nom de l'organisme.
2. Choisissez une **session** et envoyez votre demande d'inscription.
3. L'organisme vous adresse une proposition ; vous la **validez** et réglez le reste à charge éventuel.
4. La formation commence au plus tôt **11 jours ouvrés** après votre validation : anticipez.

Depuis mai 2024, une **participation forfaitaire** reste à la charge du titulaire pour chaque formation financée par le CPF (100 € à sa création, revalorisée chaque année). Les demandeurs d'emploi en sont exonérés, de même que les titulaires dont l'employeur complète le financement.

## Pendant ou en dehors du temps de travail ?

- **En dehors du temps de travail**, vous n'avez pas à demander l'accord de votre employeur, ni même à l'en informer.
- **Sur le temps de travail**, son autorisation est nécessaire. La demande se fait au moins **60 jours** avant le début d'une formation de moins de six mois, **120 jours** pour une formation plus longue. L'employeur dispose de 30 jours pour répondre ; sans réponse, la demande est réputée acceptée. Votre rémunération est alors maintenue.

## Et si votre compte ne suffit pas ?

Plusieurs financeurs peuvent **abonder** votre CPF, c'est-à-dire compléter le montant directement dans Mon Compte Formation : votre employeur, votre OPCO dans le cadre d'un projet de transition, France Travail si vous êtes demandeur d'emploi, votre région ou l'Agefiph. Parlez-en avant de valider l'inscription : l'abondement doit être accordé avant la commande.

## Les pièges à éviter

- **Le démarchage est interdit.** Depuis fin 2022, aucun organisme n'a le droit de vous solliciter par téléphone, SMS ou réseaux sociaux pour utiliser votre CPF. Un appel de ce type est une tentative d'escroquerie.
- **Ne communiquez jamais vos identifiants**, ni le code reçu par SMS, à un tiers.
- **Vérifiez la certification** : une formation « éligible » sans code RNCP ou RS n'est pas finançable.
- **Lisez le programme** : durée, modalités (présentiel, distanciel) et modalités d'évaluation doivent être précises.

Pour savoir quelles de nos formations correspondent à votre projet et combien il vous resterait à payer, consultez notre page [financer sa formation avec le CPF](/financement/cpf) ou [écrivez-nous](/contact).`,
  },
  {
    slug: "qualiopi-ce-que-certifie-la-certification",
    illustration: "management",
    title: "Qualiopi : ce que la certification garantit vraiment (et ce qu'elle ne garantit pas)",
    excerpt:
      "Obligatoire depuis 2022 pour accéder aux fonds publics et mutualisés, Qualiopi est devenue un repère pour choisir un organisme de formation. Sept critères, trente-deux indicateurs, des audits réguliers : ce que le logo atteste, et ce qu'il faut vérifier en plus.",
    category: "qualite",
    tags: ["Qualiopi", "Qualité", "Choisir un organisme"],
    daysAgo: 27,
    formations: [],
    content: `Vous avez sans doute remarqué ce logo bleu et rouge sur les sites des organismes de formation. **Qualiopi** est la marque de la certification qualité des prestataires d'actions concourant au développement des compétences. Elle est issue de la loi « Avenir professionnel » du 5 septembre 2018.

## Qui doit être certifié ?

Depuis le **1er janvier 2022**, tout organisme qui veut être financé par des **fonds publics ou mutualisés** doit être certifié Qualiopi : OPCO, Caisse des dépôts (CPF), France Travail, État, régions, Agefiph. Un organisme non certifié peut exercer, mais ses formations ne peuvent alors être payées que par l'entreprise ou le particulier, sur leurs fonds propres.

La certification porte sur une ou plusieurs **catégories d'actions**, mentionnées sur le certificat :

- les actions de formation ;
- les bilans de compétences ;
- les actions permettant de faire valider les acquis de l'expérience (VAE) ;
- les actions de formation par apprentissage.

Un organisme certifié pour les actions de formation ne l'est pas, de ce seul fait, pour les bilans de compétences : vérifiez la catégorie qui correspond à votre besoin.

## Sept critères, trente-deux indicateurs

Le **référentiel national qualité** décrit ce que l'organisme doit démontrer, preuves à l'appui :

1. **L'information du public** : prérequis, objectifs, durée, modalités et délais d'accès, tarifs, contacts, accessibilité aux personnes handicapées, indicateurs de résultats.
2. **L'identification des objectifs** et l'adaptation des prestations aux publics.
3. **L'adaptation aux bénéficiaires** des modalités d'accueil, d'accompagnement, de suivi et d'évaluation.
4. **L'adéquation des moyens** pédagogiques, techniques et d'encadrement.
5. **La qualification et le développement des compétences** des formateurs et des équipes.
6. **L'inscription dans son environnement professionnel** : veille réglementaire, pédagogique et technologique, réseau de partenaires, handicap.
7. **Le recueil et la prise en compte des appréciations et des réclamations**, et l'amélioration continue qui en découle.

C'est pourquoi chaque fiche de notre catalogue publie les prérequis, le délai d'accès, les modalités d'évaluation, le référent handicap et les indicateurs de résultats, datés : ce sont des exigences du critère 1.

## Comment la certification est-elle délivrée ?

Un **organisme certificateur** accrédité par le Cofrac mène un audit initial, sur pièces et sur place. Le certificat est valable **trois ans**. Un **audit de surveillance** a lieu entre le 14e et le 22e mois, puis un audit de renouvellement avant l'échéance. Chaque non-conformité doit être corrigée dans un délai fixé ; une non-conformité majeure non levée entraîne la suspension ou le retrait du certificat.

## Ce que Qualiopi ne garantit pas

Qualiopi certifie des **processus**, pas le contenu de chaque formation. Le logo atteste que l'organisme informe correctement, analyse les besoins, évalue les acquis, forme ses formateurs et traite les réclamations. Il ne dit pas :

- que **telle formation** est adaptée à **votre** besoin ;
- que le formateur qui animera **votre** session est le meilleur spécialiste du sujet ;
- que la formation mène à une **certification** reconnue (c'est une autre question : cherchez un code RNCP ou RS).

## Comment vérifier un organisme ?

- Demandez le **certificat** : il mentionne le certificateur, la date de validité et les catégories d'actions.
- Consultez la **liste publique des organismes de formation**, publiée sur data.gouv.fr, qui indique pour chacun s'il est certifié.
- Lisez les **indicateurs de résultats** publiés : taux de satisfaction, taux de réussite, nombre de stagiaires, avec leur date.
- Posez vos questions sur l'**adaptation** : positionnement à l'entrée, accessibilité, suivi après la formation.

Notre organisme est certifié pour les actions de formation : retrouvez notre certificat, son périmètre et nos résultats sur la page [certification Qualiopi](/certification-qualiopi).`,
  },
  {
    slug: "presentiel-ou-distanciel-comment-choisir",
    illustration: "numerique",
    title: "Présentiel, distanciel ou formation mixte : comment choisir la bonne modalité ?",
    excerpt:
      "Classe virtuelle, e-learning, salle de formation ou parcours mixte : la modalité pèse autant que le programme sur ce que vos équipes retiendront. Six critères pour décider, et ce que la loi exige d'une formation à distance.",
    category: "pedagogie",
    tags: ["Distanciel", "Présentiel", "Formation mixte"],
    daysAgo: 42,
    formations: [
      "anglais-professionnel-reunions-e-mails-telephone",
      "intelligence-artificielle-generative-au-travail",
      "conduire-les-entretiens-annuels-et-professionnels",
    ],
    content: `Depuis 2020, la formation à distance s'est banalisée. Elle n'a pas remplacé la salle de formation : elle a élargi le choix. Encore faut-il choisir en fonction de ce que l'on veut apprendre, et pas seulement du planning ou du budget.

## Trois modalités, plusieurs formats

- **Le présentiel** : le groupe et le formateur sont réunis dans une salle, dans nos centres ou dans vos locaux (formation intra-entreprise).
- **Le distanciel** : la formation se déroule à distance, soit en **classe virtuelle** (en direct, à heures fixes, avec le formateur), soit en **e-learning** (modules en ligne suivis à son rythme), soit en combinant les deux.
- **La formation mixte** (ou *blended learning*) : une partie en salle, une partie à distance, par exemple des apports théoriques en ligne et des mises en situation en présentiel.

## Six critères pour décider

### 1. Ce qu'il faut apprendre

Un savoir (une réglementation, un logiciel, une méthode) se transmet bien à distance. Un **savoir-faire gestuel** (secourisme, gestes et postures, manipulation d'un équipement) exige la présence physique : on ne vérifie pas un massage cardiaque par webcam. Les **savoir-être** (management, négociation, prise de parole) gagnent à être travaillés en groupe, avec des mises en situation ; la classe virtuelle le permet, à condition que les groupes soient petits.

### 2. Le public

L'autonomie, l'aisance avec les outils numériques et la motivation comptent beaucoup plus à distance. Pour un public peu familier des outils, prévoyez une prise en main technique avant la première séance, ou privilégiez le présentiel.

### 3. La dispersion géographique

Des équipes réparties sur plusieurs sites se forment ensemble à distance sans frais de déplacement. Le gain est d'autant plus net que la formation est courte.

### 4. Le temps disponible

Deux demi-journées à distance s'insèrent plus facilement dans un planning chargé qu'une journée entière en salle. Le format fractionné favorise aussi la mémorisation : on met en pratique entre deux séances.

### 5. L'équipement et l'environnement

Un poste correct, une connexion stable, un casque avec micro et **un endroit calme** sont indispensables. Suivre une classe virtuelle dans un open space, interrompu toutes les dix minutes, c'est perdre l'essentiel.

### 6. L'accessibilité

Selon la situation de handicap, l'une ou l'autre modalité sera plus adaptée : déplacements limités, besoin de sous-titres, de pauses plus fréquentes, de supports adaptés. Parlez-en à notre référent handicap avant l'inscription : nous adaptons les conditions dans la mesure du possible.

## En résumé

| Critère | Présentiel | Distanciel | Mixte |
|---|---|---|---|
| Gestes techniques | Indispensable | Inadapté | Pratique en salle |
| Connaissances, logiciels | Adapté | Très adapté | Adapté |
| Savoir-être, management | Très adapté | Adapté en petits groupes | Très adapté |
| Équipes éloignées | Coûteux | Très adapté | Adapté |
| Public peu autonome | Très adapté | À accompagner | Adapté |

## Ce que la loi exige d'une formation à distance

Une formation à distance est une action de formation à part entière, finançable comme une autre. Le Code du travail impose que son programme précise :

- l'**assistance technique et pédagogique** dont bénéficie le stagiaire (qui répond, comment, dans quel délai) ;
- les **activités à réaliser** et leur **durée estimée** ;
- les **évaluations** qui jalonnent ou concluent la formation.

L'assiduité est justifiée par les connexions, les travaux rendus et les évaluations, à la place des feuilles d'émargement. Un programme à distance qui ne dit rien de tout cela doit vous alerter.

## Notre conseil

Partez de l'objectif, pas de la modalité : que doivent savoir **faire** les participants à la fin ? La réponse désigne presque toujours la bonne formule. Chaque fiche de notre [catalogue](/formations) indique la modalité de la formation et les villes où elle a lieu ; pour une session dans vos locaux ou un format sur mesure, [demandez un devis](/devis).`,
  },
  {
    slug: "obligations-de-formation-de-l-employeur",
    illustration: "securite",
    title: "Les obligations de formation de l'employeur : ce que dit le Code du travail",
    excerpt:
      "Adapter les salariés à leur poste, maintenir leur employabilité, organiser les entretiens professionnels, assurer les formations de sécurité : l'employeur a des obligations précises en matière de formation, et les manquements coûtent cher. Le point pour les dirigeants et les RH.",
    category: "reglementation",
    tags: ["Obligations de l'employeur", "Entretien professionnel", "Sécurité", "Entreprise"],
    daysAgo: 58,
    formations: [
      "conduire-les-entretiens-annuels-et-professionnels",
      "sauveteur-secouriste-du-travail-sst",
      "habilitation-electrique-b0-h0v",
      "droit-du-travail-au-quotidien",
    ],
    content: `La formation des salariés n'est pas seulement un levier de performance : c'est une obligation légale. Le Code du travail en fixe plusieurs, qui s'appliquent quelle que soit la taille de l'entreprise.

## L'obligation d'adaptation et d'employabilité

L'article L6321-1 du Code du travail impose à l'employeur :

- d'**assurer l'adaptation** des salariés à leur poste de travail, notamment quand les outils, les méthodes ou l'organisation changent ;
- de **veiller au maintien de leur capacité à occuper un emploi**, au regard de l'évolution des emplois, des technologies et des organisations.

Concrètement, un nouveau logiciel, une nouvelle réglementation ou un changement de fonction appellent une formation. Les juges sanctionnent régulièrement l'employeur qui licencie pour insuffisance professionnelle un salarié qu'il n'a jamais formé, ou qui n'a proposé aucune formation pendant de longues années : dommages et intérêts, voire licenciement sans cause réelle et sérieuse.

## Les formations obligatoires

Certaines formations conditionnent l'exercice d'une activité, en application de la loi ou d'une convention collective. Elles se déroulent **pendant le temps de travail**, avec maintien de la rémunération. Les plus fréquentes :

- la **formation à la sécurité** de chaque salarié à l'embauche, en cas de changement de poste ou de technique (article L4141-2) ;
- l'**habilitation électrique** des salariés qui travaillent sur ou à proximité d'installations électriques, y compris les non-électriciens ;
- l'**autorisation de conduite** des engins (chariots, nacelles, grues), délivrée par l'employeur après une formation adaptée ;
- les **sauveteurs secouristes du travail**, dont la présence est requise dans les ateliers où sont effectués des travaux dangereux ;
- la **formation à l'hygiène alimentaire** dans la restauration commerciale, pour au moins une personne de l'établissement.

Tenez un tableau de ces formations avec leurs dates de recyclage : la plupart doivent être renouvelées périodiquement.

## L'entretien professionnel

Tout salarié bénéficie d'un **entretien professionnel** consacré à ses perspectives d'évolution, notamment en termes de qualifications et d'emploi. Il est distinct de l'entretien annuel d'évaluation et ne porte pas sur le travail réalisé. Il est organisé :

- à intervalles réguliers (tous les deux ans dans le dispositif issu de la loi de 2014) ;
- au retour de certaines absences : congé maternité, congé parental, arrêt longue maladie…

Tous les six ans, un **état des lieux récapitulatif** du parcours du salarié est réalisé et remis par écrit. Dans les entreprises d'au moins 50 salariés, si le salarié n'a pas bénéficié des entretiens prévus **et** d'au moins une formation non obligatoire pendant ces six ans, l'employeur doit verser un **abondement correctif de 3 000 €** sur son CPF.

Ce dispositif évolue régulièrement : vérifiez la périodicité en vigueur auprès de votre OPCO ou de votre conseil avant de fixer votre calendrier.

## Les contributions financières

Chaque employeur verse, avec ses cotisations sociales, la **contribution à la formation professionnelle** : 0,55 % de la masse salariale dans les entreprises de moins de 11 salariés, 1 % au-delà. S'y ajoutent la taxe d'apprentissage et, pour les salariés en CDD, une contribution spécifique de 1 %. Ces contributions alimentent notamment le CPF et les fonds que les OPCO redistribuent aux entreprises de moins de 50 salariés.

## Le plan de développement des compétences

Le Code du travail n'impose pas de formaliser un plan de formation, mais c'est le meilleur moyen de **prouver** que l'entreprise remplit son obligation d'adaptation. Il recense les actions prévues pour l'année : formations obligatoires, adaptation au poste, développement des compétences. Dans les entreprises d'au moins 50 salariés, le comité social et économique est consulté sur les orientations de la formation.

## Ce qu'il faut retenir

1. **Formez à chaque changement** : poste, outil, méthode, réglementation.
2. **Tenez à jour** les formations obligatoires et leurs recyclages.
3. **Planifiez les entretiens professionnels** et conservez-en une trace écrite signée.
4. **Gardez les preuves** : conventions, attestations, feuilles d'émargement.

Pour vos formations de sécurité, vos managers qui conduisent les entretiens professionnels ou un plan de formation à bâtir, [contactez-nous](/contact) : nous vous aidons à prioriser et à mobiliser les [financements de l'entreprise](/financement/entreprise).`,
  },
  {
    slug: "preparer-son-bilan-de-competences",
    illustration: "rh",
    title: "Bilan de compétences : comment le préparer pour qu'il serve vraiment",
    excerpt:
      "Envie de changer de métier, de progresser ou simplement de faire le point ? Le bilan de compétences, finançable par le CPF, vous aide à construire un projet réaliste. Son déroulement, son financement et les questions à vous poser avant de commencer.",
    category: "carriere",
    tags: ["Bilan de compétences", "Reconversion", "CPF"],
    daysAgo: 76,
    formations: [],
    content: `Le bilan de compétences permet à un actif d'**analyser ses compétences professionnelles et personnelles, ses aptitudes et ses motivations** afin de définir un projet professionnel et, le cas échéant, un projet de formation. Il s'adresse aux salariés comme aux demandeurs d'emploi, quel que soit leur âge ou leur niveau.

## Comment se déroule un bilan ?

Un bilan dure **24 heures au maximum**, généralement réparties en rendez-vous de deux à trois heures sur plusieurs semaines, avec du travail personnel entre les séances. Il comprend trois phases fixées par le Code du travail :

1. **La phase préliminaire** : analyser votre demande et vos besoins, vous informer sur les conditions du bilan et sur les méthodes employées.
2. **La phase d'investigation** : explorer votre parcours, vos compétences, vos valeurs et vos intérêts, puis confronter les pistes envisagées au marché du travail (enquêtes métiers, rencontres de professionnels, tests).
3. **La phase de conclusion** : définir votre projet et les étapes pour le réaliser, formation comprise si nécessaire.

À la fin, le consultant vous remet un **document de synthèse**. Il vous appartient : personne, pas même votre employeur s'il a financé le bilan, ne peut en obtenir communication sans votre accord. La plupart des prestataires proposent aussi un entretien de suivi quelques mois plus tard.

## Comment le financer ?

- **Avec votre CPF** : le bilan de compétences fait partie des actions éligibles. Vous le réservez sur Mon Compte Formation, comme une formation.
- **Par votre employeur**, au titre du plan de développement des compétences : le bilan ne peut alors être réalisé qu'avec **votre consentement**, et une convention est signée entre l'employeur, vous et le prestataire.
- **Par France Travail**, si vous êtes demandeur d'emploi, selon votre projet.
- **Sur vos fonds personnels**, en dernier recours.

Réalisé sur votre temps de travail avec votre CPF, le bilan suppose l'accord de votre employeur, demandé au moins 60 jours avant. En dehors du temps de travail, aucune autorisation n'est nécessaire et votre employeur n'a pas à en être informé.

## Bien choisir son prestataire

Le prestataire doit être **certifié Qualiopi pour la catégorie « bilans de compétences »**. Au-delà, prenez le temps de comparer :

- **le consultant** : son parcours, son expérience du conseil en évolution professionnelle, sa connaissance de votre secteur ;
- **la méthode** : part des entretiens individuels, tests utilisés, travail d'enquête sur les métiers ;
- **le rythme** : sur site, à distance ou mixte, en journée ou en soirée ;
- **le premier entretien**, généralement gratuit et sans engagement : c'est le moment de vérifier que le courant passe.

Méfiez-vous des offres qui promettent un bilan bouclé en quelques jours, ou qui vous sollicitent par téléphone pour utiliser votre CPF : le démarchage est interdit.

## Les questions à vous poser avant de commencer

Un bilan réussi est un bilan préparé. Avant le premier rendez-vous, notez vos réponses à ces questions :

- Qu'est-ce qui me pousse à faire ce bilan **maintenant** ?
- Quelles missions m'ont donné le plus de satisfaction, et pourquoi ?
- Qu'est-ce que je ne veux **plus** faire ?
- Quelles contraintes sont non négociables : revenus, mobilité, horaires, vie familiale ?
- De quoi ai-je besoin pour me sentir utile au travail ?

Apportez aussi votre CV à jour, vos derniers entretiens annuels et, si vous en avez, vos attestations de formation : ils nourriront la phase d'investigation.

## Et après ?

Le bilan débouche souvent sur une **formation**, une **validation des acquis de l'expérience**, une mobilité interne ou une création d'entreprise. Si votre projet passe par une formation certifiante, notre [page sur le CPF](/financement/cpf) détaille les démarches, et notre équipe peut vous aider à construire le parcours et son financement : [contactez-nous](/contact).`,
  },
];

export const DEMO_POSTS: DemoPost[] = posts.map((p) => ({
  ...p,
  title: typeset(p.title),
  excerpt: typeset(p.excerpt),
  content: typeset(p.content),
}));
