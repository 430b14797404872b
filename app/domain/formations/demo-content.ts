import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import type { CityData } from "~/domain/cities/model";
import type { CategoryData } from "./model";

/**
 * Demo catalogue: 7 categories, 8 cities, 15 complete formations. Session dates are computed
 * at seed time, relative to the day of seeding (see seed.server.ts). Certification codes and
 * result indicators are illustrative: replace them with your own before going live (README).
 */

export const DEMO_CATEGORIES: CategoryData[] = [
  {
    slug: "bureautique",
    name: "Bureautique",
    description:
      "Excel, Word, PowerPoint et Outlook, des premières bases aux fonctions avancées : nos formateurs travaillent sur vos propres fichiers pour que chaque notion serve dès le lendemain.",
    position: 1,
  },
  {
    slug: "management",
    name: "Management",
    description:
      "Prendre son poste de manager, animer une équipe, conduire les entretiens, déléguer et prévenir les conflits : des formations concrètes, fondées sur des mises en situation.",
    position: 2,
  },
  {
    slug: "langues",
    name: "Langues",
    description:
      "Anglais et espagnol professionnels en petits groupes de niveau, à distance avec un formateur en direct, pour gagner en aisance à l'oral comme à l'écrit.",
    position: 3,
  },
  {
    slug: "numerique",
    name: "Numérique",
    description:
      "Cybersécurité au quotidien, outils collaboratifs et intelligence artificielle générative : les usages numériques qui font gagner du temps sans prendre de risques.",
    position: 4,
  },
  {
    slug: "securite",
    name: "Sécurité au travail",
    description:
      "Premiers secours, gestes et postures, prévention des risques professionnels : des formations réglementaires animées par des formateurs certifiés, au plus près de vos postes de travail.",
    position: 5,
  },
  {
    slug: "commercial",
    name: "Commercial et vente",
    description:
      "Prospection, relation client, négociation et défense des prix, avec des jeux de rôle réalistes filmés et débriefés pour progresser vite.",
    position: 6,
  },
  {
    slug: "rh",
    name: "Ressources humaines",
    description:
      "Recrutement, droit du travail au quotidien et entretiens professionnels : sécuriser les pratiques RH des managers comme des équipes ressources humaines.",
    position: 7,
  },
];

export const DEMO_CITIES: CityData[] = [
  {
    slug: "lyon",
    name: "Lyon",
    region: "Auvergne-Rhône-Alpes",
    intro:
      "Notre siège est à Lyon : les sessions ont lieu dans nos salles de la rue de la République (Lyon 2e), à deux pas des stations Cordeliers et Bellecour, équipées d'un poste par stagiaire et accessibles aux personnes à mobilité réduite.",
    latitude: 45.764,
    longitude: 4.8357,
  },
  {
    slug: "paris",
    name: "Paris",
    region: "Île-de-France",
    intro:
      "À Paris, nous formons dans un centre d'affaires du 9e arrondissement, à cinq minutes à pied de la gare Saint-Lazare : salles lumineuses, connexion fibre et accès de plain-pied.",
    latitude: 48.8566,
    longitude: 2.3522,
  },
  {
    slug: "marseille",
    name: "Marseille",
    region: "Provence-Alpes-Côte d'Azur",
    intro:
      "À Marseille, les sessions se déroulent dans le quartier d'affaires d'Euroméditerranée, desservi par le métro (Joliette) et le tramway, avec parking à proximité.",
    latitude: 43.2965,
    longitude: 5.3698,
  },
  {
    slug: "toulouse",
    name: "Toulouse",
    region: "Occitanie",
    intro:
      "À Toulouse, nous vous accueillons près de la gare Matabiau, dans des salles de formation climatisées et accessibles, à dix minutes du Capitole en métro.",
    latitude: 43.6047,
    longitude: 1.4442,
  },
  {
    slug: "bordeaux",
    name: "Bordeaux",
    region: "Nouvelle-Aquitaine",
    intro:
      "À Bordeaux, les formations ont lieu dans le quartier Euratlantique, face à la gare Saint-Jean, facile d'accès en train comme en tramway.",
    latitude: 44.8378,
    longitude: -0.5792,
  },
  {
    slug: "nantes",
    name: "Nantes",
    region: "Pays de la Loire",
    intro:
      "À Nantes, nous formons sur l'île de Nantes, près du quartier de la création : salles modulables, accès en tramway (ligne 1) et stationnement vélo sécurisé.",
    latitude: 47.2184,
    longitude: -1.5536,
  },
  {
    slug: "lille",
    name: "Lille",
    region: "Hauts-de-France",
    intro:
      "À Lille, les sessions se tiennent dans le quartier d'Euralille, entre les gares Lille-Flandres et Lille-Europe, à une heure de Paris en TGV.",
    latitude: 50.6292,
    longitude: 3.0573,
  },
  {
    slug: "strasbourg",
    name: "Strasbourg",
    region: "Grand Est",
    intro:
      "À Strasbourg, nous vous accueillons près de la place de l'Étoile, à quelques arrêts de tramway de la gare centrale, dans des locaux accessibles de plain-pied.",
    latitude: 48.5734,
    longitude: 7.7521,
  },
];

/** A demo formation before its references are resolved: category and cities by slug, sessions by day offset. */
export interface DemoFormation {
  slug: string;
  title: string;
  summary: string;
  category: string;
  cities: string[];
  featured?: boolean;
  description: string;
  program: Array<{ title: string; content: string; durationHours: number }>;
  objectives: string[];
  prerequisites: string;
  audience: string;
  durationHours: number;
  durationDays: number;
  modality: "presentiel" | "distanciel" | "mixte";
  teachingMethods: string;
  evaluationMethods: string;
  priceInter: number | null;
  vatMode?: "ht" | "ttc" | "exonere";
  satisfactionRate: number;
  successRate?: number;
  traineesCount: number;
  certification?: {
    type: "rncp" | "rs";
    code: string;
    title: string;
    certifier: string;
    registeredAt: string;
    /** Qualiopi indicator 3. */
    passRate: number;
    candidates: number;
    period: string;
    blocks: string;
    partialValidation: boolean;
    equivalences: string;
    nextSteps: string;
    careerOutcomes: string;
  };
  fundingOptions: Array<"entreprise" | "pole-emploi" | "particulier">;
  opcos: string[];
  /** Sessions: days from the seed date (moved to the next Monday), and a city slug or "distanciel". */
  sessions: Array<{ inDays: number; city: string; seatsLeft: number }>;
}

