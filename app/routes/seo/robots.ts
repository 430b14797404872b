import { config } from "~/platform/config.server";

/** Everything public may be crawled; the admin, account and auth paths may not. */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /login",
    "Disallow: /invitation",
    "Disallow: /test",
    "Disallow: /simple",
    "",
    `Sitemap: ${config().siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
