import { describe, expect, it } from "vitest";
import { SITEMAP_MAX_URLS, sitemapXml } from "./sitemap.server";

const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ path: `/formations/f-${i}` }));

describe("sitemap", () => {
  it("lists every URL in one file up to the limit", () => {
    const xml = sitemapXml(entries(3), "https://site.example", undefined, 3)!;
    expect(xml).toContain("<urlset");
    expect(xml.match(/<url>/g)).toHaveLength(3);
    expect(sitemapXml(entries(3), "https://site.example", 1, 3)).toBeNull();
  });

  it("becomes an index of files past the limit, each file within it", () => {
    const index = sitemapXml(entries(7), "https://site.example", undefined, 3)!;
    expect(index).toContain("<sitemapindex");
    expect(index.match(/<sitemap>/g)).toHaveLength(3);
    expect(index).toContain("<loc>https://site.example/sitemap/3.xml</loc>");
    expect(sitemapXml(entries(7), "https://site.example", 1, 3)!.match(/<url>/g)).toHaveLength(3);
    expect(sitemapXml(entries(7), "https://site.example", 3, 3)!.match(/<url>/g)).toHaveLength(1);
    expect(sitemapXml(entries(7), "https://site.example", 4, 3)).toBeNull();
    expect(sitemapXml(entries(7), "https://site.example", 0, 3)).toBeNull();
  });

  it("uses the sitemaps.org limit of 50,000 URLs a file", () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(sitemapXml(entries(50_001), "https://site.example")).toContain("<sitemapindex");
  });
});
