import { CalendarDays, Clock, GraduationCap, UserRound } from "lucide-react";
import { data, redirect } from "react-router";
import { Link } from "~/ui/link";
import type { Route } from "./+types/blog-post";
import { isEditor } from "~/platform/auth/roles";
import { PostGrid } from "~/domain/blog/components/post-card";
import { ShareLinks } from "~/domain/blog/components/share-links";
import { TableOfContents } from "~/domain/blog/components/table-of-contents";
import { BLOG_STATUS_LABELS, blogIndexPath, formatPostDate, formatPostDateTime, parisDay, readingTimeLabel } from "~/domain/blog/labels";
import { blogPostPage } from "~/domain/blog/pages.server";
import { Breadcrumb } from "~/ui/breadcrumb";
import { FormationPicture } from "~/domain/formations/components/formation-picture";
import { formationPath } from "~/domain/formations/slug";
import { getSessionUser } from "~/platform/auth/guard.server";
import { MarkdownContent } from "~/platform/markdown/markdown-content";
import { pageHtml } from "~/platform/ssr/kept.server";
import { pageMeta } from "~/platform/seo/meta";
import { ServerHtml } from "~/ui/server-html";

/**
 * /blog/{slug}: a post visitors can see; an old slug answers 301. Drafts and posts whose time has
 * not come are a 404 for visitors and a preview (not indexed) for editors.
 */
export async function loader(args: Route.LoaderArgs) {
  const { params, request } = args;
  const user = await getSessionUser(request);
  const result = await blogPostPage(params.slug, { includeUnpublished: isEditor(user) });
  if (result.kind === "not-found") throw data(null, { status: 404 });
  if (result.kind === "redirect") throw redirect(result.to + new URL(request.url).search, 301);
  // The article goes into the page once (not again in the hydration data).
  return { ...result.data, html: pageHtml(args, "article", result.data.html) };
}

export function meta(args: Route.MetaArgs) {
  const d = args.loaderData;
  if (!d) return [{ title: "Page introuvable" }];
  const tags = [
    ...pageMeta(args, {
      title: d.seo.title,
      description: d.seo.description,
      type: "article",
      noindex: d.preview,
      image: d.post.image ? (d.jsonLd[0] as unknown as { image?: string }).image : null,
    }),
    ...d.jsonLd.map((json) => ({ "script:ld+json": json })),
  ];
  if (d.post.publishedAt) tags.push({ property: "article:published_time", content: d.post.publishedAt });
  tags.push(
    { property: "article:modified_time", content: d.post.updatedAt },
    { property: "article:section", content: d.post.categoryName },
  );
  return tags;
}

