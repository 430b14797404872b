import { data } from "react-router";
import type { Route } from "./+types/sitemap";
import { sitemapSources } from "~/composition/sitemap-sources.server";
import { renderSitemap } from "~/platform/seo/sitemap.server";

const HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

/** /sitemap.xml (the whole list, or an index past 50,000 URLs) and its files /sitemap/{n}.xml. */
export async function loader({ params }: Route.LoaderArgs) {
  const file = params.file;
  const part = file === undefined ? undefined : /^\d{1,4}\.xml$/.test(file) ? Number(file.slice(0, -4)) : NaN;
  const xml = await renderSitemap(sitemapSources, part);
  if (xml === null) throw data(null, { status: 404 });
  return new Response(xml, { headers: HEADERS });
}