export const DEMO_COMMON = {
  contactName: "Sophie Lambert, conseillère formation",
  contactEmail: DEMO_ORGANISATION.email,
  contactPhone: DEMO_ORGANISATION.phone,
  disabilityContactName: "Karim Benali, référent handicap",
  disabilityContactEmail: DEMO_ORGANISATION.accessibilityContact,
  accessibility:
    "Nos salles sont accessibles aux personnes à mobilité réduite. Pour toute situation de handicap, notre référent handicap étudie avec vous, avant l'inscription, les adaptations possibles : rythme, supports en gros caractères ou compatibles avec les lecteurs d'écran, sous-titrage des classes virtuelles, accompagnement par un tiers. Nous travaillons si besoin avec l'Agefiph et les ressources handicap formation de votre région.",
  accessModalities:
    "Inscription par le formulaire de devis, par e-mail ou par téléphone. Un entretien téléphonique avec le formateur permet de vérifier les prérequis et d'adapter les exemples à votre métier. Une convocation précisant le lieu, les horaires et le programme vous est envoyée une semaine avant le début de la session.",
  accessLeadTime:
    "Inscription possible jusqu'à 10 jours ouvrés avant le début de la session (11 jours ouvrés pour un financement par le CPF).",
  intraOnQuote: true,
};

const classroom =
  "Formation en petit groupe (8 personnes au plus), alternance d'apports courts et d'exercices pratiques, un poste par stagiaire, supports remis en fin de session.";
const quizzes =
  "- Questionnaire de positionnement avant la formation\n- Exercices pratiques corrigés tout au long de la session\n- Évaluation des acquis en fin de formation et attestation de fin de formation\n- Questionnaire de satisfaction à chaud, puis à froid à trois mois";

