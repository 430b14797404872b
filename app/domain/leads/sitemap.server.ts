import type { SitemapEntry } from "~/platform/seo/sitemap.server";

/** The two public forms of the leads area. */
export function sitemapEntries(): SitemapEntry[] {
  return [
    { path: "/devis", changefreq: "yearly", priority: 0.8 },
    { path: "/contact", changefreq: "yearly", priority: 0.7 },
  ];
}
