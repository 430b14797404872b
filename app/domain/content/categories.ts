/**
 * The training fields presented on the home page. Each slug is the category of the catalogue
 * (one word, see ARCHITECTURE: `/formation-{category}/{city}`), linked as `/formations?categorie=<slug>`.
 */
export type CategoryIcon = "bureautique" | "management" | "langues" | "numerique" | "securite" | "commercial" | "rh";

export interface CategoryTeaser {
  slug: CategoryIcon;
  label: string;
  summary: string;
}

export const CATEGORY_TEASERS: readonly CategoryTeaser[] = [
  {
    slug: "bureautique",
    label: "Bureautique",
    summary: "Excel, Word, PowerPoint et Outlook, des premières bases aux fonctions avancées, sur vos propres fichiers.",
  },
  {
    slug: "management",
    label: "Management",
    summary: "Prendre son poste de manager, animer une équipe, conduire les entretiens, prévenir et gérer les conflits.",
  },
  {
    slug: "langues",
    label: "Langues",
    summary: "Anglais et espagnol professionnels, en petits groupes de niveau, en classe virtuelle avec un formateur en direct.",
  },
  {
    slug: "numerique",
    label: "Numérique",
    summary: "Cybersécurité au quotidien, outils collaboratifs et intelligence artificielle générative, sans prendre de risques.",
  },
  {
    slug: "securite",
    label: "Sécurité au travail",
    summary: "Premiers secours, gestes et postures, habilitation électrique et prévention des risques professionnels.",
  },
  {
    slug: "commercial",
    label: "Commercial et vente",
    summary: "Prospection, relation client, négociation et vente à distance, avec des mises en situation réalistes.",
  },
  {
    slug: "rh",
    label: "Ressources humaines",
    summary: "Recrutement sans discrimination, droit du travail au quotidien et entretiens professionnels.",
  },
];

export function categoryHref(slug: string): string {
  return `/formations?categorie=${encodeURIComponent(slug)}`;
}
