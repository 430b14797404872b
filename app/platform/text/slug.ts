/**
 * Slugs of every area (formations, blog posts, cities, categories) and text normalisation for
 * search (pure, run anywhere; docs/spec.md#écrans).
 *
 * A slug is lower-case ASCII words joined by single hyphens. Because a comparison URL is
 * `/comparatif/{a}-vs-{b}` and is split on `-vs-`, no slug may contain the word "vs"
 * (neither inside, nor at its start or end), so every pair URL splits in exactly one way.
 */

export const SLUG_MAX_LENGTH = 80;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const COMPARISON_SEPARATOR = "-vs-";

/** Lower-case, accents removed, ligatures expanded, anything else turned into spaces. */
export function normalizeText(text: string): string {
  return text
    .replace(/œ/g, "oe")
    .replace(/Œ/g, "OE")
    .replace(/æ/g, "ae")
    .replace(/Æ/g, "AE")
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** Text used for accent- and case-insensitive search: words separated by single spaces. */
export function normalizeForSearch(text: string): string {
  return normalizeText(text)
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * Builds a slug from a title: "Excel : les tableaux croisés dynamiques" → "excel-les-tableaux-croises-dynamiques".
 * The word "vs" becomes "versus" so the result is always a valid slug; cut at a word boundary.
 */
export function slugify(title: string, maxLength = SLUG_MAX_LENGTH): string {
  const words = normalizeText(title)
    .replace(/['’]/g, " ")
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => (w === "vs" ? "versus" : w));
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > maxLength) {
      if (!slug) slug = word.slice(0, maxLength);
      break;
    }
    slug = next;
  }
  return slug;
}

/** The French reason a slug is refused, or undefined when it is valid. */
export function slugProblem(slug: string): string | undefined {
  if (!slug) return "L'adresse (slug) est obligatoire.";
  if (slug.length > SLUG_MAX_LENGTH) return `L'adresse (slug) ne dépasse pas ${SLUG_MAX_LENGTH} caractères.`;
  if (!SLUG_PATTERN.test(slug)) {
    return "L'adresse (slug) ne contient que des lettres minuscules sans accent, des chiffres et des tirets simples (ni au début ni à la fin).";
  }
  if (slug.split("-").includes("vs")) return "L'adresse (slug) ne peut pas contenir le mot « vs », réservé aux pages de comparaison.";
  return undefined;
}

export function isValidSlug(slug: string): boolean {
  return slugProblem(slug) === undefined;
}

/** Adds "-2", "-3"… until `isTaken` says no; keeps the result within the maximum length. */
export async function uniqueSlug(base: string, isTaken: (slug: string) => Promise<boolean>): Promise<string> {
  const root = base || "formation";
  if (!(await isTaken(root))) return root;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = root.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, "") + suffix;
    if (!(await isTaken(candidate))) return candidate;
  }
}
