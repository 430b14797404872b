import type { StaticDocument } from "~/platform/db/full-text.server";
import { AUDIENCES } from "./audiences";
import { AUDIENCE_SLUGS, fundingPath } from "./labels";
import { OPCO_SLUGS } from "./opco-list";
import { OPCOS } from "./opcos";

/**
 * The funding pages as the site-wide search finds them (their text is in the code): the overview,
 * the 11 OPCO pages, the 4 audience pages and the simulator. Titles and summaries are the pages'
 * own (their `<title>` and meta description).
 */
export function searchDocuments(): StaticDocument[] {
  return [
    {
      kind: "funding",
      url: "/financement",
      title: "Financer votre formation : OPCO, CPF, France Travail",
      summary:
        "Qui paie votre formation ? L'OPCO de votre employeur, votre CPF, France Travail, l'entreprise ou vous-même : comment choisir, les démarches et les 11 OPCO.",
      body: OPCO_SLUGS.map((slug) => `${OPCOS[slug].name} ${OPCOS[slug].summary}`).join(" "),
    },
    ...OPCO_SLUGS.map((slug): StaticDocument => {
      const opco = OPCOS[slug];
      return {
        kind: "funding",
        url: `/financement/${slug}`,
        title: `${opco.name} : financer une formation avec votre OPCO`,
        summary: `${opco.summary} Ce qu'il finance, comment le demander.`,
        body: [
          opco.fullName,
          ...opco.sectors,
          ...opco.branches,
          ...opco.funds.flatMap((f) => [f.title, f.text]),
          ...opco.howToApply,
          opco.goodToKnow ?? "",
        ].join(" "),
      };
    }),
    ...AUDIENCE_SLUGS.map((slug): StaticDocument => {
      const a = AUDIENCES[slug];
      return {
        kind: "funding",
        url: fundingPath(slug),
        title: a.title,
        summary: a.description,
        body: [
          a.label,
          a.intro,
          ...a.eligibility,
          ...a.steps.flatMap((s) => [s.title, s.text]),
          ...a.prepare,
          ...a.goodToKnow,
          ...a.services.flatMap((s) => [s.name, s.description]),
        ].join(" "),
      };
    }),
    {
      kind: "funding",
      url: "/simulateur-opco",
      title: "Simulateur OPCO : estimez votre prise en charge",
      summary:
        "Estimez en quelques secondes ce que votre OPCO peut financer : plafond horaire, plafond annuel, reste à charge et dispositifs mobilisables, calcul détaillé.",
      body: "Simulateur de prise en charge par l'opérateur de compétences : secteur d'activité, effectif de l'entreprise, coût de la formation, nombre d'heures et de stagiaires.",
    },
  ];
}
