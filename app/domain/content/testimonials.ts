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
    formation: "Excel : tableaux croisés dynamiques et automatisation",
    category: "bureautique",
    format: "présentiel",
    date: "2026-10",
    rating: 5,
    text: "Je passais une demi-journée par mois à consolider nos tableaux de suivi. Depuis la formation, je le fais en vingt minutes avec un tableau croisé dynamique. La formatrice partait de nos fichiers réels, c'est ce qui a tout changé.",
  },
  {
    id: "karim-b",
    firstName: "Karim",
    lastInitial: "B.",
    role: "Chef d'équipe logistique",
    companyType: "Entrepôt de distribution, 120 salariés",
    formation: "Manager de proximité : réussir sa prise de poste",
    category: "management",
    format: "mixte",
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
    formation: "Anglais professionnel : téléphone et réunions",
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
    formation: "Outils numériques et travail collaboratif",
    category: "numerique",
    format: "présentiel",
    date: "2026-06",
    rating: 5,
    text: "L'équipe m'a accompagné pour le dossier de financement avec ma conseillère France Travail, ce qui m'a évité bien des allers-retours. La formation m'a remis à niveau sur les outils collaboratifs et j'ai retrouvé un poste deux mois plus tard.",
  },
  {
    id: "nadia-r",
    firstName: "Nadia",
    lastInitial: "R.",
    role: "Responsable qualité, sécurité, environnement",
    companyType: "Entreprise du BTP de 80 salariés",
    formation: "Prévention des risques et gestes et postures",
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
    formation: "Négociation commerciale : défendre ses prix",
    category: "commercial",
    format: "présentiel",
    date: "2026-04",
    rating: 4,
    text: "Très concret : chaque technique était tout de suite mise en pratique sur des cas proches de nos ventes. Je prépare désormais mes rendez-vous avec une vraie stratégie de concession. Le rythme de la deuxième journée était un peu soutenu.",
  },
  {
    id: "emilie-g",
    firstName: "Émilie",
    lastInitial: "G.",
    role: "Gestionnaire ressources humaines",
    companyType: "Association du secteur médico-social",
    formation: "Conduire les entretiens professionnels",
    category: "rh",
    format: "distanciel",
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
    formation: "Word et Excel : les fondamentaux",
    category: "bureautique",
    format: "présentiel",
    date: "2026-02",
    rating: 5,
    text: "Je faisais mes devis et mes factures à la main. En trois jours, j'ai appris à créer mes propres modèles. Le formateur a pris le temps de reprendre les bases sans jamais me mettre mal à l'aise, et j'ai pu financer la formation avec mon compte personnel de formation.",
  },
  {
    id: "laura-v",
    firstName: "Laura",
    lastInitial: "V.",
    role: "Cheffe de projet marketing",
    companyType: "Start-up de services numériques",
    formation: "Intelligence artificielle générative au quotidien",
    category: "numerique",
    format: "distanciel",
    date: "2026-01",
    rating: 4,
    text: "Une formation qui va au-delà de l'effet de mode : cas d'usage concrets, limites des outils, confidentialité des données. Je repars avec des méthodes que j'applique chaque semaine. Un support plus détaillé sur les consignes aurait été un plus.",
  },
  {
    id: "antoine-f",
    firstName: "Antoine",
    lastInitial: "F.",
    role: "Responsable d'agence",
    companyType: "Réseau d'agences immobilières",
    formation: "Animer une équipe commerciale",
    category: "management",
    format: "mixte",
    date: "2025-12",
    rating: 5,
    text: "Le format mixte était idéal : deux jours en salle pour les mises en situation, puis des classes virtuelles espacées pour travailler sur nos propres réunions d'équipe. Nos rituels commerciaux sont beaucoup plus efficaces.",
  },
  {
    id: "ines-k",
    firstName: "Inès",
    lastInitial: "K.",
    role: "Particulière en reconversion",
    companyType: "Formation financée par son CPF",
    formation: "Espagnol : remise à niveau et préparation à la certification",
    category: "langues",
    format: "distanciel",
    date: "2025-11",
    rating: 5,
    text: "Je préparais un projet de reconversion dans le tourisme. L'évaluation de niveau au départ m'a placée dans le bon groupe, et la formatrice m'a aidée à viser un objectif réaliste. J'ai obtenu le niveau visé à la certification.",
  },
  {
    id: "patrick-n",
    firstName: "Patrick",
    lastInitial: "N.",
    role: "Directeur administratif et financier",
    companyType: "Groupe de transport, 300 salariés",
    formation: "Recruter sans discriminer",
    category: "rh",
    format: "présentiel",
    date: "2025-10",
    rating: 4,
    text: "Formation organisée en intra pour nos managers qui recrutent. Les apports juridiques étaient précis et toujours reliés à des exemples. Nous avons revu nos grilles d'entretien dans la foulée. Une demi-journée supplémentaire sur les annonces aurait été utile.",
  },
];

/** The three testimonials shown on the home page. */
export const FEATURED_TESTIMONIAL_IDS = ["sophie-m", "karim-b", "thomas-l"] as const;

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
