/**
 * Course categories on the home page come from the catalogue (the categories editors manage,
 * with at least one published formation); each links to the catalogue filtered on it.
 * Category slugs are one word (see ARCHITECTURE: `/formation-{category}/{city}`).
 */
export interface HomeCategory {
  slug: string;
  name: string;
  description: string;
}

export function categoryHref(slug: string): string {
  return `/formations?categorie=${encodeURIComponent(slug)}`;
}
