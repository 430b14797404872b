import type { SitemapEntry } from "./sitemap.server";

/** Public pages whose content does not come from the database (the claims pages are listed by domain/content/sitemap.server.ts). */
export const STATIC_PAGES: SitemapEntry[] = [
  { path: "/", changefreq: "weekly", priority: 1 },
  { path: "/certification-qualiopi", changefreq: "yearly", priority: 0.6 },
  { path: "/accessibilite", changefreq: "yearly", priority: 0.3 },
  { path: "/mentions-legales", changefreq: "yearly", priority: 0.2 },
  { path: "/politique-confidentialite", changefreq: "yearly", priority: 0.2 },
  { path: "/conditions-utilisation", changefreq: "yearly", priority: 0.2 },
  { path: "/politique-cookies", changefreq: "yearly", priority: 0.2 },
];
