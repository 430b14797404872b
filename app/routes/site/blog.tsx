import { Rss } from "lucide-react";
import { Form, useLocation } from "react-router";
import { Link } from "~/ui/link";
import type { Route } from "./+types/blog";
import { PostGrid } from "~/domain/blog/components/post-card";
import { blogIndexPath, blogPostPath } from "~/domain/blog/labels";
import { blogIndexPage, parseBlogIndexQuery } from "~/domain/blog/pages.server";
import { FilterSubmitRow, SearchResults } from "~/ui/search-results";
import { itemListJsonLd, jsonLdMeta, rootSiteUrl } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { inputClass } from "~/ui/form/input-class";
import { cn } from "~/ui/cn";
import { ServerHtml } from "~/ui/server-html";

/** /blog: published posts, newest first; search, category and tag filters through the query string (works without JavaScript). */
export async function loader({ request }: Route.LoaderArgs) {
  return blogIndexPage(parseBlogIndexQuery(new URL(request.url).searchParams));
}

export function meta(args: Route.MetaArgs) {
  const d = args.loaderData;
  const title = d?.categoryName
    ? `Blog : ${d.categoryName.toLowerCase()}`
    : d?.tagName
      ? `Blog : articles « ${d.tagName} »`
      : "Blog de la formation professionnelle";
  const items = (d?.results.items ?? []).map((post) => ({ name: post.title, path: blogPostPath(post.slug) }));
  return [
    ...pageMeta(args, {
      title,
      description:
        d?.categoryDescription ??
        "Financer une formation avec son OPCO ou son CPF, obligations de l'employeur, Qualiopi, présentiel ou distanciel, bilan de compétences : nos articles pour décider en connaissance de cause.",
      path: d?.query.categorie ? blogIndexPath({ categorie: d.query.categorie }) : "/blog",
    }),
    ...jsonLdMeta([itemListJsonLd(items, rootSiteUrl(args.matches))]),
  ];
}

const field = inputClass(undefined, "mt-1");
const label = "block text-sm font-medium text-slate-800 dark:text-slate-200";

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const { query, categories, tags, results, categoryName, categoryDescription, tagName } = loaderData;
  const location = useLocation();
  const filtered = Boolean(query.q || query.categorie || query.tag);
  const chip = (active: boolean) =>
    cn(
      "inline-flex min-h-9 items-center rounded-full border px-3 text-sm font-medium",
      active
        ? "border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-400 dark:text-slate-950"
        : "border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800",
    );
  return (
    <ServerHtml>
      {() => (
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div>
              <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
                {categoryName ? `Blog : ${categoryName}` : "Le blog de la formation professionnelle"}
              </h1>
              <p className="mt-3 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
                {categoryDescription ??
                  "Financement, obligations de l'employeur, qualité, choix d'une modalité, évolution professionnelle\u00a0: des articles pratiques, écrits par notre équipe, pour décider en connaissance de cause."}
              </p>
            </div>
            <a
              href="/blog/rss.xml"
              className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
            >
              <Rss aria-hidden="true" className="size-4" />
              Flux RSS
            </a>
          </div>

          {categories.length > 0 ? (
            <nav aria-label="Catégories du blog" className="mt-8">
              <ul className="flex flex-wrap gap-2">
                <li>
                  <Link
                    to={blogIndexPath({ q: query.q, tag: query.tag })}
                    className={chip(!query.categorie)}
                    aria-current={!query.categorie ? "page" : undefined}
                  >
                    Toutes les catégories
                  </Link>
                </li>
                {categories.map((c) => (
                  <li key={c.slug}>
                    <Link
                      to={blogIndexPath({ q: query.q, tag: query.tag, categorie: c.slug })}
                      className={chip(query.categorie === c.slug)}
                      aria-current={query.categorie === c.slug ? "page" : undefined}
                    >
                      {c.name}
                      <span className="sr-only">
                        , {c.count} article{c.count > 1 ? "s" : ""}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}

          <search className="mt-6 block">
            <Form
              method="get"
              action="/blog"
              className="rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900/60"
              aria-label="Rechercher dans le blog"
            >
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                <div className="sm:col-span-2">
                  <label htmlFor="b-q" className={label}>
                    Rechercher un article
                  </label>
                  <input
                    id="b-q"
                    name="q"
                    type="search"
                    defaultValue={query.q}
                    placeholder="CPF, OPCO, Qualiopi…"
                    className={field}
                    maxLength={100}
                  />
                </div>
                <div>
                  <label htmlFor="b-categorie" className={label}>
                    Catégorie
                  </label>
                  <select id="b-categorie" name="categorie" defaultValue={query.categorie} className={field}>
                    <option value="">Toutes les catégories</option>
                    {categories.map((c) => (
                      <option key={c.slug} value={c.slug}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <label htmlFor="b-tag" className={label}>
                    Mot-clé
                  </label>
                  <select id="b-tag" name="tag" defaultValue={query.tag} className={field}>
                    <option value="">Tous les mots-clés</option>
                    {tags.map((t) => (
                      <option key={t.slug} value={t.slug}>
                        {t.name}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              <FilterSubmitRow label="Afficher les articles" resetTo="/blog" filtered={filtered} />
            </Form>
          </search>

          <SearchResults
            heading="Articles"
            summary={
              results.total === 0
                ? "Aucun article ne correspond à ces critères."
                : `${results.total} article${results.total > 1 ? "s" : ""}${tagName ? ` avec le mot-clé « ${tagName} »` : ""}${query.q ? ` pour « ${query.q} »` : ""}`
            }
            results={results}
            empty={
              <>
                Essayez un autre mot ou retirez un filtre. Une question précise sur le financement d'une formation&nbsp;?{" "}
                <Link to="/contact" className="font-medium text-brand-700 underline dark:text-brand-300">
                  Écrivez-nous
                </Link>
                .
              </>
            }
            search={location.search}
            pathname="/blog"
          >
            <PostGrid posts={results.items} />
          </SearchResults>
        </div>
      )}
    </ServerHtml>
  );
}
