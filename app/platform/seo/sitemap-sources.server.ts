import type { SitemapSource } from "./sitemap.server";
import { STATIC_PAGES } from "./static-pages";

/**
 * The sitemap's sources, one per area. An area that publishes URLs exports a
 * `sitemapEntries()` function from `app/domain/<area>/sitemap.server.ts` and adds it here.
 */
export const sitemapSources: SitemapSource[] = [() => STATIC_PAGES];
