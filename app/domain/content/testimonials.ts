/**
 * Trainees' testimonials and the satisfaction results the site publishes (Qualiopi indicator 2:
 * results are public, dated and kept current). Each testimonial was collected with the trainee's
 * written consent at the end-of-course evaluation; only the first name and the initial are shown.
 */
export type TestimonialFormat = "présentiel" | "distanciel" | "mixte";

export interface Testimonial {
  id: string;
  firstName: string;
  lastInitial: string;
  role: string;
  companyType: string;
  formation: string;
  /** Category slug of the formation (see `categories.ts`). */
  category: string;
  format: TestimonialFormat;
  /** Month the testimonial was given, "YYYY-MM". */
  date: string;
  /** Whole stars, 1 to 5. */
  rating: number;
  text: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    id: "sophie-m",
    firstName: "Sophie",
    lastInitial: "M.",
    role: "Assistante de direction",
    companyType: "PME industrielle de 45 salariés",
    formation: "Excel perfectionnement : tableaux croisés dynamiques et fonctions avancées",
    category: "bureautique",
    format: "présentiel",
    date: "2026-10",
    rating: 5,
    text: "Je passais une demi-journée par mois à consolider nos tableaux de suivi. Depuis la formation, je le fais en vingt minutes avec un tableau croisé dynamique. La formatrice partait de nos fichiers réels, c'est ce qui a tout changé.",
  },
  {
    id: "mehdi-b",
    firstName: "Mehdi",
    lastInitial: "B.",
    role: "Chef d'équipe logistique",
    companyType: "Entrepôt de distribution, 120 salariés",
    formation: "Prendre son poste de manager",
    category: "management",
    format: "présentiel",
    date: "2026-09",
    rating: 5,
    text: "Passer de collègue à responsable, ce n'était pas simple. Les mises en situation sur les entretiens difficiles m'ont beaucoup servi, et le point individuel avec le formateur un mois après la session m'a aidé à ajuster ma façon de faire.",
  },
  {
    id: "claire-d",
    firstName: "Claire",
    lastInitial: "D.",
    role: "Chargée de clientèle export",
    companyType: "ETI agroalimentaire",
    formation: "Anglais professionnel : réunions, e-mails et téléphone",
    category: "langues",
    format: "distanciel",
    date: "2026-07",
    rating: 4,
    text: "Les cours en classe virtuelle s'intégraient bien à mon planning, en petit groupe de niveau homogène. J'ose enfin prendre la parole en réunion avec nos clients britanniques. J'aurais aimé une ou deux séances de plus sur l'écrit.",
  },
  {
    id: "thomas-l",
    firstName: "Thomas",
    lastInitial: "L.",
    role: "Demandeur d'emploi, ancien commercial",
    companyType: "Formation financée avec France Travail",
    formation: "Cybersécurité : les bons réflexes au bureau et en télétravail",
    category: "numerique",
    format: "présentiel",
    date: "2026-06",
    rating: 5,
    text: "L'équipe m'a accompagné pour le dossier de financement avec ma conseillère France Travail, ce qui m'a évité bien des allers-retours. La formation m'a donné des réflexes concrets (mots de passe, hameçonnage, sauvegardes) que j'ai pu mettre en avant en entretien, et j'ai retrouvé un poste deux mois plus tard.",
  },
  {
    id: "nadia-r",
    firstName: "Nadia",
    lastInitial: "R.",
    role: "Responsable qualité, sécurité, environnement",
    companyType: "Entreprise du BTP de 80 salariés",
    formation: "Gestes et postures : prévenir les troubles musculosquelettiques",
    category: "securite",
    format: "présentiel",
    date: "2026-05",
    rating: 5,
    text: "Formation réalisée dans nos locaux, pour deux groupes de compagnons. Le formateur a adapté les exercices à nos chantiers et à nos charges réelles. Les équipes en parlent encore et nous avons constaté moins de situations à risque.",
  },
  {
    id: "julien-p",
    firstName: "Julien",
    lastInitial: "P.",
    role: "Technico-commercial",
    companyType: "Distributeur de matériel professionnel",
    formation: "Négocier et défendre ses prix",
    category: "commercial",
    format: "mixte",
    date: "2026-04",
    rating: 4,
    text: "Très concret : chaque technique était tout de suite mise en pratique sur des cas proches de nos ventes. Je prépare désormais mes rendez-vous avec une vraie stratégie de concession. Le rythme de la deuxième journée était un peu soutenu.",
  },
  {
    id: "emilie-g",
    firstName: "Émilie",
    lastInitial: "G.",
    role: "Gestionnaire ressources humaines",
    companyType: "Association du secteur médico-social",
    formation: "Conduire les entretiens annuels et professionnels",
    category: "management",
    format: "mixte",
    date: "2026-03",
    rating: 5,
    text: "Nous devions organiser les entretiens professionnels de 60 salariés. La formation nous a donné une trame claire, conforme aux obligations, et des supports réutilisables. Le suivi après la session a répondu à toutes nos questions pratiques.",
  },
  {
    id: "marc-t",
    firstName: "Marc",
    lastInitial: "T.",
    role: "Artisan électricien",
    companyType: "Entreprise individuelle",
    formation: "Word et PowerPoint : des documents et des présentations professionnels",
    category: "bureautique",
    format: "présentiel",
    date: "2026-02",
    rating: 5,
    text: "Mes devis étaient faits à la main et je n'osais pas présenter mon entreprise. En deux jours, j'ai appris à créer des modèles de devis propres et une présentation claire pour mes clients. Le formateur a pris le temps de reprendre les bases sans jamais me mettre mal à l'aise. J'ai gagné un temps précieux sur mes soirées administratives.",
  },
  {
    id: "laura-v",
    firstName: "Laura",
    lastInitial: "V.",
    role: "Cheffe de projet marketing",
    companyType: "Start-up de services numériques",
    formation: "Intelligence artificielle générative au travail : usages, limites et bonnes pratiques",
    category: "numerique",
    format: "mixte",
    date: "2026-01",
    rating: 4,
    text: "Une formation qui va au-delà de l'effet de mode : cas d'usage concrets, limites des outils, confidentialité des données. Je repars avec des méthodes que j'applique chaque semaine. Un support plus détaillé sur les consignes aurait été un plus.",
  },
  {
    id: "antoine-f",
    firstName: "Antoine",
    lastInitial: "F.",
    role: "Conseiller commercial",
    companyType: "Réseau d'agences immobilières",
    formation: "Prospection commerciale et prise de rendez-vous par téléphone",
    category: "commercial",
    format: "présentiel",
    date: "2025-12",
    rating: 5,
    text: "Je redoutais la prospection téléphonique. Les jeux de rôle, filmés puis débriefés, m'ont aidé à construire un discours naturel et à répondre aux objections sans me braquer. Deux mois plus tard, j'obtiens nettement plus de rendez-vous.",
  },
  {
    id: "ines-k",
    firstName: "Inès",
    lastInitial: "K.",
    role: "Particulière en reconversion",
    companyType: "Formation financée à titre personnel",
    formation: "Espagnol professionnel : niveau intermédiaire",
    category: "langues",
    format: "distanciel",
    date: "2025-11",
    rating: 5,
    text: "Je prépare une reconversion dans le tourisme. Le test de niveau m'a placée dans un groupe adapté, et les mises en situation avec une formatrice hispanophone m'ont redonné confiance. J'accueille maintenant des clients en espagnol sans appréhension.",
  },
  {
    id: "patrick-n",
    firstName: "Patrick",
    lastInitial: "N.",
    role: "Directeur administratif et financier",
    companyType: "Groupe de transport, 300 salariés",
    formation: "Recruter sans discriminer : les fondamentaux du recrutement",
    category: "rh",
    format: "présentiel",
    date: "2025-10",
    rating: 4,
    text: "Formation organisée en intra pour nos managers qui recrutent. Les apports juridiques étaient précis et toujours reliés à des exemples. Nous avons revu nos grilles d'entretien dans la foulée. Une demi-journée supplémentaire sur les annonces aurait été utile.",
  },
];

/** The three testimonials shown on the home page. */
export const FEATURED_TESTIMONIAL_IDS = ["sophie-m", "mehdi-b", "thomas-l"] as const;

export function featuredTestimonials(): Testimonial[] {
  return FEATURED_TESTIMONIAL_IDS.map((id) => TESTIMONIALS.find((t) => t.id === id)).filter((t): t is Testimonial => !!t);
}

/** Aggregate results of the end-of-course questionnaires, published with their measurement period. */
export const SATISFACTION_RESULTS = {
  /** When the figures were computed. */
  measuredOn: "2026-01",
  periodLabel: "formations terminées du 1er janvier au 31 décembre 2025",
  trainees: "1 184",
  answers: "1 027",
  averageRating: 4.6,
  satisfactionRate: 95,
  recommendationRate: 93,
  certificationSuccessRate: 91,
  completionRate: 98,
} as const;
