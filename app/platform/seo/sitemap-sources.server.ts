import type { SitemapSource } from "./sitemap.server";
import { STATIC_PAGES } from "./static-pages";
import { sitemapEntries as fundingSitemap } from "~/domain/funding/sitemap.server";
import { sitemapEntries as formationsSitemap } from "~/domain/formations/sitemap.server";
import { sitemapEntries as leadsSitemap } from "~/domain/leads/sitemap.server";
import { sitemapEntries as blogSitemap } from "~/domain/blog/sitemap.server";
import { sitemapEntries as claimsSitemap } from "~/domain/content/sitemap.server";

/**
 * The sitemap's sources, one per area. An area that publishes URLs exports a
 * `sitemapEntries()` function from `app/domain/<area>/sitemap.server.ts` and adds it here.
 */
export const sitemapSources: SitemapSource[] = [
  () => STATIC_PAGES,
  fundingSitemap,
  () => formationsSitemap(),
  leadsSitemap,
  () => blogSitemap(),
  () => claimsSitemap(),
];
