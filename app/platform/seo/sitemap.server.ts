import { config } from "../config.server";
import { escapeXml } from "../text/xml";

export interface SitemapEntry {
  /** Path from the site root, starting with "/". */
  path: string;
  /** Last modification, ISO date or date-time. */
  lastmod?: string;
  changefreq?: "daily" | "weekly" | "monthly" | "yearly";
  priority?: number;
}

export type SitemapSource = () => Promise<SitemapEntry[]> | SitemapEntry[];

/** Every public URL, gathered from each area's source (`app/composition/sitemap-sources.server.ts`), de-duplicated, in a stable order. */
export async function collectSitemap(sources: SitemapSource[]): Promise<SitemapEntry[]> {
  const lists = await Promise.all(sources.map((source) => source()));
  const byPath = new Map<string, SitemapEntry>();
  for (const entry of lists.flat()) if (!byPath.has(entry.path)) byPath.set(entry.path, entry);
  return [...byPath.values()];
}

/** A sitemap file holds at most 50,000 URLs (sitemaps.org); past that, /sitemap.xml is an index of files. */
export const SITEMAP_MAX_URLS = 50_000;

function urlset(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries
    .map((e) => {
      const parts = [`<loc>${escapeXml(siteUrl + e.path)}</loc>`];
      if (e.lastmod) parts.push(`<lastmod>${escapeXml(e.lastmod.slice(0, 10))}</lastmod>`);
      if (e.changefreq) parts.push(`<changefreq>${e.changefreq}</changefreq>`);
      if (e.priority !== undefined) parts.push(`<priority>${e.priority.toFixed(1)}</priority>`);
      return `  <url>${parts.join("")}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** The path of the n-th sitemap file of the index (from 1). */
export function sitemapPartPath(n: number): string {
  return `/sitemap/${n}.xml`;
}

/**
 * /sitemap.xml: every URL when they fit in one file, otherwise an index of files of at most
 * `maxPerFile` URLs each; `part` (from 1) renders one of those files, null when it does not exist.
 */
export async function renderSitemap(sources: SitemapSource[], part?: number, maxPerFile = SITEMAP_MAX_URLS): Promise<string | null> {
  return sitemapXml(await collectSitemap(sources), config().siteUrl, part, maxPerFile);
}

/** The XML of `renderSitemap` for a given list (pure). */
export function sitemapXml(entries: SitemapEntry[], siteUrl: string, part?: number, maxPerFile = SITEMAP_MAX_URLS): string | null {
  const parts = Math.max(1, Math.ceil(entries.length / maxPerFile));
  if (part !== undefined) {
    if (!Number.isInteger(part) || part < 1 || part > parts || parts === 1) return null;
    return urlset(siteUrl, entries.slice((part - 1) * maxPerFile, part * maxPerFile));
  }
  if (parts === 1) return urlset(siteUrl, entries);
  const today = new Date().toISOString().slice(0, 10);
  const files = Array.from(
    { length: parts },
    (_, i) => `  <sitemap><loc>${escapeXml(siteUrl + sitemapPartPath(i + 1))}</loc><lastmod>${today}</lastmod></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.join("\n")}\n</sitemapindex>\n`;
}
