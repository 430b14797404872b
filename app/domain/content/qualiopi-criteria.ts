/**
 * The national quality framework (Référentiel national qualité, décret n° 2019-565 du 6 juin 2019):
 * its seven criteria, shown on /certification-qualiopi.
 */
export const QUALIOPI_CRITERIA: readonly { title: string; forYou: string }[] = [
  {
    title: "Information du public",
    forYou:
      "Les prestations, les délais d'accès, les tarifs, les modalités d'évaluation, l'accessibilité et les résultats obtenus sont publiés de façon claire et à jour.",
  },
  {
    title: "Objectifs et conception des prestations",
    forYou: "Chaque formation a des objectifs précis et évaluables, et son contenu est conçu pour le public auquel elle s'adresse.",
  },
  {
    title: "Adaptation aux bénéficiaires",
    forYou:
      "Votre niveau et vos besoins sont analysés avant la formation ; l'accueil, le suivi et l'évaluation sont adaptés à votre situation.",
  },
  {
    title: "Moyens pédagogiques, techniques et d'encadrement",
    forYou: "Les locaux, les outils, les supports et l'encadrement sont adaptés à la formation suivie.",
  },
  {
    title: "Qualification des personnels",
    forYou: "Les formateurs et l'équipe sont compétents dans leur domaine et développent régulièrement leurs compétences.",
  },
  {
    title: "Inscription dans l'environnement professionnel",
    forYou:
      "L'organisme suit les évolutions des métiers, des compétences et de la réglementation, et s'appuie sur des partenaires, notamment pour l'accueil des personnes en situation de handicap.",
  },
  {
    title: "Appréciations et réclamations",
    forYou: "Votre avis est recueilli, vos réclamations sont traitées et l'ensemble conduit à des améliorations concrètes.",
  },
];

/** Official public list of training organisations (Liste publique des organismes de formation). */
export const QUALIOPI_PUBLIC_LIST_URL =
  "https://www.data.gouv.fr/fr/datasets/liste-publique-des-organismes-de-formation-l-6351-7-1-du-code-du-travail/";
