/**
 * The formations area's URLs: comparison pairs, category-city pages, formation and city paths.
 * The slug rules themselves are shared by every area: `app/platform/text/slug.ts`.
 */
import { COMPARISON_SEPARATOR, isValidSlug } from "~/platform/text/slug";

export {
  COMPARISON_SEPARATOR,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  isValidSlug,
  normalizeForSearch,
  normalizeText,
  slugProblem,
  slugify,
  uniqueSlug,
} from "~/platform/text/slug";

/** The one canonical path of a comparison: the two slugs in alphabetical order. */
export function comparisonPath(slugA: string, slugB: string): string {
  const [first, second] = [slugA, slugB].sort();
  return `/comparatif/${first}${COMPARISON_SEPARATOR}${second}`;
}

export type ComparisonPair = { first: string; second: string; canonical: boolean; canonicalPath: string };

/**
 * Reads the `{a}-vs-{b}` part of a comparison URL. Undefined when it does not name two
 * different valid slugs; `canonical` is false when the slugs are not in the canonical order.
 */
export function parseComparisonPair(pair: string): ComparisonPair | undefined {
  const parts = pair.split(COMPARISON_SEPARATOR);
  if (parts.length !== 2) return undefined;
  const [a, b] = parts as [string, string];
  if (!isValidSlug(a) || !isValidSlug(b) || a === b) return undefined;
  const canonicalPath = comparisonPath(a, b);
  return { first: a, second: b, canonical: canonicalPath === `/comparatif/${pair}`, canonicalPath };
}

/** Category slugs are one word, so that `/formation-{category}/{city}` names them unambiguously. */
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+$/;
export const CATEGORY_PAGE_PREFIX = "formation-";

export function categoryCityPath(categorySlug: string, citySlug: string): string {
  return `/${CATEGORY_PAGE_PREFIX}${categorySlug}/${citySlug}`;
}

/** "formation-bureautique" → "bureautique"; undefined for anything that is not a category page segment. */
export function parseCategorySegment(segment: string): string | undefined {
  if (!segment.startsWith(CATEGORY_PAGE_PREFIX)) return undefined;
  const slug = segment.slice(CATEGORY_PAGE_PREFIX.length);
  return CATEGORY_SLUG_PATTERN.test(slug) ? slug : undefined;
}

export function formationPath(slug: string): string {
  return `/formations/${slug}`;
}

export function cityPath(citySlug: string): string {
  return `/formations/ville/${citySlug}`;
}
