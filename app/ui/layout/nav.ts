/** The main navigation: one list for the header and the mobile menu. */
export const MAIN_NAV = [
  { to: "/formations", label: "Formations" },
  { to: "/financement", label: "Financement" },
  { to: "/simulateur-opco", label: "Simulateur OPCO" },
  { to: "/blog", label: "Blog" },
  { to: "/devis", label: "Devis" },
  { to: "/contact", label: "Contact" },
] as const;

export const LEGAL_NAV = [
  { to: "/mentions-legales", label: "Mentions légales" },
  { to: "/politique-confidentialite", label: "Politique de confidentialité" },
  { to: "/conditions-utilisation", label: "Conditions d'utilisation" },
  { to: "/politique-cookies", label: "Politique de cookies" },
  { to: "/accessibilite", label: "Accessibilité : partiellement conforme" },
] as const;

/** The organisation's pages, in the footer beside MAIN_NAV: no link of MAIN_NAV again. */
export const ABOUT_NAV = [
  { to: "/pourquoi-nous-choisir", label: "Pourquoi nous choisir" },
  { to: "/certification-qualiopi", label: "Certification Qualiopi" },
  { to: "/temoignages", label: "Témoignages" },
] as const;
