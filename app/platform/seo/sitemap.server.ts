import { config } from "../config.server";
import { sitemapSources } from "./sitemap-sources.server";

export interface SitemapEntry {
  /** Path from the site root, starting with "/". */
  path: string;
  /** Last modification, ISO date or date-time. */
  lastmod?: string;
  changefreq?: "daily" | "weekly" | "monthly" | "yearly";
  priority?: number;
}

export type SitemapSource = () => Promise<SitemapEntry[]> | SitemapEntry[];

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** Every public URL, gathered from each area's source, de-duplicated, in a stable order. */
export async function collectSitemap(): Promise<SitemapEntry[]> {
  const lists = await Promise.all(sitemapSources.map((source) => source()));
  const byPath = new Map<string, SitemapEntry>();
  for (const entry of lists.flat()) if (!byPath.has(entry.path)) byPath.set(entry.path, entry);
  return [...byPath.values()];
}

export async function renderSitemap(): Promise<string> {
  const siteUrl = config().siteUrl;
  const urls = (await collectSitemap())
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
