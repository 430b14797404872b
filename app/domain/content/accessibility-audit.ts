/**
 * The automated and keyboard audit behind the accessibility statement (docs/accessibility.md),
 * repeated by the test suite: `tests/e2e/page-pass.spec.ts` and `tests/e2e/a11y.spec.ts` run the same checks on every build, and a
 * test keeps the axe-core version below equal to the one in package.json. Update the date when
 * the audit is run again.
 */
export const AUTOMATED_AUDIT = {
  date: "2026-11-26",
  /** The version of axe-core in package.json (its rules are the audit's). */
  axeCoreVersion: "4.14.1",
  criteria: [
    "les règles WCAG 2.0, 2.1 et 2.2 de niveaux A et AA d'axe-core, ainsi que ses règles de bonnes pratiques",
    "un parcours complet au clavier du formulaire de demande de devis, avant et après le choix des cookies",
    "la visibilité de l'élément qui a le focus\u00a0: jamais masqué par un élément fixe ou collant (critère de succès 2.4.11 des WCAG 2.2)",
    "le déplacement du focus sur le titre principal après chaque changement de page",
  ],
  scope:
    "toutes les pages publiques (accueil, catalogue et ses pages suivantes, fiche formation, pages par domaine, par ville et par domaine et ville, comparatif, blog et article, devis, contact, simulateur OPCO, pages de financement, pages de contenu et légales, connexion, page introuvable) et tous les écrans de l'espace d'administration, en thème clair et en thème sombre, sur des écrans de 375 et 1 280 pixels de large",
  tools: ["axe-core (exécuté dans Chromium par Playwright)", "Playwright avec Chromium", "Lighthouse 13.5"],
  /** Lighthouse scores (mobile), on the home page, the catalogue, a formation, a post, /devis and /financement/akto. */
  lighthouse:
    "Lighthouse donne 100 en accessibilité, en bonnes pratiques et en référencement sur l'accueil, le catalogue, une fiche formation, un article du blog, la demande de devis et la page Akto",
  result:
    "aucune violation relevée par axe-core sur les pages publiques\u00a0; aucun élément qui a le focus n'est masqué lors du parcours au clavier",
} as const;
