import { data } from "react-router";
import { Link } from "~/ui/link";
import type { Route } from "./+types/formations-ville";
import { Breadcrumb } from "~/ui/breadcrumb";
import { pageParam } from "~/platform/http/page-param";
import { Pagination } from "~/ui/pagination";
import { FormationGrid } from "~/domain/formations/components/formation-card";
import { PageSection } from "~/domain/formations/components/page-parts";
import { SessionTable } from "~/domain/formations/components/session-table";
import { cityPage } from "~/domain/formations/pages.server";
import { jsonLdMeta } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { ButtonLink } from "~/ui/button";
import { useServerData, type WholeData } from "~/platform/ssr/kept";
import { serverOnlyData } from "~/platform/ssr/kept.server";
import { ServerHtml } from "~/ui/server-html";
import { formatCount, formatNumber } from "~/platform/format";

/** /formations/ville/{city}: the formations and sessions in one city, its intro and nearby cities. */
export async function loader(args: Route.LoaderArgs) {
  const result = await cityPage(args.params.city, pageParam(args.request));
  if (result.kind === "not-found") throw data(null, { status: 404 });
  // The page is one read-only part: the browser gets only what meta() reads (see kept.server.ts).
  return serverOnlyData(args, "city", result.data, ["city", "total", "jsonLd"]);
}

export function meta(args: Route.MetaArgs) {
  const d = args.loaderData;
  if (!d) return [{ title: "Page introuvable" }];
  return [
    ...pageMeta(args, {
      title: `Formations professionnelles à ${d.city.name}`,
      description: `${d.total} formation${d.total > 1 ? "s" : ""} à ${d.city.name} (${d.city.region}) : bureautique, management, sécurité, vente… Prochaines sessions, tarifs et financements.`,
    }),
    ...jsonLdMeta(d.jsonLd),
  ];
}

export default function CityPage({ loaderData }: Route.ComponentProps) {
  const data = useServerData(loaderData);
  return <ServerHtml>{() => <CityView {...data()} />}</ServerHtml>;
}

function CityView({
  city,
  formations,
  sessions,
  categories,
  nearby,
  crumbs,
  page,
  pageCount,
}: WholeData<Route.ComponentProps["loaderData"]>) {
  return (
    <>
      <div className="border-b border-slate-200 bg-linear-to-b from-brand-50 to-white dark:border-slate-800 dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
          <Breadcrumb items={crumbs} />
          <p className="mt-6 text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">{city.region}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Formations à {city.name}</h1>
          <p className="mt-4 max-w-3xl text-lg leading-8 text-slate-700 dark:text-slate-300">{city.intro}</p>
          {categories.length > 0 ? (
            <ul className="mt-6 flex flex-wrap gap-2" aria-label={`Domaines de formation à ${city.name}`}>
              {categories.map((c) => (
                <li key={c.href}>
                  <Link
                    to={c.href}
                    className="inline-flex min-h-9 items-center rounded-full border border-brand-200 bg-white px-3 text-sm font-medium text-brand-800 hover:bg-brand-50 dark:border-slate-700 dark:bg-slate-900 dark:text-brand-200"
                  >
                    {c.name} à {city.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <div className="mx-auto max-w-6xl space-y-12 px-4 py-10">
        <PageSection id="formations" title={`Nos formations à ${city.name}`}>
          {formations.length > 0 ? (
            <>
              <FormationGrid items={formations} />
              <Pagination page={page} pageCount={pageCount} search="" pathname={`/formations/ville/${city.slug}`} />
            </>
          ) : (
            <div className="text-slate-700 dark:text-slate-300">
              <p>
                Aucune session inter-entreprises n'est programmée à {city.name} pour le moment. Nous pouvons organiser la formation de votre
                choix dans vos locaux.
              </p>
              <ButtonLink to="/devis" className="mt-4">
                Demander un devis
              </ButtonLink>
            </div>
          )}
        </PageSection>
        {sessions.length > 0 ? (
          <PageSection id="sessions" title={`Prochaines sessions à ${city.name}`}>
            <SessionTable sessions={sessions} label={`Tableau des prochaines sessions à ${city.name}`} />
          </PageSection>
        ) : null}
        <PageSection id="a-distance" title="Et aussi à distance">
          <p className="text-slate-700 dark:text-slate-300">
            Plusieurs formations se suivent aussi en classe virtuelle, depuis {city.name} ou ailleurs&nbsp;:{" "}
            <Link to="/formations?modalite=distanciel" className="font-medium text-brand-700 underline dark:text-brand-300">
              voir les formations à distance
            </Link>
            .
          </p>
        </PageSection>
        {nearby.length > 0 ? (
          <PageSection id="villes-proches" title="Villes proches">
            <ul className="grid gap-3 sm:grid-cols-3">
              {nearby.map((c) => (
                <li key={c.href}>
                  <Link
                    to={c.href}
                    className="block rounded-xl border border-slate-200 p-4 hover:border-brand-300 hover:bg-brand-50 dark:border-slate-800 dark:hover:bg-slate-900"
                  >
                    <span className="block font-semibold text-slate-900 dark:text-white">Formations à {c.name}</span>
                    <span className="text-sm text-slate-600 dark:text-slate-400">
                      À {formatNumber(c.distanceKm)}&nbsp;km · {formatCount(c.count, "formation")}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </PageSection>
        ) : null}
      </div>
    </>
  );
}
