import { renderSitemap } from "~/platform/seo/sitemap.server";

export async function loader() {
  return new Response(await renderSitemap(), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
