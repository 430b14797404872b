import { formatEuros } from "~/platform/format";
import { SlidersHorizontal } from "lucide-react";
import { Form, useLocation } from "react-router";
import { Link } from "~/ui/link";
import type { Route } from "./+types/formations";
import { listCities } from "~/domain/cities/cities.server";
import { listCategories } from "~/domain/formations/categories.server";
import { FormationGrid } from "~/domain/formations/components/formation-card";
import { FilterSubmitRow, SearchResults } from "~/ui/search-results";
import { listFormations } from "~/domain/formations/formations.server";
import {
  CATALOGUE_PAGE_SIZE,
  CATALOGUE_PRICE_STEPS,
  CATALOGUE_SORTS,
  MODALITIES,
  MODALITY_LABELS,
  parseCatalogueQuery,
} from "~/domain/formations/labels";
import { itemListJsonLd, jsonLdMeta, rootSiteUrl } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { formationPath } from "~/domain/formations/slug";
import { inputClass } from "~/ui/form/input-class";
import { ServerHtml } from "~/ui/server-html";

/** /formations: the catalogue, filtered through the query string (a GET form: works without JavaScript). */
export async function loader({ request }: Route.LoaderArgs) {
  const query = parseCatalogueQuery(new URL(request.url).searchParams);
  const [categories, cities] = await Promise.all([listCategories(), listCities()]);
  const category = categories.find((c) => c.slug === query.categorie && c.publishedCount > 0);
  const city = cities.find((c) => c.slug === query.ville && c.publishedCount > 0);
  const results = await listFormations({
    status: "published",
    q: query.q || undefined,
    categorySlug: category?.slug,
    citySlug: city?.slug,
    modality: query.modalite || undefined,
    cpf: query.cpf || undefined,
    maxPrice: query.prix ?? undefined,
    sort: CATALOGUE_SORTS[query.tri].sort,
    page: query.page,
    perPage: CATALOGUE_PAGE_SIZE,
  });
  return {
    query: { ...query, categorie: category?.slug ?? "", ville: city?.slug ?? "" },
    categoryName: category?.name,
    cityName: city?.name,
    categories: categories.filter((c) => c.publishedCount > 0).map((c) => ({ slug: c.slug, name: c.name })),
    cities: cities.filter((c) => c.publishedCount > 0).map((c) => ({ slug: c.slug, name: c.name })),
    results,
  };
}

export function meta(args: Route.MetaArgs) {
  const d = args.loaderData;
  const where = d?.cityName ? ` à ${d.cityName}` : "";
  const title = d?.categoryName ? `Formations ${d.categoryName.toLowerCase()}${where}` : `Catalogue des formations${where}`;
  const items = (d?.results.items ?? []).map((f) => ({ name: f.title, path: formationPath(f.slug) }));
  return [
    ...pageMeta(args, {
      title,
      description:
        "Toutes nos formations professionnelles : bureautique, management, langues, numérique, sécurité, vente et RH, en présentiel, à distance ou mixte, avec leurs prochaines sessions et leurs tarifs.",
      path: "/formations",
    }),
    ...jsonLdMeta([itemListJsonLd(items, rootSiteUrl(args.matches))]),
  ];
}

