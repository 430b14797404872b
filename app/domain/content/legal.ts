import { CACHE_STORAGE_KEY } from "~/platform/cache/client-cache";
import { CONSENT_KEY } from "~/platform/consent/consent";
import { SW_CLEANUP_FLAG } from "~/platform/service-worker";
import { THEME_KEY } from "~/platform/theme/theme";

/** Dates of the legal pages (ISO): update them whenever the text changes. */
export const LEGAL_UPDATED_AT = {
  mentionsLegales: "2026-11-16",
  confidentialite: "2026-12-02",
  conditionsUtilisation: "2026-11-16",
  cookies: "2026-11-16",
  accessibilite: "2026-11-16",
} as const;

/** Name of the sign-in session cookie set by the authentication library for signed-in users. */
export const SESSION_COOKIE_NAME = "better-auth.session_token";

export type StorageKind = "Cookie" | "localStorage" | "sessionStorage" | "Aucun stockage";

export interface StoredItem {
  name: string;
  kind: StorageKind;
  purpose: string;
  duration: string;
}

/** Everything the site stores in the browser, by category (shown as tables on /politique-cookies). */
export const STRICTLY_NECESSARY_STORAGE: readonly StoredItem[] = [
  {
    name: SESSION_COOKIE_NAME,
    kind: "Cookie",
    purpose:
      "Maintenir la connexion des utilisateurs inscrits (espace personnel, administration). Déposé uniquement après la connexion, inaccessible aux scripts (HttpOnly) et transmis seulement à ce site.",
    duration: "Durée de la session, 7 jours au plus ; supprimé à la déconnexion",
  },
  {
    name: CONSENT_KEY,
    kind: "localStorage",
    purpose: "Mémoriser votre choix concernant la mesure d'audience, pour ne pas vous le redemander à chaque page.",
    duration: "6 mois, puis le choix vous est redemandé",
  },
  {
    name: THEME_KEY,
    kind: "localStorage",
    purpose: "Mémoriser l'apparence choisie : claire, sombre ou selon le réglage de votre appareil.",
    duration: "Jusqu'à ce que vous changiez d'apparence ou effaciez les données du site",
  },
  {
    name: CACHE_STORAGE_KEY,
    kind: "localStorage",
    purpose:
      "Conserver sur votre appareil les brouillons des formulaires (pour ne rien perdre en cas de rechargement) et des données déjà chargées, pour afficher les pages plus vite.",
    duration: "De 5 minutes à 24 heures selon l'élément, puis effacé automatiquement",
  },
  {
    name: SW_CLEANUP_FLAG,
    kind: "sessionStorage",
    purpose: "Indiquer que les anciennes données hors ligne du site ont déjà été nettoyées, pour ne le faire qu'une fois.",
    duration: "Jusqu'à la fermeture de l'onglet",
  },
];

export const OPTIONAL_STORAGE: readonly StoredItem[] = [
  {
    name: "Mesure d'audience",
    kind: "Aucun stockage",
    purpose:
      "Compter de façon anonyme les pages consultées (adresse de la page uniquement), pour savoir quels contenus sont utiles. Mesure réalisée par nos propres serveurs, sans cookie, sans identifiant et sans recoupement. Active uniquement si vous l'acceptez.",
    duration: "Rien n'est conservé sur votre appareil ; seuls des totaux de pages vues sont gardés",
  },
];

/** The internal accessibility audit (self-assessment) behind the accessibility statement. */
export const ACCESSIBILITY_AUDIT = {
  date: "2026-10-15",
  referential: "RGAA 4.1",
  totalCriteria: 106,
  applicable: 54,
  conform: 50,
  nonConform: 4,
  /** conform / applicable, in percent, one decimal. */
  rate: 92.6,
  pages: [
    { to: "/", label: "Accueil" },
    { to: "/formations", label: "Catalogue des formations" },
    { to: "/financement", label: "Financement" },
    { to: "/simulateur-opco", label: "Simulateur OPCO" },
    { to: "/devis", label: "Demande de devis" },
    { to: "/contact", label: "Contact" },
    { to: "/blog", label: "Blog" },
    { to: "/login", label: "Connexion" },
    { to: "/mentions-legales", label: "Mentions légales" },
    { to: "/accessibilite", label: "Déclaration d'accessibilité" },
  ],
  nonConformities: [
    {
      criterion: "1.3",
      text: "Certaines images illustrant les articles du blog ont une alternative textuelle trop peu informative.",
    },
    {
      criterion: "8.7",
      text: "Dans certains articles, des expressions en anglais (par exemple « soft skills ») ne sont pas signalées comme telles, ce qui peut gêner leur prononciation par les lecteurs d'écran.",
    },
    {
      criterion: "9.1",
      text: "Dans quelques articles anciens du blog, la hiérarchie des titres saute un niveau.",
    },
    {
      criterion: "12.1",
      text: "Le site ne propose ni plan du site ni moteur de recherche global : le menu de navigation est le seul système de navigation commun à toutes les pages.",
    },
  ],
} as const;
