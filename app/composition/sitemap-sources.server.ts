import type { SitemapSource } from "~/platform/seo/sitemap.server";
import { STATIC_PAGES } from "~/platform/seo/static-pages";
import { sitemapEntries as fundingSitemap } from "~/domain/funding/sitemap.server";
import { sitemapEntries as formationsSitemap } from "~/domain/formations/sitemap.server";
import { sitemapEntries as leadsSitemap } from "~/domain/leads/sitemap.server";
import { sitemapEntries as blogSitemap } from "~/domain/blog/sitemap.server";
import { sitemapEntries as claimsSitemap } from "~/domain/content/sitemap.server";

/**
 * The sitemap's sources, one per area. An area that publishes URLs exports a
 * `sitemapEntries()` function from `app/domain/<area>/sitemap.server.ts` and adds it here
 * (the composition root: the one place besides routes that assembles every area).
 */
export const sitemapSources: SitemapSource[] = [
  () => STATIC_PAGES,
  fundingSitemap,
  () => formationsSitemap(),
  leadsSitemap,
  () => blogSitemap(),
  () => claimsSitemap(),
];
