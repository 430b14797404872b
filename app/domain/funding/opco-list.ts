/** The OPCO list (zod-free, so that public pages importing it do not download the schemas of `./model`). */

/** The 11 operators of competences (opérateurs de compétences) approved since 1 April 2019. */
export const OPCO_SLUGS = [
  "afdas",
  "atlas",
  "constructys",
  "ocapiat",
  "opco-ep",
  "opcommerce",
  "opco-mobilites",
  "opco-sante",
  "uniformation",
  "akto",
  "opco2i",
] as const;
export type OpcoSlug = (typeof OPCO_SLUGS)[number];

/** Short names, as each OPCO writes its own. */
export const OPCO_NAMES: Record<OpcoSlug, string> = {
  afdas: "Afdas",
  atlas: "Atlas",
  constructys: "Constructys",
  ocapiat: "OCAPIAT",
  "opco-ep": "Opco EP",
  opcommerce: "L'Opcommerce",
  "opco-mobilites": "OPCO Mobilités",
  "opco-sante": "OPCO Santé",
  uniformation: "Uniformation",
  akto: "AKTO",
  opco2i: "OPCO 2i",
};

/** The OPCO's name inside a sentence ("l'Opcommerce" rather than "L'Opcommerce"). */
export function opcoInSentence(slug: OpcoSlug): string {
  return OPCO_NAMES[slug].replace(/^L'/, "l'");
}

/** "d'Atlas", "de Constructys", "de l'Opcommerce": the OPCO after "de", with French elision. */
export function ofOpco(slug: OpcoSlug): string {
  const name = opcoInSentence(slug);
  return /^[aeiouyhéAEIOUYHÉ]/.test(name) ? `d'${name}` : `de ${name}`;
}

export function isOpcoSlug(value: string): value is OpcoSlug {
  return (OPCO_SLUGS as readonly string[]).includes(value);
}
