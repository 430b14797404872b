import type { AudienceSlug } from "./labels";

/**
 * The four audience pages (/financement/cpf, /pole-emploi, /entreprise, /particulier) share one
 * screen, filled from this data. Written from the official services' public pages
 * (moncompteformation.gouv.fr, francetravail.fr, service-public.fr, Code du travail) and
 * checked on the date below.
 */
export const AUDIENCE_CONTENT_CHECKED_ON = "2026-11-21";

export interface AudienceContent {
  slug: AudienceSlug;
  /** Label in lists and breadcrumbs. */
  label: string;
  /** The page's h1. */
  title: string;
  /** Meta description. */
  description: string;
  intro: string;
  eligibility: string[];
  steps: Array<{ title: string; text: string }>;
  prepare: string[];
  goodToKnow: string[];
  services: Array<{ name: string; url: string; description: string }>;
  /** Our own call to action for this audience. */
  cta: { label: string; to: string };
  checkedOn: string;
}

export const AUDIENCES: Record<AudienceSlug, AudienceContent> = {
  cpf: {
    slug: "cpf",
    label: "Compte personnel de formation (CPF)",
    title: "Financer votre formation avec votre CPF",
    description:
      "Utiliser son compte personnel de formation : qui y a droit, quelles formations, les étapes sur Mon Compte Formation, la participation forfaitaire et les délais.",
    intro:
      "Le compte personnel de formation (CPF) est crédité en euros chaque année de travail. Vous le mobilisez vous-même, sur la plateforme publique Mon Compte Formation, pour suivre une formation certifiante de votre choix.",
    eligibility: [
      "Toute personne active dès 16 ans (15 ans pour un apprenti) : salarié, indépendant, agent public, demandeur d'emploi.",
      "Un salarié à mi-temps ou plus acquiert 500 € par an, dans la limite de 5 000 € ; 800 € par an et 8 000 € pour un salarié sans diplôme de niveau CAP ou pour un travailleur handicapé.",
      "Formations éligibles : celles qui mènent à une certification inscrite au RNCP ou au Répertoire spécifique, la VAE, le bilan de compétences, le permis de conduire (sous conditions) et l'accompagnement à la création d'entreprise.",
      "Le compte n'est plus mobilisable une fois vos droits à la retraite liquidés.",
    ],
    steps: [
      {
        title: "Connectez-vous",
        text: "Sur moncompteformation.gouv.fr ou l'application Mon Compte Formation, avec FranceConnect+ (identité numérique La Poste, par exemple), et consultez votre solde.",
      },
      {
        title: "Choisissez la formation et la session",
        text: "Recherchez notre formation, vérifiez le programme, les dates et le lieu, puis envoyez votre demande d'inscription. Nous y répondons sous 2 jours ouvrés.",
      },
      {
        title: "Validez la proposition",
        text: "Vous avez 4 jours ouvrés pour accepter notre proposition de commande. Au moins 11 jours ouvrés doivent séparer l'envoi de la proposition et le début de la formation.",
      },
      {
        title: "Réglez ce qui reste à payer",
        text: "La participation forfaitaire (103,20 € en 2026) et, si votre solde ne suffit pas, le complément se paient par carte bancaire au moment de la validation.",
      },
      {
        title: "Suivez la formation",
        text: "Nous déclarons votre entrée puis votre sortie de formation ; votre compte est débité du montant de la formation.",
      },
    ],
    prepare: [
      "Votre identité numérique pour FranceConnect+ (à créer à l'avance si vous n'en avez pas).",
      "Votre projet : le métier ou la compétence visés, la certification préparée.",
      "Si la formation a lieu pendant votre temps de travail : l'accord de votre employeur, demandé au moins 60 jours avant le début (120 jours pour une formation de 6 mois ou plus). Sans réponse sous 30 jours, la demande est acceptée.",
      "Un moyen de paiement pour la participation forfaitaire et l'éventuel complément.",
    ],
    goodToKnow: [
      "Vous êtes dispensé de la participation forfaitaire si vous êtes demandeur d'emploi, si votre employeur ou votre OPCO complète votre CPF (abondement), ou dans certains cas d'accident du travail ou de maladie professionnelle.",
      "La loi de finances pour 2026 permet de plafonner, par décret, la prise en charge de certaines formations (certifications du Répertoire spécifique, bilan de compétences, permis de conduire) : le montant pris en charge s'affiche sur la plateforme au moment de l'inscription.",
      "Un salarié peut co-construire son projet avec son employeur : le CPF finance une partie, l'entreprise ou l'OPCO le reste.",
      "Personne ne peut vous démarcher pour utiliser votre CPF : ne communiquez jamais vos identifiants.",
    ],
    services: [
      {
        name: "Mon Compte Formation",
        url: "https://www.moncompteformation.gouv.fr",
        description: "La plateforme publique du CPF : solde, recherche de formations, inscription.",
      },
      {
        name: "Conseil en évolution professionnelle",
        url: "https://mon-cep.org",
        description: "Un conseiller gratuit pour bâtir votre projet, si vous êtes salarié ou indépendant.",
      },
      {
        name: "France compétences",
        url: "https://www.francecompetences.fr",
        description: "Les répertoires des certifications (RNCP et Répertoire spécifique).",
      },
    ],
    cta: { label: "Trouver une formation éligible au CPF", to: "/formations" },
    checkedOn: AUDIENCE_CONTENT_CHECKED_ON,
  },
  "pole-emploi": {
    slug: "pole-emploi",
    label: "France Travail (ex-Pôle emploi)",
    title: "Financer votre formation avec France Travail",
    description:
      "Demandeur d'emploi : faire financer sa formation par France Travail (anciennement Pôle emploi) avec l'AIF, la POEI ou l'AFPR, les étapes et ce qu'il faut préparer.",
    intro:
      "France Travail a remplacé Pôle emploi le 1er janvier 2024. Si vous êtes inscrit comme demandeur d'emploi, votre conseiller peut financer tout ou partie d'une formation qui vous rapproche d'un emploi, en complément de votre CPF.",
    eligibility: [
      "Être inscrit à France Travail comme demandeur d'emploi.",
      "Avoir un projet professionnel validé avec votre conseiller : la formation doit mener à un emploi ou le faciliter.",
      "L'aide individuelle à la formation (AIF) intervient quand les autres financements (CPF, région, OPCO) ne suffisent pas.",
      "Pour une offre d'emploi précise, la POEI ou l'AFPR financent la formation avant l'embauche (jusqu'à 400 heures).",
    ],
    steps: [
      {
        title: "Parlez-en à votre conseiller",
        text: "Présentez votre projet depuis votre espace personnel sur francetravail.fr ou lors d'un rendez-vous.",
      },
      {
        title: "Demandez-nous un devis",
        text: "Nous saisissons le devis sur la plateforme de France Travail destinée aux organismes de formation ; votre conseiller le retrouve dans votre dossier.",
      },
      {
        title: "Mobilisez votre CPF si possible",
        text: "France Travail peut compléter votre solde CPF ; en tant que demandeur d'emploi, vous ne payez pas la participation forfaitaire.",
      },
      {
        title: "Attendez l'accord avant de commencer",
        text: "Le financement doit être accordé avant l'entrée en formation : prévoyez plusieurs semaines entre la demande et le premier jour.",
      },
      {
        title: "Suivez la formation",
        text: "Vos allocations peuvent être maintenues pendant la formation ; nous transmettons les attestations de présence.",
      },
    ],
    prepare: [
      "Votre identifiant France Travail.",
      "Le programme, les dates et le devis de la formation.",
      "Votre solde CPF (sur moncompteformation.gouv.fr).",
      "Pour une POEI ou une AFPR : l'offre d'emploi et l'engagement de l'entreprise qui recrute.",
    ],
    goodToKnow: [
      "Les anciennes adresses pole-emploi.fr redirigent vers francetravail.fr ; les aides ont gardé leurs noms.",
      "Votre région finance aussi des formations pour les demandeurs d'emploi, souvent sans reste à charge : demandez à votre conseiller.",
      "Si vous percevez l'allocation d'aide au retour à l'emploi (ARE), elle continue d'être versée pendant la formation, sous le nom d'ARE formation (AREF).",
    ],
    services: [
      {
        name: "France Travail",
        url: "https://www.francetravail.fr",
        description: "Votre espace personnel, vos aides et le contact avec votre conseiller.",
      },
      {
        name: "Mon Compte Formation",
        url: "https://www.moncompteformation.gouv.fr",
        description: "Votre solde CPF et l'inscription aux formations.",
      },
    ],
    cta: { label: "Demander un devis pour votre conseiller", to: "/devis?financement=france-travail" },
    checkedOn: AUDIENCE_CONTENT_CHECKED_ON,
  },
  entreprise: {
    slug: "entreprise",
    label: "Entreprise",
    title: "Financer la formation de vos salariés",
    description:
      "Employeur : faire financer les formations de vos salariés par votre OPCO, l'alternance, Pro-A ou le CPF co-construit, et les étapes d'une demande de prise en charge.",
    intro:
      "Les formations que vous décidez pour vos salariés relèvent de votre plan de développement des compétences. Selon la taille de l'entreprise, votre OPCO en paie une partie ; d'autres dispositifs existent quelle que soit votre taille.",
    eligibility: [
      "Moins de 50 salariés : votre OPCO finance les formations du plan sur ses fonds mutualisés, selon les barèmes de votre branche.",
      "50 salariés et plus : l'entreprise finance en principe son plan elle-même ; l'OPCO peut gérer des versements volontaires ou conventionnels.",
      "Toutes tailles : alternance (contrats d'apprentissage et de professionnalisation), Pro-A et abondement du CPF de vos salariés.",
      "Votre OPCO dépend de votre convention collective, dont l'IDCC figure sur les bulletins de paie.",
    ],
    steps: [
      {
        title: "Identifiez votre OPCO",
        text: "À partir de votre convention collective ; notre simulateur le retrouve aussi à partir de votre secteur.",
      },
      {
        title: "Estimez la prise en charge",
        text: "Avec notre simulateur OPCO, puis en consultant les critères de votre branche sur le site de l'OPCO.",
      },
      { title: "Demandez-nous un devis", text: "Nous vous envoyons le devis, le programme détaillé et la convention de formation." },
      {
        title: "Déposez la demande de prise en charge",
        text: "Sur l'espace en ligne de votre OPCO, avant le début de la formation, avec le devis et le programme.",
      },
      { title: "Choisissez la subrogation", text: "L'OPCO nous paie directement : vous ne réglez que le reste à charge éventuel." },
      {
        title: "Après la formation",
        text: "Nous transmettons le certificat de réalisation et les feuilles d'émargement, nécessaires au paiement.",
      },
    ],
    prepare: [
      "Le SIRET de l'établissement et l'IDCC de votre convention collective.",
      "L'effectif de l'entreprise.",
      "La liste des stagiaires, les dates et le lieu souhaités.",
      "Votre identifiant sur l'espace en ligne de votre OPCO (à créer si besoin).",
    ],
    goodToKnow: [
      "Les fonds de l'OPCO sont limités : une demande déposée tôt dans l'année a plus de chances d'être financée.",
      "Une formation obligatoire pour la sécurité de vos salariés reste à votre charge si l'OPCO ne la finance pas : elle fait partie de vos obligations d'employeur.",
      "Les contributions à la formation sont collectées par l'Urssaf (ou la MSA) avec la déclaration sociale nominative, puis reversées via France compétences.",
    ],
    services: [
      { name: "Les 11 OPCO", url: "/financement#opco", description: "Le périmètre et les dispositifs de chaque opérateur de compétences." },
      {
        name: "Ministère du Travail",
        url: "https://travail-emploi.gouv.fr",
        description: "Les règles de la formation professionnelle et de l'alternance.",
      },
      { name: "Urssaf", url: "https://www.urssaf.fr", description: "La collecte des contributions à la formation professionnelle." },
    ],
    cta: { label: "Simuler la prise en charge OPCO", to: "/simulateur-opco" },
    checkedOn: AUDIENCE_CONTENT_CHECKED_ON,
  },
  particulier: {
    slug: "particulier",
    label: "Particulier",
    title: "Financer votre formation à titre personnel",
    description:
      "Particulier ou indépendant : payer sa formation soi-même, le contrat de formation, le délai de rétractation de 10 jours, l'échelonnement, et les aides à combiner.",
    intro:
      "Vous pouvez financer vous-même une formation, seule ou en complément d'un autre financement. La loi vous protège : contrat écrit, délai de rétractation et paiement échelonné.",
    eligibility: [
      "Toute personne, quelle que soit sa situation, peut s'inscrire à titre personnel.",
      "Si vous êtes actif, vérifiez d'abord votre solde CPF : il peut couvrir tout ou partie du prix.",
      "Indépendants et dirigeants non salariés : votre fonds d'assurance formation (FIF PL, AGEFICE, FAFCEA, VIVEA) peut prendre en charge la formation.",
      "Salarié en reconversion : le projet de transition professionnelle, instruit par l'association Transitions Pro de votre région, peut financer une formation longue.",
    ],
    steps: [
      { title: "Demandez un devis et le programme", text: "Vérifiez les objectifs, les prérequis, la durée, les dates et le prix." },
      {
        title: "Signez le contrat de formation",
        text: "Un contrat écrit est obligatoire quand vous financez vous-même votre formation ; il précise le prix et les modalités de paiement.",
      },
      {
        title: "Profitez du délai de rétractation",
        text: "Vous disposez de 10 jours après la signature pour vous rétracter par lettre recommandée avec avis de réception, sans frais.",
      },
      {
        title: "Payez de façon échelonnée",
        text: "Rien ne peut être demandé avant la fin du délai de rétractation ; ensuite, 30 % du prix au plus, le solde au fur et à mesure de la formation.",
      },
    ],
    prepare: [
      "Votre projet et le niveau de départ (nous pouvons proposer un positionnement).",
      "Votre solde CPF, pour combiner les financements.",
      "Si vous êtes indépendant : votre attestation de contribution à la formation professionnelle (Urssaf), demandée par votre fonds d'assurance formation.",
    ],
    goodToKnow: [
      "Ces protections viennent du Code du travail (articles L. 6353-3 à L. 6353-7).",
      "Une formation suivie à titre personnel n'a pas besoin de l'accord de l'employeur si elle a lieu hors du temps de travail.",
    ],
    services: [
      {
        name: "Service-Public.fr",
        url: "https://www.service-public.fr",
        description: "Les fiches officielles sur la formation professionnelle et ses financements.",
      },
      {
        name: "Mon Compte Formation",
        url: "https://www.moncompteformation.gouv.fr",
        description: "Votre solde CPF, à combiner avec un paiement personnel.",
      },
      {
        name: "Conseil en évolution professionnelle",
        url: "https://mon-cep.org",
        description: "Un conseiller gratuit pour choisir et financer votre formation.",
      },
    ],
    cta: { label: "Demander un devis", to: "/devis?financement=personnel" },
    checkedOn: AUDIENCE_CONTENT_CHECKED_ON,
  },
};
