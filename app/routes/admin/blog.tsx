import { Eye, Plus, Search, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, data, useFetcher, useLocation } from "react-router";
import { notify } from "~/platform/toast/notify";
import { z } from "zod";
import type { Route } from "./+types/blog";
import { countPosts, deletePost, listPosts, listTags } from "~/domain/blog/blog.server";
import { type BlogPostListItem } from "~/domain/blog/model";
import {
  BLOG_CATEGORIES,
  BLOG_CATEGORY_SLUGS,
  BLOG_STATUS_LABELS,
  blogPostPath,
  formatPostDateTime,
  type BlogStatus,
} from "~/domain/blog/labels";
import { Pagination } from "~/ui/pagination";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { Button, ButtonLink } from "~/ui/button";
import { cn } from "~/ui/cn";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { formatDate } from "./format";
import { NotFoundError } from "~/platform/validation/errors";

export const handle = { breadcrumb: "Blog" };

const filtersSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  statut: z.enum(["", "draft", "scheduled", "published"]).catch(""),
  categorie: z.enum(["", ...BLOG_CATEGORY_SLUGS]).catch(""),
  tag: z
    .string()
    .regex(/^[a-z0-9-]{0,60}$/)
    .catch(""),
  page: z.coerce.number().int().min(1).catch(1),
});

