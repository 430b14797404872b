import type { SitemapEntry } from "~/platform/seo/sitemap.server";
import { AUDIENCE_CONTENT_CHECKED_ON } from "./audiences";
import { AUDIENCE_SLUGS, fundingPath } from "./labels";
import { OPCO_SLUGS } from "./opco-list";
import { OPCO_CONTENT_CHECKED_ON } from "./opcos";

/** The funding area's public URLs: overview, 11 OPCO pages, 4 audience pages, simulator. */
export function sitemapEntries(): SitemapEntry[] {
  return [
    { path: "/financement", lastmod: OPCO_CONTENT_CHECKED_ON, changefreq: "monthly", priority: 0.8 },
    ...OPCO_SLUGS.map((slug): SitemapEntry => ({
      path: `/financement/${slug}`,
      lastmod: OPCO_CONTENT_CHECKED_ON,
      changefreq: "monthly",
      priority: 0.6,
    })),
    ...AUDIENCE_SLUGS.map((slug): SitemapEntry => ({
      path: fundingPath(slug),
      lastmod: AUDIENCE_CONTENT_CHECKED_ON,
      changefreq: "monthly",
      priority: 0.7,
    })),
    { path: "/simulateur-opco", changefreq: "monthly", priority: 0.8 },
  ];
}
