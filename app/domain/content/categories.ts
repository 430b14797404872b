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
    summary: "Anglais, espagnol, allemand et français langue étrangère, en groupes de niveau ou en cours individuels.",
  },
  {
    slug: "numerique",
    label: "Numérique",
    summary: "Outils collaboratifs, bonnes pratiques de cybersécurité, réseaux sociaux et intelligence artificielle générative.",
  },
  {
    slug: "securite",
    label: "Sécurité au travail",
    summary: "Prévention des risques professionnels, premiers secours, sécurité incendie, gestes et postures.",
  },
  {
    slug: "commercial",
    label: "Commercial et vente",
    summary: "Prospection, relation client, négociation et vente à distance, avec des mises en situation réalistes.",
  },
  {
    slug: "rh",
    label: "Ressources humaines",
    summary: "Recrutement, entretiens professionnels, droit du travail au quotidien et gestion des compétences.",
  },
];

export function categoryHref(slug: string): string {
  return `/formations?categorie=${encodeURIComponent(slug)}`;
}