export const DEMO_FORMATIONS: DemoFormation[] = [
  {
    slug: "excel-perfectionnement-tableaux-croises-dynamiques",
    title: "Excel perfectionnement : tableaux croisés dynamiques et fonctions avancées",
    summary:
      "Analyser de grands volumes de données, fiabiliser ses calculs et automatiser ses tableaux de bord avec les fonctions avancées d'Excel. Certification Tosa Excel incluse.",
    category: "bureautique",
    cities: ["lyon", "paris", "bordeaux", "lille"],
    featured: true,
    description:
      "Vous utilisez Excel tous les jours mais vos fichiers deviennent lourds, les formules se multiplient et les tableaux de bord prennent des heures à mettre à jour ? Cette formation vous apprend à **structurer vos données**, à choisir la bonne fonction et à construire des **tableaux croisés dynamiques** qui se mettent à jour en un clic.\n\nLa formation se termine par le passage de la certification **Tosa Excel**, qui atteste de votre niveau sur une échelle reconnue par les employeurs.",
    program: [
      {
        title: "Organiser ses données",
        content:
          "- Mettre une plage sous forme de tableau\n- Trier, filtrer, supprimer les doublons\n- Valider les saisies avec des listes déroulantes",
        durationHours: 3,
      },
      {
        title: "Fonctions de recherche et conditionnelles",
        content: "- RECHERCHEX, INDEX et EQUIV\n- SI, SI.CONDITIONS, SOMME.SI.ENS, NB.SI.ENS\n- Gérer les erreurs avec SIERREUR",
        durationHours: 4,
      },
      {
        title: "Tableaux croisés dynamiques",
        content: "- Construire, filtrer et regrouper\n- Champs calculés et segments\n- Graphiques croisés dynamiques",
        durationHours: 4,
      },
      {
        title: "Tableau de bord et certification",
        content:
          "- Mise en forme conditionnelle avancée\n- Assembler un tableau de bord d'une page\n- Préparation et passage de la certification Tosa Excel",
        durationHours: 3,
      },
    ],
    objectives: [
      "Structurer une base de données exploitable dans Excel",
      "Utiliser les fonctions de recherche et les fonctions conditionnelles",
      "Construire et mettre en forme des tableaux croisés dynamiques",
      "Réaliser un tableau de bord clair et facile à mettre à jour",
    ],
    prerequisites:
      "Maîtriser les bases d'Excel : saisie, mise en forme, formules simples (somme, moyenne). Un test de positionnement en ligne est proposé avant l'inscription.",
    audience: "Assistants, gestionnaires, comptables, contrôleurs de gestion et toute personne qui analyse des données dans Excel.",
    durationHours: 14,
    durationDays: 2,
    modality: "presentiel",
    teachingMethods: classroom,
    evaluationMethods: `${quizzes}\n- Passage de la certification Tosa Excel (test adaptatif en ligne, 60 minutes)`,
    priceInter: 690,
    satisfactionRate: 96,
    successRate: 94,
    traineesCount: 318,
    certification: {
      type: "rs",
      code: "RS5252",
      title: "Tosa Excel",
      certifier: "Isograd",
      registeredAt: "2020-12-14",
      passRate: 94,
      candidates: 312,
      period: "sessions de janvier à décembre 2025",
      blocks:
        "La certification Tosa Excel ne comporte pas de blocs\u00a0: un test adaptatif unique évalue le niveau (de «\u00a0initial\u00a0» à «\u00a0expert\u00a0»).",
      partialValidation: false,
      equivalences: "Aucune équivalence ni passerelle n'est mentionnée sur la fiche France Compétences.",
      nextSteps: "- Excel\u00a0: Power Query et Power Pivot\n- Tosa Power BI",
      careerOutcomes:
        "Tous les métiers qui traitent des données dans un tableur\u00a0: assistanat, gestion, comptabilité, contrôle de gestion.",
    },
    fundingOptions: ["entreprise", "pole-emploi", "particulier"],
    opcos: ["atlas", "opcommerce", "akto", "opco-ep"],
    sessions: [
      { inDays: 12, city: "lyon", seatsLeft: 3 },
      { inDays: 19, city: "paris", seatsLeft: 6 },
      { inDays: 40, city: "bordeaux", seatsLeft: 8 },
      { inDays: 54, city: "lille", seatsLeft: 7 },
      { inDays: 75, city: "lyon", seatsLeft: 8 },
    ],
  },
  {
    slug: "word-powerpoint-documents-professionnels",
    title: "Word et PowerPoint : des documents et des présentations professionnels",
    summary:
      "Produire des documents longs bien structurés avec Word et des présentations sobres et percutantes avec PowerPoint, en gagnant du temps grâce aux styles et aux modèles.",
    category: "bureautique",
    cities: ["lyon", "nantes", "toulouse"],
    description:
      "Rapports, comptes rendus, propositions commerciales : la qualité de vos documents reflète celle de votre travail. En deux jours, vous apprenez à utiliser **les styles, les modèles et les masques** pour produire des documents cohérents, faciles à mettre à jour et agréables à lire.",
    program: [
      {
        title: "Word : structurer un document long",
        content: "- Styles de titres et table des matières automatique\n- Sections, en-têtes et pieds de page\n- Modèles d'entreprise",
        durationHours: 4,
      },
      {
        title: "Word : mise en page avancée",
        content: "- Tableaux, images et légendes\n- Publipostage simple\n- Révision et suivi des modifications",
        durationHours: 3,
      },
      {
        title: "PowerPoint : concevoir une présentation claire",
        content: "- Masques et dispositions\n- Une idée par diapositive\n- SmartArt, graphiques et icônes",
        durationHours: 4,
      },
      {
        title: "PowerPoint : présenter",
        content: "- Animations utiles, transitions sobres\n- Mode présentateur et notes\n- Exporter en PDF et partager",
        durationHours: 3,
      },
    ],
    objectives: [
      "Structurer un document long avec les styles et une table des matières",
      "Créer et utiliser des modèles Word et PowerPoint",
      "Concevoir une présentation lisible et cohérente",
    ],
    prerequisites: "Savoir utiliser un ordinateur et saisir un texte simple dans Word.",
    audience: "Assistants, chargés de communication, chefs de projet et toute personne qui rédige des documents ou des présentations.",
    durationHours: 14,
    durationDays: 2,
    modality: "presentiel",
    teachingMethods: classroom,
    evaluationMethods: quizzes,
    priceInter: 590,
    satisfactionRate: 94,
    traineesCount: 176,
    fundingOptions: ["entreprise", "particulier"],
    opcos: ["atlas", "opcommerce", "akto"],
    sessions: [
      { inDays: 16, city: "nantes", seatsLeft: 5 },
      { inDays: 33, city: "lyon", seatsLeft: 8 },
      { inDays: 61, city: "toulouse", seatsLeft: 7 },
    ],
  },
  {
    slug: "prendre-son-poste-de-manager",
    title: "Prendre son poste de manager",
    summary:
      "Trois jours pour réussir sa prise de fonction : trouver sa posture, fixer des objectifs clairs, déléguer, motiver et faire face aux premières situations délicates.",
    category: "management",
    cities: ["lyon", "paris", "nantes", "lille", "marseille"],
    featured: true,
    description:
      "Passer d'expert à manager est l'un des changements les plus exigeants d'une carrière. Cette formation vous donne **des outils simples et éprouvés** pour organiser le travail de votre équipe, communiquer avec assurance et poser un cadre bienveillant.\n\nLes deux premiers jours sont suivis, trois semaines plus tard, d'une troisième journée consacrée au **retour d'expérience** sur vos situations réelles.",
    program: [
      {
        title: "Le rôle du manager",
        content:
          "- Attentes de la direction, de l'équipe et des clients\n- Passer de collègue à manager\n- Identifier son style de management",
        durationHours: 7,
      },
      {
        title: "Organiser et déléguer",
        content: "- Fixer des objectifs SMART\n- Déléguer sans se décharger\n- Conduire une réunion d'équipe efficace",
        durationHours: 7,
      },
      {
        title: "Motiver et recadrer",
        content:
          "- Les leviers de motivation\n- Féliciter, encourager, recadrer : la méthode DESC\n- Retour d'expérience et plan d'action personnel",
        durationHours: 7,
      },
    ],
    objectives: [
      "Clarifier son rôle et ses responsabilités de manager",
      "Fixer des objectifs et déléguer efficacement",
      "Adapter son style de management à chaque collaborateur",
      "Conduire un entretien de recadrage constructif",
    ],
    prerequisites: "Aucun. La formation s'adresse aux managers nouvellement nommés ou sur le point de l'être.",
    audience: "Managers de proximité, chefs d'équipe et responsables nouvellement nommés, quel que soit le secteur.",
    durationHours: 21,
    durationDays: 3,
    modality: "presentiel",
    teachingMethods:
      "Pédagogie active : autodiagnostics, études de cas, jeux de rôle sur des situations proposées par les participants, échanges de pratiques. Une journée de retour d'expérience trois semaines après les deux premières.",
    evaluationMethods: quizzes,
    priceInter: 1350,
    satisfactionRate: 97,
    traineesCount: 264,
    fundingOptions: ["entreprise", "particulier"],
    opcos: ["atlas", "akto", "opco-ep", "opco2i", "uniformation"],
    sessions: [
      { inDays: 14, city: "paris", seatsLeft: 2 },
      { inDays: 28, city: "lyon", seatsLeft: 5 },
      { inDays: 47, city: "nantes", seatsLeft: 8 },
      { inDays: 68, city: "lille", seatsLeft: 8 },
      { inDays: 96, city: "marseille", seatsLeft: 8 },
    ],
  },
  {
    slug: "conduire-les-entretiens-annuels-et-professionnels",
    title: "Conduire les entretiens annuels et professionnels",
    summary:
      "Préparer et mener l'entretien annuel d'évaluation et l'entretien professionnel obligatoire, dans le respect du cadre légal et avec des objectifs partagés.",
    category: "management",
    cities: ["lyon", "marseille", "toulouse", "strasbourg"],
    description:
      "L'entretien annuel et l'entretien professionnel sont deux rendez-vous distincts, aux finalités différentes. Cette journée vous aide à **les préparer sérieusement**, à **les conduire sereinement** et à en tirer un plan d'action utile au collaborateur comme à l'équipe.",
    program: [
      {
        title: "Le cadre",
        content:
          "- Entretien annuel et entretien professionnel : différences et obligations\n- Le bilan à six ans et les sanctions possibles",
        durationHours: 2,
      },
      {
        title: "Préparer",
        content: "- Rassembler les faits\n- Préparer le collaborateur\n- Construire sa grille d'entretien",
        durationHours: 2,
      },
      {
        title: "Conduire l'entretien",
        content: "- Les étapes de l'entretien\n- Questionner, écouter, reformuler\n- Gérer le désaccord\n- Mises en situation filmées",
        durationHours: 3,
      },
    ],
    objectives: [
      "Distinguer l'entretien annuel de l'entretien professionnel",
      "Préparer un entretien à partir de faits",
      "Fixer des objectifs et un plan de développement partagés",
    ],
    prerequisites: "Aucun.",
    audience: "Managers, chefs de service et responsables d'équipe qui conduisent des entretiens.",
    durationHours: 7,
    durationDays: 1,
    modality: "mixte",
    teachingMethods:
      "Une matinée en salle et un après-midi en classe virtuelle la semaine suivante. Mises en situation filmées et débriefées, grille d'entretien prête à l'emploi remise aux participants.",
    evaluationMethods: quizzes,
    priceInter: 520,
    satisfactionRate: 95,
    traineesCount: 143,
    fundingOptions: ["entreprise"],
    opcos: ["atlas", "akto", "opco-sante", "uniformation"],
    sessions: [
      { inDays: 21, city: "lyon", seatsLeft: 4 },
      { inDays: 35, city: "marseille", seatsLeft: 8 },
      { inDays: 56, city: "toulouse", seatsLeft: 6 },
      { inDays: 82, city: "strasbourg", seatsLeft: 8 },
    ],
  },
  {
    slug: "anglais-professionnel-reunions-e-mails-telephone",
    title: "Anglais professionnel : réunions, e-mails et téléphone",
    summary:
      "Gagner en aisance en anglais dans les situations professionnelles courantes, en petits groupes de niveau et en classe virtuelle avec un formateur dont c'est la langue maternelle.",
    category: "langues",
    cities: [],
    featured: true,
    description:
      "Vingt séances d'une heure trente en classe virtuelle, en groupe de quatre à six personnes de même niveau, pour **oser prendre la parole** en réunion, **rédiger des e-mails** clairs et **mener un appel** sans appréhension.\n\nLe parcours se termine par le passage d'une certification d'anglais reconnue, qui rend la formation éligible au CPF.",
    program: [
      {
        title: "Se présenter et présenter son activité",
        content: "- Small talk et présentations\n- Décrire son poste et son entreprise",
        durationHours: 6,
      },
      {
        title: "Écrire des e-mails professionnels",
        content: "- Formules d'usage\n- Demander, relancer, refuser poliment",
        durationHours: 6,
      },
      {
        title: "Téléphone et visioconférence",
        content: "- Prendre et laisser un message\n- Faire répéter, reformuler, conclure",
        durationHours: 6,
      },
      {
        title: "Participer à une réunion",
        content: "- Donner son avis, être d'accord ou non\n- Présenter des chiffres et un projet",
        durationHours: 9,
      },
      { title: "Préparation à la certification", content: "- Entraînement aux épreuves\n- Passage de la certification", durationHours: 3 },
    ],
    objectives: [
      "Communiquer à l'oral dans les situations professionnelles courantes",
      "Rédiger des e-mails professionnels clairs et adaptés",
      "Participer activement à une réunion en anglais",
      "Valider son niveau par une certification reconnue",
    ],
    prerequisites:
      "Niveau A2 minimum (comprendre des phrases simples du quotidien). Un test de niveau en ligne de 30 minutes est proposé avant l'inscription.",
    audience: "Salariés, demandeurs d'emploi et indépendants qui utilisent ou utiliseront l'anglais dans leur travail.",
    durationHours: 30,
    durationDays: 10,
    modality: "distanciel",
    teachingMethods:
      "Classes virtuelles en direct (Microsoft Teams), en groupe de 4 à 6 personnes, avec un formateur anglophone. Exercices entre les séances sur une plateforme en ligne, enregistrements audio corrigés individuellement.",
    evaluationMethods:
      "- Test de niveau à l'entrée\n- Évaluation continue de l'oral et de l'écrit\n- Passage de la certification en fin de parcours\n- Questionnaire de satisfaction",
    priceInter: 1490,
    satisfactionRate: 95,
    successRate: 100,
    traineesCount: 208,
    certification: {
      type: "rs",
      code: "RS6296",
      title: "Test Bright Language – anglais",
      certifier: "Bright Language",
      registeredAt: "2023-03-29",
      passRate: 100,
      candidates: 204,
      period: "sessions de janvier à décembre 2025",
      blocks: "Un seul test évalue la compréhension et l'expression, écrites et orales, sur l'échelle du CECRL (A1 à C2).",
      partialValidation: false,
      equivalences: "Aucune équivalence ni passerelle n'est mentionnée sur la fiche France Compétences.",
      nextSteps: "- Anglais professionnel, niveau supérieur\n- Préparation au TOEIC",
      careerOutcomes:
        "Postes en relation avec une clientèle ou des partenaires étrangers\u00a0: commerce, achats, logistique, accueil, assistanat.",
    },
    fundingOptions: ["entreprise", "pole-emploi", "particulier"],
    opcos: ["atlas", "opcommerce", "akto", "opco-mobilites", "afdas"],
    sessions: [
      { inDays: 9, city: "distanciel", seatsLeft: 2 },
      { inDays: 37, city: "distanciel", seatsLeft: 6 },
      { inDays: 72, city: "distanciel", seatsLeft: 6 },
    ],
  },
  {
    slug: "espagnol-professionnel-niveau-intermediaire",
    title: "Espagnol professionnel : niveau intermédiaire",
    summary: "Consolider ses bases et échanger avec des clients et des partenaires hispanophones, en classe virtuelle et en petit groupe.",
    category: "langues",
    cities: [],
    description:
      "Ce parcours de quinze séances s'adresse aux personnes qui comprennent l'espagnol mais hésitent à le parler. Les séances sont construites autour de **situations professionnelles réelles**\u00a0: accueil d'un client, échange téléphonique, visite de site, négociation simple.",
    program: [
      { title: "Réactiver ses bases", content: "- Présent, passé composé, futur proche\n- Vocabulaire de l'entreprise", durationHours: 6 },
      {
        title: "Situations professionnelles",
        content: "- Accueillir un visiteur\n- Téléphoner, prendre rendez-vous\n- Présenter un produit",
        durationHours: 10,
      },
      { title: "Écrit professionnel", content: "- E-mails et comptes rendus courts", durationHours: 4 },
    ],
    objectives: [
      "Tenir une conversation professionnelle simple en espagnol",
      "Rédiger un e-mail professionnel court",
      "Comprendre un interlocuteur hispanophone au téléphone",
    ],
    prerequisites: "Niveau A2 en espagnol. Un test de niveau en ligne est proposé avant l'inscription.",
    audience: "Commerciaux, assistants export, acheteurs et toute personne en contact avec des interlocuteurs hispanophones.",
    durationHours: 20,
    durationDays: 7,
    modality: "distanciel",
    teachingMethods:
      "Classes virtuelles en direct de 1 h 20, en groupe de 4 à 6 personnes, avec un formateur hispanophone. Exercices en ligne entre les séances.",
    evaluationMethods:
      "- Test de niveau à l'entrée\n- Évaluation continue\n- Évaluation finale orale et écrite\n- Questionnaire de satisfaction",
    priceInter: 990,
    satisfactionRate: 93,
    traineesCount: 64,
    fundingOptions: ["entreprise", "particulier"],
    opcos: ["atlas", "opcommerce", "akto"],
    sessions: [
      { inDays: 24, city: "distanciel", seatsLeft: 5 },
      { inDays: 66, city: "distanciel", seatsLeft: 6 },
    ],
  },
  {
    slug: "cybersecurite-les-bons-reflexes",
    title: "Cybersécurité : les bons réflexes au bureau et en télétravail",
    summary:
      "Reconnaître un hameçonnage, protéger ses mots de passe et ses données, réagir face à un incident : une journée concrète pour tous les salariés.",
    category: "numerique",
    cities: ["paris", "lyon", "strasbourg", "toulouse"],
    description:
      "La majorité des cyberattaques commencent par une erreur humaine : un lien cliqué trop vite, un mot de passe réutilisé, une clé USB inconnue. Cette journée, **sans jargon technique**, donne à chacun les réflexes qui protègent l'entreprise, au bureau comme à la maison.",
    program: [
      {
        title: "Comprendre les menaces",
        content: "- Hameçonnage, rançongiciels, fraude au président\n- Exemples réels d'attaques contre des PME",
        durationHours: 2,
      },
      {
        title: "Protéger ses accès et ses données",
        content: "- Mots de passe robustes et gestionnaire de mots de passe\n- Double authentification\n- Sauvegardes",
        durationHours: 2.5,
      },
      {
        title: "Travailler en sécurité",
        content:
          "- Wi-Fi publics, VPN, télétravail\n- Messagerie et partage de fichiers\n- Réagir face à un incident : qui prévenir, quoi faire",
        durationHours: 2.5,
      },
    ],
    objectives: [
      "Identifier les principales menaces et les tentatives d'hameçonnage",
      "Appliquer les bonnes pratiques de gestion des mots de passe",
      "Savoir réagir et alerter en cas d'incident",
    ],
    prerequisites: "Aucun.",
    audience: "Tous les salariés utilisant un ordinateur ou un smartphone professionnel.",
    durationHours: 7,
    durationDays: 1,
    modality: "presentiel",
    teachingMethods:
      "Démonstrations en direct, quiz interactifs, exercice de détection de faux e-mails, fiche réflexe remise à chaque participant.",
    evaluationMethods: quizzes,
    priceInter: 450,
    satisfactionRate: 98,
    traineesCount: 392,
    fundingOptions: ["entreprise"],
    opcos: ["atlas", "opco-ep", "akto", "opco2i", "constructys"],
    sessions: [
      { inDays: 11, city: "paris", seatsLeft: 4 },
      { inDays: 26, city: "lyon", seatsLeft: 8 },
      { inDays: 45, city: "strasbourg", seatsLeft: 8 },
      { inDays: 63, city: "toulouse", seatsLeft: 8 },
    ],
  },
  {
    slug: "intelligence-artificielle-generative-au-travail",
    title: "Intelligence artificielle générative au travail : usages, limites et bonnes pratiques",
    summary:
      "Utiliser ChatGPT, Copilot ou Le Chat de Mistral pour rédiger, résumer et analyser, en connaissant leurs limites et en protégeant les données de l'entreprise.",
    category: "numerique",
    cities: ["paris", "lyon", "bordeaux", "nantes"],
    featured: true,
    description:
      "Les assistants d'intelligence artificielle générative peuvent faire gagner un temps précieux, à condition de savoir **formuler une demande**, **vérifier les réponses** et **respecter la confidentialité**. Cette formation pratique part de vos tâches réelles pour construire votre propre bibliothèque de requêtes.",
    program: [
      {
        title: "Comprendre l'IA générative",
        content:
          "- Comment fonctionne un grand modèle de langage\n- Ce qu'il sait faire, ce qu'il ne sait pas faire\n- Cadre légal : RGPD, AI Act, propriété intellectuelle",
        durationHours: 2,
      },
      {
        title: "Bien formuler ses demandes",
        content: "- Contexte, rôle, format, exemples\n- Itérer et affiner\n- Ateliers sur vos cas d'usage",
        durationHours: 3,
      },
      {
        title: "Usages et bonnes pratiques",
        content:
          "- Rédiger, résumer, traduire, analyser un tableau\n- Vérifier les réponses et citer ses sources\n- Charte d'usage en entreprise",
        durationHours: 2,
      },
    ],
    objectives: [
      "Comprendre le fonctionnement et les limites de l'IA générative",
      "Rédiger des requêtes efficaces pour ses tâches courantes",
      "Utiliser l'IA dans le respect de la confidentialité et du droit",
    ],
    prerequisites:
      "Utiliser régulièrement un ordinateur et un navigateur web. Venir avec des exemples de tâches de son quotidien professionnel.",
    audience: "Salariés, managers et indépendants souhaitant intégrer l'IA générative dans leur travail.",
    durationHours: 7,
    durationDays: 1,
    modality: "mixte",
    teachingMethods:
      "Ateliers pratiques sur ordinateur, à partir des tâches réelles des participants. Une demi-journée en salle et une demi-journée en classe virtuelle.",
    evaluationMethods: quizzes,
    priceInter: 590,
    vatMode: "ht",
    satisfactionRate: 97,
    traineesCount: 121,
    fundingOptions: ["entreprise", "particulier"],
    opcos: ["atlas", "opcommerce", "akto", "opco-ep", "afdas"],
    sessions: [
      { inDays: 8, city: "paris", seatsLeft: 1 },
      { inDays: 22, city: "lyon", seatsLeft: 5 },
      { inDays: 43, city: "bordeaux", seatsLeft: 8 },
      { inDays: 58, city: "nantes", seatsLeft: 8 },
      { inDays: 85, city: "paris", seatsLeft: 8 },
    ],
  },
  {
    slug: "sauveteur-secouriste-du-travail-sst",
    title: "Sauveteur secouriste du travail (SST) : formation initiale",
    summary:
      "Devenir sauveteur secouriste du travail : porter secours à une victime et contribuer à la prévention des risques dans l'entreprise. Certificat SST valable 24 mois.",
    category: "securite",
    cities: ["lyon", "marseille", "toulouse", "lille", "strasbourg", "bordeaux"],
    description:
      "Le sauveteur secouriste du travail est capable d'intervenir efficacement face à une situation d'accident et de mettre en application ses compétences de prévention au profit de la santé et de la sécurité au travail. La formation suit **le référentiel de l'INRS** et est animée par des formateurs certifiés.",
    program: [
      {
        title: "Le SST dans l'entreprise",
        content: "- Cadre juridique de son intervention\n- Rôle en matière de prévention",
        durationHours: 2,
      },
      {
        title: "Protéger, examiner, faire alerter",
        content: "- Supprimer ou isoler le danger\n- Examiner la victime\n- Alerter les secours",
        durationHours: 4,
      },
      {
        title: "Secourir",
        content:
          "- Saignement abondant, étouffement, malaise, brûlures, traumatismes\n- Victime inconsciente qui respire ou ne respire pas\n- Utilisation du défibrillateur",
        durationHours: 8,
      },
    ],
    objectives: [
      "Intervenir efficacement face à une situation d'accident du travail",
      "Mettre en œuvre les gestes de secours adaptés",
      "Contribuer à la prévention des risques professionnels dans l'entreprise",
    ],
    prerequisites: "Aucun.",
    audience: "Tout salarié souhaitant devenir sauveteur secouriste du travail.",
    durationHours: 14,
    durationDays: 2,
    modality: "presentiel",
    teachingMethods:
      "Formation essentiellement pratique : démonstrations, apprentissage des gestes sur mannequins (adulte, enfant, nourrisson), cas concrets et simulations d'accidents. Groupes de 4 à 10 personnes.",
    evaluationMethods:
      "- Évaluation certificative selon la grille de l'INRS, par épreuves pratiques en cas concret\n- Certificat SST délivré aux candidats qui ont réussi, valable 24 mois (maintien et actualisation des compétences ensuite)\n- Questionnaire de satisfaction",
    priceInter: 290,
    satisfactionRate: 98,
    successRate: 97,
    traineesCount: 526,
    fundingOptions: ["entreprise"],
    opcos: ["constructys", "akto", "opco-ep", "ocapiat", "opco-mobilites", "opco-sante"],
    sessions: [
      { inDays: 7, city: "lyon", seatsLeft: 3 },
      { inDays: 15, city: "marseille", seatsLeft: 6 },
      { inDays: 29, city: "toulouse", seatsLeft: 10 },
      { inDays: 36, city: "lille", seatsLeft: 9 },
      { inDays: 50, city: "strasbourg", seatsLeft: 10 },
      { inDays: 64, city: "bordeaux", seatsLeft: 10 },
    ],
  },
  {
    slug: "gestes-et-postures-prevenir-les-tms",
    title: "Gestes et postures : prévenir les troubles musculosquelettiques",
    summary:
      "Comprendre les causes des troubles musculosquelettiques et adopter, à son poste, les gestes et postures qui préservent le dos et les articulations.",
    category: "securite",
    cities: ["lyon", "bordeaux", "nantes", "lille"],
    description:
      "Les troubles musculosquelettiques sont la première cause de maladie professionnelle en France. Cette journée, animée par un formateur en prévention des risques liés à l'activité physique, **part de vos postes de travail réels** pour proposer des aménagements et des gestes simples.",
    program: [
      { title: "Comprendre", content: "- Anatomie simple du dos et des articulations\n- Les facteurs de risque des TMS", durationHours: 2 },
      {
        title: "Agir à son poste",
        content: "- Principes de manutention manuelle\n- Postures au bureau et sur écran\n- Échauffements et étirements",
        durationHours: 3,
      },
      {
        title: "Proposer des améliorations",
        content: "- Observer une situation de travail\n- Proposer des pistes d'aménagement",
        durationHours: 2,
      },
    ],
    objectives: [
      "Identifier les facteurs de risque de TMS à son poste",
      "Appliquer les principes de sécurité physique et d'économie d'effort",
      "Proposer des améliorations de son poste de travail",
    ],
    prerequisites: "Aucun.",
    audience: "Tout salarié exposé à des manutentions, des gestes répétitifs ou un travail prolongé sur écran.",
    durationHours: 7,
    durationDays: 1,
    modality: "presentiel",
    teachingMethods: "Apports illustrés, exercices pratiques de manutention, analyse de photos et de vidéos des postes des participants.",
    evaluationMethods: quizzes,
    priceInter: 260,
    satisfactionRate: 94,
    traineesCount: 287,
    fundingOptions: ["entreprise"],
    opcos: ["constructys", "akto", "ocapiat", "opco-mobilites", "opco-sante", "opcommerce"],
    sessions: [
      { inDays: 18, city: "bordeaux", seatsLeft: 7 },
      { inDays: 32, city: "lyon", seatsLeft: 9 },
      { inDays: 53, city: "nantes", seatsLeft: 10 },
      { inDays: 79, city: "lille", seatsLeft: 10 },
    ],
  },
  {
    slug: "prospection-commerciale-et-prise-de-rendez-vous",
    title: "Prospection commerciale et prise de rendez-vous par téléphone",
    summary: "Cibler, préparer et conduire ses appels de prospection, franchir les barrages et décrocher des rendez-vous qualifiés.",
    category: "commercial",
    cities: ["lyon", "paris", "marseille", "bordeaux"],
    description:
      "La prospection téléphonique reste le moyen le plus rapide d'ouvrir des portes, à condition d'être **préparée** et **structurée**. Deux jours de pratique intensive, avec des appels réels en fin de formation, pour repartir avec un argumentaire et une méthode.",
    program: [
      {
        title: "Préparer sa prospection",
        content: "- Cibler et qualifier son fichier\n- Construire son accroche et son argumentaire",
        durationHours: 4,
      },
      {
        title: "Conduire l'appel",
        content: "- Franchir le barrage du standard\n- Susciter l'intérêt en trente secondes\n- Traiter les objections",
        durationHours: 6,
      },
      {
        title: "Organiser et suivre",
        content: "- Planifier ses sessions d'appels\n- Suivre ses indicateurs dans le CRM\n- Session d'appels réels débriefée",
        durationHours: 4,
      },
    ],
    objectives: [
      "Préparer un fichier et un argumentaire de prospection",
      "Obtenir un rendez-vous en surmontant les objections",
      "Organiser et mesurer son activité de prospection",
    ],
    prerequisites: "Aucun. Une première expérience commerciale est un plus.",
    audience: "Commerciaux, technico-commerciaux, chargés d'affaires, créateurs d'entreprise.",
    durationHours: 14,
    durationDays: 2,
    modality: "presentiel",
    teachingMethods:
      "Jeux de rôle enregistrés et débriefés, construction de son propre argumentaire, session d'appels réels accompagnée par le formateur.",
    evaluationMethods: quizzes,
    priceInter: 890,
    satisfactionRate: 95,
    traineesCount: 158,
    fundingOptions: ["entreprise", "pole-emploi"],
    opcos: ["opcommerce", "atlas", "akto", "opco-ep"],
    sessions: [
      { inDays: 13, city: "marseille", seatsLeft: 6 },
      { inDays: 27, city: "paris", seatsLeft: 3 },
      { inDays: 48, city: "lyon", seatsLeft: 8 },
      { inDays: 70, city: "bordeaux", seatsLeft: 8 },
    ],
  },
  {
    slug: "negocier-et-defendre-ses-prix",
    title: "Négocier et défendre ses prix",
    summary:
      "Préparer ses négociations, résister à la pression sur les prix et conclure des accords équilibrés, avec des clients exigeants comme avec des acheteurs professionnels.",
    category: "commercial",
    cities: ["paris", "lille", "strasbourg", "nantes"],
    description:
      "Face à un acheteur, céder sur le prix est souvent le réflexe le plus coûteux. Cette formation vous apprend à **valoriser votre offre**, à **préparer vos marges de manœuvre** et à **obtenir des contreparties** à chaque concession.",
    program: [
      {
        title: "Préparer la négociation",
        content: "- Objectifs, positions et intérêts\n- Définir ses marges de manœuvre et ses contreparties",
        durationHours: 4,
      },
      {
        title: "Défendre son prix",
        content: "- Annoncer son prix avec assurance\n- Répondre aux techniques d'achat\n- Valoriser l'offre plutôt que baisser le prix",
        durationHours: 6,
      },
      { title: "Conclure", content: "- Repérer les signaux d'accord\n- Formaliser l'accord et préparer la suite", durationHours: 4 },
    ],
    objectives: ["Préparer une négociation commerciale", "Défendre son prix face aux techniques d'achat", "Conclure un accord équilibré"],
    prerequisites: "Avoir une expérience de la vente d'au moins six mois.",
    audience: "Commerciaux, ingénieurs d'affaires, responsables de comptes clés.",
    durationHours: 14,
    durationDays: 2,
    modality: "mixte",
    teachingMethods:
      "Une journée en salle consacrée aux simulations de négociation filmées, puis deux demi-journées en classe virtuelle pour travailler sur les négociations réelles des participants.",
    evaluationMethods: quizzes,
    priceInter: 950,
    vatMode: "ht",
    satisfactionRate: 96,
    traineesCount: 97,
    fundingOptions: ["entreprise"],
    opcos: ["opcommerce", "atlas", "opco2i", "opco-ep"],
    sessions: [
      { inDays: 20, city: "paris", seatsLeft: 5 },
      { inDays: 41, city: "lille", seatsLeft: 8 },
      { inDays: 62, city: "strasbourg", seatsLeft: 8 },
      { inDays: 90, city: "nantes", seatsLeft: 8 },
    ],
  },
  {
    slug: "recruter-sans-discriminer",
    title: "Recruter sans discriminer : les fondamentaux du recrutement",
    summary:
      "Définir un besoin, rédiger une annonce, conduire un entretien structuré et choisir objectivement, dans le respect du droit de la non-discrimination.",
    category: "rh",
    cities: ["paris", "lyon", "toulouse"],
    featured: false,
    description:
      "Un recrutement raté coûte cher, un recrutement discriminatoire expose l'entreprise à des sanctions. Cette formation vous donne **une méthode complète**, du besoin à l'intégration, fondée sur des critères objectifs et conforme au Code du travail.",
    program: [
      {
        title: "Définir le besoin",
        content: "- Fiche de poste et profil de compétences\n- Critères objectifs de sélection",
        durationHours: 3,
      },
      {
        title: "Attirer et présélectionner",
        content: "- Rédiger une annonce non discriminatoire\n- Trier les candidatures avec une grille",
        durationHours: 3,
      },
      {
        title: "Conduire l'entretien",
        content: "- L'entretien structuré\n- Questions interdites et biais cognitifs\n- Mises en situation",
        durationHours: 5,
      },
      {
        title: "Décider et intégrer",
        content: "- Comparer les candidats\n- Répondre aux candidats non retenus\n- Préparer l'intégration",
        durationHours: 3,
      },
    ],
    objectives: [
      "Définir un besoin de recrutement à partir des compétences",
      "Conduire un entretien structuré et objectif",
      "Respecter le cadre légal de la non-discrimination",
    ],
    prerequisites: "Aucun.",
    audience: "Managers, chargés de recrutement, dirigeants de TPE et PME.",
    durationHours: 14,
    durationDays: 2,
    modality: "presentiel",
    teachingMethods: classroom,
    evaluationMethods: quizzes,
    priceInter: 890,
    satisfactionRate: 95,
    traineesCount: 112,
    fundingOptions: ["entreprise"],
    opcos: ["atlas", "akto", "uniformation", "opco-sante", "opco-ep"],
    sessions: [
      { inDays: 17, city: "paris", seatsLeft: 4 },
      { inDays: 44, city: "lyon", seatsLeft: 8 },
      { inDays: 73, city: "toulouse", seatsLeft: 8 },
    ],
  },
  {
    slug: "droit-du-travail-au-quotidien",
    title: "Droit du travail au quotidien pour les managers et les RH",
    summary:
      "Temps de travail, congés, absences, discipline, rupture du contrat : les règles essentielles pour prendre les bonnes décisions et éviter les contentieux.",
    category: "rh",
    cities: [],
    description:
      "Les managers prennent chaque jour des décisions qui engagent juridiquement l'entreprise. Cette formation à distance, animée par une juriste en droit social, fait le point sur **les règles indispensables**, à partir de cas pratiques et de la jurisprudence récente.",
    program: [
      { title: "Le contrat de travail", content: "- CDI, CDD, intérim : règles de recours\n- Période d'essai", durationHours: 3 },
      {
        title: "Temps de travail et congés",
        content: "- Durée du travail, heures supplémentaires, forfaits jours\n- Congés payés et absences",
        durationHours: 4,
      },
      {
        title: "Discipline et rupture",
        content: "- Le pouvoir disciplinaire et la procédure\n- Démission, rupture conventionnelle, licenciement",
        durationHours: 4,
      },
      {
        title: "Santé et sécurité",
        content: "- Obligation de sécurité de l'employeur\n- Harcèlement : prévenir et réagir",
        durationHours: 3,
      },
    ],
    objectives: [
      "Connaître les règles essentielles du droit du travail",
      "Appliquer la procédure disciplinaire",
      "Identifier les situations à risque de contentieux",
    ],
    prerequisites: "Aucun.",
    audience: "Managers, responsables et assistants ressources humaines, dirigeants de TPE et PME.",
    durationHours: 14,
    durationDays: 4,
    modality: "distanciel",
    teachingMethods: "Quatre classes virtuelles de 3 h 30 en direct, cas pratiques, quiz et fiches de synthèse téléchargeables.",
    evaluationMethods: quizzes,
    priceInter: 790,
    satisfactionRate: 93,
    traineesCount: 84,
    fundingOptions: ["entreprise", "particulier"],
    opcos: ["atlas", "akto", "uniformation", "opco-ep", "opcommerce"],
    sessions: [
      { inDays: 23, city: "distanciel", seatsLeft: 7 },
      { inDays: 59, city: "distanciel", seatsLeft: 10 },
    ],
  },
  {
    slug: "habilitation-electrique-b0-h0v",
    title: "Habilitation électrique B0-H0V pour non-électriciens",
    summary:
      "Connaître les risques électriques et les règles de sécurité pour travailler à proximité d'installations électriques, selon la norme NF C 18-510.",
    category: "securite",
    cities: ["lyon", "marseille", "nantes"],
    description:
      "Le personnel non électricien qui travaille dans des locaux réservés aux électriciens ou à proximité d'installations électriques doit être habilité par son employeur. Cette formation prépare à l'**habilitation B0-H0V exécutant**, conformément à la norme **NF C 18-510**.",
    program: [
      {
        title: "Notions d'électricité",
        content: "- Grandeurs électriques, effets du courant sur le corps humain\n- Les zones d'environnement électrique",
        durationHours: 2.5,
      },
      {
        title: "Prévention",
        content:
          "- Les niveaux d'habilitation\n- Les équipements de protection\n- Conduite à tenir en cas d'accident ou d'incendie d'origine électrique",
        durationHours: 3,
      },
      { title: "Évaluation", content: "- Évaluation théorique et pratique", durationHours: 1.5 },
    ],
    objectives: [
      "Connaître les dangers de l'électricité",
      "Appliquer les consignes de sécurité dans un environnement électrique",
      "Réagir en cas d'accident d'origine électrique",
    ],
    prerequisites: "Aucun. Comprendre les consignes de sécurité rédigées en français.",
    audience: "Personnel non électricien : agents d'entretien, peintres, maçons, agents de maintenance des bâtiments.",
    durationHours: 7,
    durationDays: 1,
    modality: "presentiel",
    teachingMethods: "Apports théoriques illustrés, étude de situations réelles, mise en pratique sur un plateau pédagogique.",
    evaluationMethods:
      "- Évaluation théorique (questionnaire) et pratique\n- Avis après formation transmis à l'employeur, qui délivre le titre d'habilitation\n- Recyclage recommandé tous les trois ans",
    priceInter: 240,
    satisfactionRate: 96,
    successRate: 99,
    traineesCount: 201,
    fundingOptions: ["entreprise"],
    opcos: ["constructys", "akto", "opco-ep", "opco2i", "ocapiat"],
    sessions: [
      { inDays: 10, city: "nantes", seatsLeft: 6 },
      { inDays: 31, city: "lyon", seatsLeft: 10 },
      { inDays: 52, city: "marseille", seatsLeft: 10 },
    ],
  },
];