/** /admin/blog: every post (drafts, scheduled, published); search (accents ignored), filters, pagination, delete. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const filters = filtersSchema.parse({ q: "", statut: "", categorie: "", tag: "", page: 1, ...params });
  const [result, counts, tags] = await Promise.all([
    listPosts({
      status: filters.statut || "all",
      q: filters.q || undefined,
      category: filters.categorie || undefined,
      tag: filters.tag || undefined,
      page: filters.page,
      perPage: 20,
    }),
    countPosts(),
    listTags({ visibleOnly: false }),
  ]);
  return { filters, result, counts, tags: tags.map((t) => ({ slug: t.slug, name: t.name })) };
}

const actionSchema = z.object({ intent: z.literal("delete"), id: z.string().min(1).max(64) });

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireEditor(request);
  const form = await request.formData();
  const parsed = actionSchema.safeParse({ intent: form.get("intent"), id: form.get("id") });
  if (!parsed.success) return data({ ok: false as const, message: "Requête invalide." }, { status: 400 });
  try {
    const title = await deletePost(parsed.data.id, { actor });
    return { ok: true as const, message: `Article «\u00a0${title}\u00a0» supprimé.` };
  } catch (error) {
    if (error instanceof NotFoundError) return data({ ok: false as const, message: error.message }, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Blog", description: "Gérer les articles du blog.", noindex: true });

type ActionResult = { ok: boolean; message: string };

const STATUS_STYLES: Record<BlogStatus, string> = {
  published: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  scheduled: "bg-sky-100 text-sky-950 dark:bg-sky-950 dark:text-sky-200",
  draft: "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-200",
};

function RowActions({ post, fetcher }: { post: BlogPostListItem; fetcher: ReturnType<typeof useFetcher<ActionResult>> }) {
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  const visible = post.effective === "published";
  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      <Link
        to={blogPostPath(post.slug)}
        target="_blank"
        className="inline-flex size-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        aria-label={`${visible ? "Voir" : "Prévisualiser"} « ${post.title} » (nouvel onglet)`}
        title={visible ? "Voir l'article" : "Aperçu"}
      >
        <Eye aria-hidden="true" className="size-4" />
      </Link>
      <button
        type="button"
        disabled={busy}
        onClick={() => setConfirming(true)}
        className="inline-flex size-9 items-center justify-center rounded-lg text-red-700 hover:bg-red-50 disabled:opacity-50 dark:text-red-400 dark:hover:bg-red-950"
        aria-label={`Supprimer « ${post.title} »`}
        title="Supprimer"
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Supprimer cet article ?"
        confirmLabel="Supprimer définitivement"
        danger
        onConfirm={() => fetcher.submit({ intent: "delete", id: post.id }, { method: "post" })}
      >
        <p>
          «&nbsp;{post.title}&nbsp;» sera supprimé avec ses mots-clés. Sa page ne sera plus accessible. Cette action est irréversible&nbsp;;
          pour le retirer du site seulement, repassez-le plutôt en brouillon.
        </p>
      </ConfirmDialog>
    </div>
  );
}

const field = "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm dark:border-slate-600 dark:bg-slate-900";

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  const { filters, result, counts, tags } = loaderData;
  const location = useLocation();
  const fetcher = useFetcher<ActionResult>();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) notify.success("C'est fait", { description: fetcher.data.message });
    else notify.error("Action impossible", { description: fetcher.data.message });
  }, [fetcher.state, fetcher.data]);
  const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Blog</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {plural(counts.published, "publié", "publiés")}, {plural(counts.scheduled, "programmé", "programmés")},{" "}
            {plural(counts.draft, "brouillon", "brouillons")}
          </p>
        </div>
        <ButtonLink to="/admin/blog/new">
          <Plus aria-hidden="true" className="size-4" />
          Nouvel article
        </ButtonLink>
      </div>

      <search className="mt-6 block">
        <Form
          method="get"
          className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 dark:border-slate-800 dark:bg-slate-900"
          aria-label="Filtrer les articles"
        >
          <div className="lg:col-span-2">
            <label htmlFor="a-q" className="block text-sm font-medium">
              Rechercher
            </label>
            <input id="a-q" type="search" name="q" defaultValue={filters.q} className={field} placeholder="Titre, chapeau, contenu…" />
          </div>
          <div>
            <label htmlFor="a-statut" className="block text-sm font-medium">
              Statut
            </label>
            <select id="a-statut" name="statut" defaultValue={filters.statut} className={field}>
              <option value="">Tous</option>
              <option value="published">Publiés</option>
              <option value="scheduled">Programmés</option>
              <option value="draft">Brouillons</option>
            </select>
          </div>
          <div>
            <label htmlFor="a-categorie" className="block text-sm font-medium">
              Catégorie
            </label>
            <select id="a-categorie" name="categorie" defaultValue={filters.categorie} className={field}>
              <option value="">Toutes</option>
              {BLOG_CATEGORY_SLUGS.map((slug) => (
                <option key={slug} value={slug}>
                  {BLOG_CATEGORIES[slug].name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="a-tag" className="block text-sm font-medium">
              Mot-clé
            </label>
            <select id="a-tag" name="tag" defaultValue={filters.tag} className={field}>
              <option value="">Tous</option>
              {tags.map((t) => (
                <option key={t.slug} value={t.slug}>
                  {t.name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-end gap-3 lg:col-span-5">
            <Button type="submit">
              <Search aria-hidden="true" className="size-4" />
              Filtrer
            </Button>
            <Link to="/admin/blog" className="text-sm font-medium underline">
              Réinitialiser
            </Link>
          </div>
        </Form>
      </search>

      <p className="mt-6 text-sm text-slate-600 dark:text-slate-400" role="status">
        {plural(result.total, "article", "articles")}
        {result.pageCount > 1 ? ` · page ${result.page} sur ${result.pageCount}` : ""}
      </p>
      <div className="mt-2 overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full min-w-[48rem] text-sm">
          <caption className="sr-only">Liste des articles</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-left dark:border-slate-800 dark:bg-slate-950">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Article
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Statut
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Publication
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Modifié le
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {result.items.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-8 text-center text-slate-600 dark:text-slate-400">
                  Aucun article ne correspond à ces critères.
                </td>
              </tr>
            ) : null}
            {result.items.map((p) => (
              <tr
                key={p.id}
                className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800"
                data-testid={`post-row-${p.slug}`}
              >
                <td className="px-3 py-3">
                  <Link to={`/admin/blog/${p.id}`} className="font-semibold text-brand-800 hover:underline dark:text-brand-200">
                    {p.title}
                  </Link>
                  <p className="text-slate-600 dark:text-slate-400">
                    {p.categoryName} · {p.authorName ?? "Signé par l'organisme"}
                    {p.tags.length ? ` · ${p.tags.map((t) => t.name).join(", ")}` : ""}
                  </p>
                </td>
                <td className="px-3 py-3">
                  <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold", STATUS_STYLES[p.effective])}>
                    {BLOG_STATUS_LABELS[p.effective]}
                  </span>
                </td>
                <td className="px-3 py-3 text-slate-700 dark:text-slate-300">
                  {p.publishedAt && p.effective !== "draft" ? formatPostDateTime(p.publishedAt) : "—"}
                </td>
                <td className="px-3 py-3 text-slate-700 dark:text-slate-300">{formatDate(p.updatedAt)}</td>
                <td className="px-3 py-3">
                  <RowActions post={p} fetcher={fetcher} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={result.page} pageCount={result.pageCount} search={location.search} pathname="/admin/blog" />
    </div>
  );
}