/** Content styles the site's long-text class leaves to each page: images, quotes, code. */
const contentExtras =
  "[&_table]:block [&_table]:overflow-x-auto [&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-300 [&_blockquote]:pl-4 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 dark:[&_code]:bg-slate-800 [&_h4]:mt-5 [&_h4]:font-semibold [&_h2]:scroll-mt-24 [&_h3]:scroll-mt-24 [&_hr]:my-8 [&_hr]:border-slate-200 dark:[&_hr]:border-slate-800";

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, html, toc, share, url, related, formations, crumbs, preview, status } = loaderData;
  return (
    <>
      {preview ? (
        <div
          role="note"
          className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-center text-sm font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          Aperçu ({BLOG_STATUS_LABELS[status].toLowerCase()}
          {status === "scheduled" && post.publishedAt ? `, publication le ${formatPostDateTime(post.publishedAt)}` : ""})&nbsp;: cet article
          n'est pas encore visible des visiteurs.{" "}
          <Link to={`/admin/blog/${post.id}`} className="underline">
            Retour à l'édition
          </Link>
        </div>
      ) : null}
      <article>
        <ServerHtml>
          {() => {
            // Inside the server-rendered part: the date formatter is not built while hydrating.
            const updatedLater = post.publishedAt !== null && parisDay(post.updatedAt) > parisDay(post.publishedAt);
            return (
              <header className="border-b border-slate-200 bg-linear-to-b from-brand-50 to-white dark:border-slate-800 dark:from-slate-900 dark:to-slate-950">
                <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
                  <Breadcrumb items={crumbs} />
                  <div className="max-w-4xl">
                    <p className="mt-6 text-xs font-semibold">
                      <Link
                        to={blogIndexPath({ categorie: post.category })}
                        className="rounded-full bg-brand-100 px-2.5 py-1 text-brand-900 hover:bg-brand-200 dark:bg-brand-950 dark:text-brand-200"
                      >
                        {post.categoryName}
                      </Link>
                    </p>
                    <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">
                      {post.title}
                    </h1>
                    <p className="mt-4 text-lg leading-8 text-slate-700 dark:text-slate-300">{post.excerpt}</p>
                    <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700 dark:text-slate-300">
                      <li className="flex items-center gap-2">
                        <UserRound aria-hidden="true" className="size-4 text-brand-700 dark:text-brand-300" />
                        <span>
                          Par <span className="font-semibold text-slate-900 dark:text-white">{post.author}</span>
                        </span>
                      </li>
                      {post.publishedAt ? (
                        <li className="flex items-center gap-2">
                          <CalendarDays aria-hidden="true" className="size-4 text-brand-700 dark:text-brand-300" />
                          <span>
                            {status === "published" ? "Publié le " : "Publication prévue le "}
                            <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>
                            {updatedLater ? (
                              <>
                                , mis à jour le <time dateTime={post.updatedAt}>{formatPostDate(post.updatedAt)}</time>
                              </>
                            ) : null}
                          </span>
                        </li>
                      ) : null}
                      <li className="flex items-center gap-2">
                        <Clock aria-hidden="true" className="size-4 text-brand-700 dark:text-brand-300" />
                        <span>{readingTimeLabel(post.readingMinutes)}</span>
                      </li>
                    </ul>
                  </div>
                </div>
              </header>
            );
          }}
        </ServerHtml>

        <div className="mx-auto max-w-6xl px-4 py-10">
          {post.image ? (
            <div className="mb-10 max-w-4xl overflow-hidden rounded-2xl">
              <FormationPicture
                image={post.image}
                alt={post.imageAlt}
                sizes="(min-width: 896px) 56rem, 100vw"
                className="aspect-[16/9] w-full object-cover"
                priority
              />
            </div>
          ) : null}
          <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-10">
            <ServerHtml>
              {() => (
                <>
                  {toc.length > 0 ? (
                    <div className="mb-8 lg:order-2 lg:mb-0">
                      <div className="lg:sticky lg:top-24">
                        <TableOfContents items={toc} />
                      </div>
                    </div>
                  ) : null}
                </>
              )}
            </ServerHtml>
            <div className="min-w-0 lg:order-1">
              <ServerHtml>
                {() => (
                  <>
                    <MarkdownContent html={html} className={contentExtras} />

                    {post.tags.length > 0 ? (
                      <div className="mt-10">
                        <p className="text-sm font-semibold text-slate-900 dark:text-white">Mots-clés</p>
                        <ul className="mt-2 flex flex-wrap gap-2">
                          {post.tags.map((t) => (
                            <li key={t.slug}>
                              <Link
                                to={blogIndexPath({ tag: t.slug })}
                                className="inline-flex min-h-9 items-center rounded-full border border-slate-300 px-3 text-sm text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
                              >
                                #{t.name}
                              </Link>
                            </li>
                          ))}
                        </ul>
                      </div>
                    ) : null}
                  </>
                )}
              </ServerHtml>

              {preview ? null : <ShareLinks links={share} url={url} />}
            </div>
          </div>
        </div>
      </article>
      <ServerHtml>
        {() => (
          <>
            {formations.length > 0 ? (
              <section
                id="formations-liees"
                aria-labelledby="formations-liees-titre"
                className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40"
              >
                <div className="mx-auto max-w-6xl px-4 py-10">
                  <h2 id="formations-liees-titre" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
                    Formations liées
                  </h2>
                  <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                    {formations.map((f) => (
                      <li
                        key={f.id}
                        className="relative flex gap-3 rounded-xl border border-slate-200 bg-white p-5 focus-within:ring-2 focus-within:ring-brand-600 dark:border-slate-800 dark:bg-slate-900"
                      >
                        <GraduationCap aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" />
                        <div>
                          <h3 className="font-semibold text-slate-900 dark:text-white">
                            <Link
                              to={formationPath(f.slug)}
                              className="outline-none after:absolute after:inset-0 hover:text-brand-700 dark:hover:text-brand-300"
                            >
                              {f.title}
                            </Link>
                          </h3>
                          <p className="mt-1 line-clamp-3 text-sm text-slate-700 dark:text-slate-300">{f.summary}</p>
                        </div>
                      </li>
                    ))}
                  </ul>
                </div>
              </section>
            ) : null}

            {related.length > 0 ? (
              <section id="articles-lies" aria-labelledby="articles-lies-titre" className="mx-auto max-w-6xl px-4 py-10">
                <h2 id="articles-lies-titre" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
                  À lire aussi
                </h2>
                <div className="mt-6">
                  <PostGrid posts={related} />
                </div>
              </section>
            ) : null}
          </>
        )}
      </ServerHtml>
    </>
  );
}
