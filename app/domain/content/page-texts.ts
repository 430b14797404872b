/**
 * Title and description of the organisation's pages whose text is in the code: the page's own
 * `<title>` and meta description, and what the site-wide search shows for it (`search.ts`), from
 * this one place. `keywords` are words a visitor may type that the page is about.
 */
export interface PageText {
  title: string;
  description: string;
  keywords: string;
}

export const PAGE_TEXTS = {
  "/pourquoi-nous-choisir": {
    title: "Pourquoi nous choisir : nos engagements de formation",
    description:
      "Formateurs praticiens, suivi personnalisé, aide au financement, présentiel ou distanciel, référent handicap, résultats publiés : nos engagements concrets.",
    keywords: "Engagements, qualité, formateurs, accompagnement, suivi, satisfaction, résultats, référent handicap, financement.",
  },
  "/temoignages": {
    title: "Témoignages et avis de nos stagiaires",
    description:
      "Avis de salariés, managers, demandeurs d'emploi et particuliers formés chez nous, et nos résultats de satisfaction mesurés et datés, formation par formation.",
    keywords: "Avis, témoignages, retours, satisfaction, stagiaires, recommandation, taux de réussite.",
  },
  "/mentions-legales": {
    title: "Mentions légales",
    description:
      "Mentions légales du site : éditeur, SIRET, déclaration d'activité d'organisme de formation, directeur de la publication, hébergeur, propriété intellectuelle.",
    keywords: "Éditeur, SIRET, numéro de déclaration d'activité, hébergeur, directeur de la publication, propriété intellectuelle.",
  },
  "/politique-confidentialite": {
    title: "Politique de confidentialité et données personnelles",
    description:
      "Quelles données nous collectons via les formulaires de contact et de devis et les comptes, pourquoi, combien de temps, et comment exercer vos droits RGPD.",
    keywords: "RGPD, données personnelles, vie privée, durée de conservation, droit d'accès, rectification, effacement, CNIL.",
  },
  "/politique-cookies": {
    title: "Politique de cookies et stockage local",
    description:
      "Cookies et stockage local utilisés par le site : connexion, préférences, brouillons, mesure d'audience anonyme avec votre accord. Aucun traceur publicitaire.",
    keywords: "Cookies, traceurs, consentement, mesure d'audience, stockage local, préférences.",
  },
  "/conditions-utilisation": {
    title: "Conditions générales d'utilisation du site",
    description:
      "Règles d'utilisation du site : accès, compte et rôles, obligations des utilisateurs, demandes de devis, propriété intellectuelle et droit applicable.",
    keywords: "CGU, conditions d'utilisation, compte, règles, droit applicable.",
  },
  "/conditions-generales-de-vente": {
    title: "Conditions générales de vente",
    description:
      "Conditions générales de vente des formations : inscription, prix et paiement, annulation, rétractation des particuliers, convention et responsabilités.",
    keywords: "CGV, tarifs, paiement, facturation, annulation, report, rétractation, remboursement, convention.",
  },
  "/reglement-interieur": {
    title: "Règlement intérieur",
    description:
      "Règlement intérieur applicable aux stagiaires : hygiène et sécurité, discipline, sanctions, représentation des stagiaires.",
    keywords: "Règlement, stagiaires, hygiène, sécurité, discipline, sanctions, assiduité.",
  },
} satisfies Record<string, PageText>;

export type TextPagePath = keyof typeof PAGE_TEXTS;