const field = inputClass(undefined, "mt-1");
const label = "block text-sm font-medium text-slate-800 dark:text-slate-200";

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  const { query, categories, cities, results } = loaderData;
  const location = useLocation();
  const filtered = Boolean(query.q || query.categorie || query.modalite || query.ville || query.cpf || query.prix);
  return (
    <ServerHtml>
      {() => (
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Nos formations</h1>
          <p className="mt-3 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
            Des formations courtes et concrètes, en présentiel dans nos centres, à distance en classe virtuelle ou dans vos locaux. Chaque
            fiche détaille le programme, les prérequis, les tarifs, les financements possibles et les prochaines dates.
          </p>

          <search className="mt-8 block">
            <Form
              method="get"
              action="/formations"
              className="rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900/60"
              aria-label="Filtrer les formations"
            >
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                <div className="sm:col-span-2">
                  <label htmlFor="f-q" className={label}>
                    Rechercher
                  </label>
                  <input
                    id="f-q"
                    name="q"
                    type="search"
                    defaultValue={query.q}
                    placeholder="Excel, management, anglais…"
                    className={field}
                    maxLength={100}
                  />
                </div>
                {/* On a phone the filters fold behind one button (works without JavaScript); always open from 640 px. */}
                <details
                  open={Boolean(query.categorie || query.modalite || query.ville || query.cpf || query.prix) || undefined}
                  className="sm:col-span-2 lg:col-span-4 sm:[&::details-content]:[content-visibility:visible] sm:[&::details-content]:block"
                >
                  <summary className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold sm:hidden dark:border-slate-600 dark:bg-slate-900">
                    <SlidersHorizontal aria-hidden="true" className="size-4" />
                    Filtres et tri
                  </summary>
                  <div className="mt-4 grid gap-4 sm:mt-0 sm:grid-cols-2 lg:grid-cols-4">
                    <div>
                      <label htmlFor="f-categorie" className={label}>
                        Domaine
                      </label>
                      <select id="f-categorie" name="categorie" defaultValue={query.categorie} className={field}>
                        <option value="">Tous les domaines</option>
                        {categories.map((c) => (
                          <option key={c.slug} value={c.slug}>
                            {c.name}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div>
                      <label htmlFor="f-ville" className={label}>
                        Ville
                      </label>
                      <select id="f-ville" name="ville" defaultValue={query.ville} className={field}>
                        <option value="">Toutes les villes</option>
                        {cities.map((c) => (
                          <option key={c.slug} value={c.slug}>
                            {c.name}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div>
                      <label htmlFor="f-modalite" className={label}>
                        Modalité
                      </label>
                      <select id="f-modalite" name="modalite" defaultValue={query.modalite} className={field}>
                        <option value="">Toutes les modalités</option>
                        {MODALITIES.map((m) => (
                          <option key={m} value={m}>
                            {MODALITY_LABELS[m]}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div>
                      <label htmlFor="f-prix" className={label}>
                        Prix par personne
                      </label>
                      <select id="f-prix" name="prix" defaultValue={query.prix ? String(query.prix) : ""} className={field}>
                        <option value="">Tous les prix</option>
                        {CATALOGUE_PRICE_STEPS.map((p) => (
                          <option key={p} value={p}>
                            Jusqu'à {formatEuros(p)}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div>
                      <label htmlFor="f-tri" className={label}>
                        Trier par
                      </label>
                      <select id="f-tri" name="tri" defaultValue={query.tri} className={field}>
                        {Object.entries(CATALOGUE_SORTS).map(([key, s]) => (
                          <option key={key} value={key}>
                            {s.label}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div className="flex items-end">
                      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
                        <input
                          type="checkbox"
                          name="cpf"
                          value="1"
                          defaultChecked={query.cpf}
                          className="size-5 rounded border-slate-400 accent-brand-700"
                        />
                        Éligible au CPF
                      </label>
                    </div>
                  </div>
                </details>
              </div>
              <FilterSubmitRow label="Afficher les formations" resetTo="/formations" filtered={filtered} />
            </Form>
          </search>

          <SearchResults
            heading="Résultats"
            summary={
              results.total === 0
                ? "Aucune formation ne correspond à ces critères."
                : `${results.total} formation${results.total > 1 ? "s" : ""}${filtered ? " correspondant à vos critères" : ""}`
            }
            results={results}
            empty={
              <>
                Essayez un autre mot-clé ou retirez un filtre. Nous organisons aussi des formations sur mesure dans vos locaux&nbsp;:{" "}
                <Link to="/devis" className="font-medium text-brand-700 underline dark:text-brand-300">
                  demandez un devis
                </Link>
                .
              </>
            }
            search={location.search}
            pathname="/formations"
          >
            <FormationGrid items={results.items} headingLevel={3} />
          </SearchResults>
        </div>
      )}
    </ServerHtml>
  );
}
