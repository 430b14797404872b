import type { StaticDocument } from "~/platform/db/full-text.server";
import { PAGE_TEXTS } from "./page-texts";
import { QUALIOPI_CRITERIA } from "./qualiopi-criteria";

/**
 * The organisation's pages whose text is in the code, as the site-wide search finds them. Titles and
 * summaries are the pages' own (their `<title>` and meta description).
 */
export function searchDocuments(): StaticDocument[] {
  return [
    {
      kind: "page",
      url: "/certification-qualiopi",
      title: "Certification Qualiopi : ce qu'elle vous garantit",
      summary:
        "Qualiopi, le référentiel national qualité des organismes de formation : 7 critères, 32 indicateurs. Notre certificat, sa portée et comment le vérifier.",
      body: QUALIOPI_CRITERIA.map((c) => `${c.title} ${c.forYou}`).join(" "),
    },
    {
      kind: "page",
      url: "/accessibilite",
      title: "Déclaration d'accessibilité (RGAA 4.1)",
      summary:
        "Déclaration d'accessibilité du site : partiellement conforme au RGAA 4.1, résultats de l'auto-évaluation, contenus non accessibles, contact, voies de recours.",
      body: "Accessibilité numérique, référentiel général d'amélioration de l'accessibilité, handicap, lecteur d'écran, navigation au clavier.",
    },
    {
      kind: "page",
      url: "/devis",
      title: "Demander un devis de formation",
      summary:
        "Devis gratuit pour une formation inter-entreprises, intra-entreprise ou à distance : réponse sous deux jours ouvrés et aide au financement (OPCO, CPF…).",
      body: "Demande de devis, tarif, prix, formation sur mesure dans vos locaux, nombre de stagiaires, période souhaitée.",
    },
    {
      kind: "page",
      url: "/contact",
      title: "Nous contacter",
      summary:
        "Une question sur une formation, son financement, l'accessibilité ou une inscription ? Écrivez-nous : réponse sous deux jours ouvrés. Adresse, téléphone et e-mail.",
      body: "Contact, adresse, téléphone, e-mail, message, question, inscription.",
    },
    ...Object.entries(PAGE_TEXTS).map(([url, page]) => ({
      kind: "page" as const,
      url,
      title: page.title,
      summary: page.description,
      body: page.keywords,
    })),
  ];
}
