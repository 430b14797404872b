import { data } from "react-router";
import { Link } from "~/ui/link";
import type { Route } from "./+types/categorie-ville";
import { Breadcrumb } from "~/ui/breadcrumb";
import { pageParam } from "~/platform/http/page-param";
import { Pagination } from "~/ui/pagination";
import { FormationGrid } from "~/domain/formations/components/formation-card";
import { PageSection } from "~/domain/formations/components/page-parts";
import { SessionTable } from "~/domain/formations/components/session-table";
import { categoryCityPage } from "~/domain/formations/pages.server";
import { jsonLdMeta } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { useServerData, type WholeData } from "~/platform/ssr/kept";
import { serverOnlyData } from "~/platform/ssr/kept.server";
import { ServerHtml } from "~/ui/server-html";

/**
 * /{category}/{city} where the first segment is `formation-{one word}` (docs/spec.md#écrans): one category in one
 * city. Anything else on this two-segment pattern, or a pair without published formations, is a 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const result = await categoryCityPage(args.params.category, args.params.city, pageParam(args.request));
  if (result.kind === "not-found") throw data(null, { status: 404 });
  const page = result.data;
  // The page is one read-only part: the browser gets only what meta() reads (see kept.server.ts).
  return serverOnlyData(args, "category-city", { ...page, topTitles: page.formations.slice(0, 3).map((f) => f.title) }, [
    "category",
    "city",
    "jsonLd",
    "topTitles",
  ]);
}

export function meta(args: Route.MetaArgs) {
  const d = args.loaderData;
  if (!d) return [{ title: "Page introuvable" }];
  return [
    ...pageMeta(args, {
      title: `Formation ${d.category.name.toLowerCase()} à ${d.city.name}`,
      description:
        `Formations ${d.category.name.toLowerCase()} à ${d.city.name} : ${d.topTitles.join(", ")}. Dates, tarifs et financements.`.slice(
          0,
          300,
        ),
    }),
    ...jsonLdMeta(d.jsonLd),
  ];
}

export default function CategoryCityPage({ loaderData }: Route.ComponentProps) {
  const data = useServerData(loaderData);
  return <ServerHtml>{() => <CategoryCityView {...data()} />}</ServerHtml>;
}

function CategoryCityView({
  category,
  city,
  formations,
  sessions,
  otherCities,
  otherCategories,
  crumbs,
  total,
  page,
  pageCount,
}: WholeData<Route.ComponentProps["loaderData"]>) {
  return (
    <>
      <div className="border-b border-slate-200 bg-linear-to-b from-brand-50 to-white dark:border-slate-800 dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
          <Breadcrumb items={crumbs} />
          <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            Formation {category.name.toLowerCase()} à {city.name}
          </h1>
          <p className="mt-4 max-w-3xl text-lg leading-8 text-slate-700 dark:text-slate-300">{category.description}</p>
          <p className="mt-3 max-w-3xl text-slate-700 dark:text-slate-300">{city.intro}</p>
        </div>
      </div>
      <div className="mx-auto max-w-6xl space-y-12 px-4 py-10">
        <PageSection id="formations" title={`${total} formation${total > 1 ? "s" : ""} ${category.name.toLowerCase()} à ${city.name}`}>
          <FormationGrid items={formations} />
          <Pagination page={page} pageCount={pageCount} search="" pathname={`/formation-${category.slug}/${city.slug}`} />
        </PageSection>
        {sessions.length > 0 ? (
          <PageSection id="sessions" title={`Prochaines sessions à ${city.name}`}>
            <SessionTable sessions={sessions} label={`Prochaines sessions ${category.name.toLowerCase()} à ${city.name}`} />
          </PageSection>
        ) : null}
        {otherCities.length > 0 ? (
          <PageSection id="autres-villes" title={`${category.name} dans d'autres villes`}>
            <ul className="flex flex-wrap gap-2">
              {otherCities.map((c) => (
                <li key={c.href}>
                  <Link
                    to={c.href}
                    className="inline-flex min-h-9 items-center rounded-full border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
                  >
                    {category.name} à {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </PageSection>
        ) : null}
        <PageSection id="autres-domaines" title={`Autres formations à ${city.name}`}>
          <ul className="flex flex-wrap gap-2">
            {otherCategories.map((c) => (
              <li key={c.href}>
                <Link
                  to={c.href}
                  className="inline-flex min-h-9 items-center rounded-full border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
                >
                  {c.name} à {city.name}
                </Link>
              </li>
            ))}
            <li>
              <Link
                to={`/formations/ville/${city.slug}`}
                className="inline-flex min-h-9 items-center rounded-full border border-brand-300 px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 dark:border-brand-700 dark:text-brand-200 dark:hover:bg-slate-800"
              >
                Toutes les formations à {city.name}
              </Link>
            </li>
          </ul>
        </PageSection>
      </div>
    </>
  );
}
