import { data, useLocation } from "react-router";
import type { Route } from "./+types/recherche";
import { SearchForm, SearchResults, resultCountSentence } from "~/domain/search/components/search-results";
import { parseSearchParams, searchSite } from "~/domain/search/search.server";
import { pageMeta } from "~/platform/seo/meta";
import { ServerHtml } from "~/ui/server-html";

/**
 * /recherche: the site-wide search (docs/decisions/0018-site-search.md). A GET form, so it works
 * without JavaScript. Never kept by the page cache nor by a shared cache (one entry per query would
 * fill it), never indexed by search engines, not in the sitemap.
 */
const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const { query, page } = parseSearchParams(new URL(request.url).searchParams);
  return data(await searchSite({ query, page }), { headers: NO_STORE });
}

export function headers() {
  return NO_STORE;
}

export function meta(args: Route.MetaArgs) {
  const d = args.loaderData;
  return pageMeta(args, {
    title: d?.query ? `Recherche : ${d.query}` : "Rechercher sur le site",
    description: d?.query
      ? resultCountSentence(d.total, d.query, d.capped)
      : "Rechercher une formation, une ville, un article du blog ou une solution de financement sur tout le site.",
    path: "/recherche",
    noindex: true,
  });
}

export default function SearchScreen({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <ServerHtml>
      {() => (
        <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Rechercher sur le site</h1>
          <SearchForm query={loaderData.query} />
          <SearchResults result={loaderData} pathname={location.pathname} search={location.search} />
        </div>
      )}
    </ServerHtml>
  );
}
