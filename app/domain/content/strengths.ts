/**
 * Why choose the organisation: concrete commitments, each backed by a practice a trainee can check.
 * `short` is the one-sentence version shown on the home page; `points` are detailed on /pourquoi-nous-choisir.
 */
export type StrengthIcon = "trainers" | "followUp" | "funding" | "formats" | "accessibility" | "results";

export interface Strength {
  id: string;
  icon: StrengthIcon;
  title: string;
  short: string;
  intro: string;
  points: readonly string[];
  link?: { to: string; label: string };
}

export const STRENGTHS: readonly Strength[] = [
  {
    id: "formateurs",
    icon: "trainers",
    title: "Des formateurs qui pratiquent leur métier",
    short: "Des formateurs praticiens, choisis pour leur expérience de terrain et évalués à chaque session.",
    intro:
      "Nos formateurs exercent, ou ont exercé, le métier qu'ils enseignent : une manager forme les managers, un préventeur forme à la prévention, une comptable forme sur Excel.",
    points: [
      "Au moins cinq ans d'expérience professionnelle dans le domaine enseigné, vérifiée avant toute collaboration.",
      "Une observation en situation de formation avant la première session confiée.",
      "Une évaluation par les stagiaires à la fin de chaque session, analysée avec le formateur.",
      "Un plan annuel de développement des compétences pédagogiques et techniques pour chacun.",
    ],
  },
  {
    id: "suivi",
    icon: "followUp",
    title: "Un suivi personnalisé, avant, pendant et après",
    short: "Un positionnement avant la formation, un référent joignable pendant, un suivi après.",
    intro: "Une formation réussie commence avant le premier jour et se prolonge après le dernier.",
    points: [
      "Un questionnaire ou un entretien de positionnement pour connaître votre niveau et vos objectifs.",
      "Un programme ajusté à votre groupe ou à votre entreprise, sans supplément pour une adaptation raisonnable.",
      "Un référent pédagogique joignable pendant toute la formation, par téléphone ou par courriel.",
      "Une évaluation des acquis en fin de formation et un questionnaire de suivi trois mois plus tard.",
    ],
  },
  {
    id: "financement",
    icon: "funding",
    title: "Une aide concrète pour financer votre formation",
    short: "Nous identifions les financements possibles et préparons les documents de prise en charge.",
    intro:
      "OPCO, compte personnel de formation, France Travail, plan de développement des compétences : nous vous aidons à trouver le bon financement et à constituer le dossier.",
    points: [
      "L'identification de l'OPCO de votre entreprise et des règles de prise en charge de votre branche.",
      "Un devis, un programme détaillé et une convention prêts à joindre à votre demande de prise en charge.",
      "Un accompagnement pour l'inscription sur Mon Compte Formation lorsque la formation est éligible au CPF.",
      "La coordination avec votre conseiller France Travail pour une demande d'aide individuelle à la formation.",
    ],
    link: { to: "/financement", label: "Tout savoir sur le financement" },
  },
  {
    id: "formats",
    icon: "formats",
    title: "Le format qui s'adapte à vos contraintes",
    short: "Présentiel, distanciel ou mixte, en inter-entreprises, en intra ou en individuel.",
    intro: "Chaque formation existe dans le format le plus utile pour vous, à des dates qui conviennent à votre activité.",
    points: [
      "En présentiel, dans nos salles de formation de plusieurs villes de France ou dans vos locaux.",
      "En distanciel, en classe virtuelle animée en direct par un formateur, jamais de vidéos seules.",
      "En mixte, avec des journées en salle et des séquences à distance pour mettre en pratique entre deux rendez-vous.",
      "En inter-entreprises sur des sessions programmées, en intra pour vos équipes, ou en individuel.",
    ],
    link: { to: "/formations", label: "Voir le catalogue" },
  },
  {
    id: "accessibilite",
    icon: "accessibility",
    title: "Un référent handicap à votre écoute",
    short: "Un référent handicap étudie avec vous les adaptations utiles avant l'inscription.",
    intro:
      "Chaque personne en situation de handicap peut en parler, en toute confidentialité, avec notre référent handicap avant de s'inscrire.",
    points: [
      "Un échange préalable pour identifier vos besoins : rythme, supports, outils, lieu, modalités d'évaluation.",
      "Des adaptations mises en place avec le formateur et, si besoin, avec l'Agefiph ou les partenaires spécialisés.",
      "Une vérification de l'accessibilité du lieu de formation, ou une solution à distance lorsqu'elle convient mieux.",
    ],
    link: { to: "/accessibilite#formations-handicap", label: "Accessibilité de nos formations" },
  },
  {
    id: "resultats",
    icon: "results",
    title: "Des résultats mesurés et publiés",
    short: "Satisfaction, réussite aux certifications : nos résultats sont mesurés et publiés chaque année.",
    intro: "Chaque stagiaire évalue sa formation. Nous publions les résultats, datés, et nous en tirons des améliorations concrètes.",
    points: [
      "Un questionnaire de satisfaction à la fin de chaque formation, et un questionnaire de suivi à trois mois.",
      "Une réponse écrite à chaque réclamation, dans un délai de quinze jours ouvrés.",
      "La publication annuelle des taux de satisfaction, de recommandation et de réussite aux certifications.",
    ],
    link: { to: "/temoignages", label: "Lire les témoignages" },
  },
];
