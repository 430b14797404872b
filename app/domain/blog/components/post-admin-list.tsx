import { Plus } from "lucide-react";
import { type useFetcher } from "react-router";
import { Link } from "~/ui/link";
import { type BlogPostListItem } from "~/domain/blog/model";
import {
  BLOG_CATEGORIES,
  BLOG_CATEGORY_SLUGS,
  BLOG_STATUS_LABELS,
  blogCountsLabel,
  blogPostPath,
  formatPostDateTime,
  type BlogStatus,
} from "~/domain/blog/labels";
import { AdminList, AdminListHeader, FilterBar, SearchFilter, SelectFilter, type Column } from "~/ui/admin-list/admin-list";
import { RowDeleteAction, RowPreviewLink, StatusPill } from "~/ui/admin-list/row-actions";
import { ButtonLink } from "~/ui/button";
import { formatDateAbbreviated } from "~/platform/format";

export type PostActionResult = { ok: boolean; message: string };
type RowFetcher = ReturnType<typeof useFetcher<PostActionResult>>;

const STATUS_STYLES: Record<BlogStatus, string> = {
  published: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  scheduled: "bg-sky-100 text-sky-950 dark:bg-sky-950 dark:text-sky-200",
  draft: "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-200",
};

function RowActions({ post, fetcher }: { post: BlogPostListItem; fetcher: RowFetcher }) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      <RowPreviewLink
        to={blogPostPath(post.slug)}
        name={post.title}
        visible={post.effective === "published"}
        visibleTitle="Voir l'article"
      />
      <RowDeleteAction
        name={post.title}
        busy={fetcher.state !== "idle"}
        dialogTitle="Supprimer cet article ?"
        onConfirm={() => fetcher.submit({ intent: "delete", id: post.id }, { method: "post" })}
      >
        <p>
          «&nbsp;{post.title}&nbsp;» sera supprimé avec ses mots-clés. Sa page ne sera plus accessible. Cette action est irréversible&nbsp;;
          pour le retirer du site seulement, repassez-le plutôt en brouillon.
        </p>
      </RowDeleteAction>
    </div>
  );
}

function postColumns(fetcher: RowFetcher): Column<BlogPostListItem>[] {
  return [
    {
      key: "title",
      header: "Article",
      cell: (p) => (
        <>
          <Link to={`/admin/blog/${p.id}`} className="font-semibold text-brand-800 hover:underline dark:text-brand-200">
            {p.title}
          </Link>
          <p className="text-slate-600 dark:text-slate-400">
            {p.categoryName} · {p.authorName ?? "Signé par l'organisme"}
            {p.tags.length ? ` · ${p.tags.map((t) => t.name).join(", ")}` : ""}
          </p>
        </>
      ),
    },
    {
      key: "status",
      header: "Statut",
      cell: (p) => <StatusPill className={STATUS_STYLES[p.effective]}>{BLOG_STATUS_LABELS[p.effective]}</StatusPill>,
    },
    {
      key: "published",
      header: "Publication",
      className: "px-3 py-3 text-slate-700 dark:text-slate-300",
      cell: (p) => (p.publishedAt && p.effective !== "draft" ? formatPostDateTime(p.publishedAt) : "—"),
    },
    {
      key: "updated",
      header: "Modifié le",
      className: "px-3 py-3 text-slate-700 dark:text-slate-300",
      cell: (p) => formatDateAbbreviated(p.updatedAt),
    },
    { key: "actions", header: "Actions", headerClassName: "text-right", cell: (p) => <RowActions post={p} fetcher={fetcher} /> },
  ];
}

/** /admin/blog: header, filters, table and pagination. */
export function PostAdminList({
  filters,
  result,
  counts,
  tags,
  fetcher,
  search,
}: {
  filters: { q: string; statut: string; categorie: string; tag: string };
  result: { items: BlogPostListItem[]; total: number; page: number; pageCount: number };
  counts: { published: number; scheduled: number; draft: number };
  tags: { slug: string; name: string }[];
  fetcher: RowFetcher;
  search: string;
}) {
  return (
    <AdminList
      header={
        <AdminListHeader title="Blog" summary={blogCountsLabel(counts)}>
          <ButtonLink to="/admin/blog/new">
            <Plus aria-hidden="true" className="size-4" />
            Nouvel article
          </ButtonLink>
        </AdminListHeader>
      }
      filters={
        <FilterBar label="Filtrer les articles" resetTo="/admin/blog" gridClassName="lg:grid-cols-5" actionsClassName="lg:col-span-5">
          <SearchFilter defaultValue={filters.q} placeholder="Titre, chapeau, contenu…" />
          <SelectFilter
            id="a-statut"
            name="statut"
            label="Statut"
            defaultValue={filters.statut}
            all="Tous"
            options={[
              { value: "published", label: "Publiés" },
              { value: "scheduled", label: "Programmés" },
              { value: "draft", label: "Brouillons" },
            ]}
          />
          <SelectFilter
            id="a-categorie"
            name="categorie"
            label="Catégorie"
            defaultValue={filters.categorie}
            all="Toutes"
            options={BLOG_CATEGORY_SLUGS.map((slug) => ({ value: slug, label: BLOG_CATEGORIES[slug].name }))}
          />
          <SelectFilter
            id="a-tag"
            name="tag"
            label="Mot-clé"
            defaultValue={filters.tag}
            all="Tous"
            options={tags.map((t) => ({ value: t.slug, label: t.name }))}
          />
        </FilterBar>
      }
      count={{ total: result.total, page: result.page, pageCount: result.pageCount, noun: ["article", "articles"] }}
      table={{
        caption: "Liste des articles",
        columns: postColumns(fetcher),
        rows: result.items,
        rowTestId: (p) => `post-row-${p.slug}`,
        empty: "Aucun article ne correspond à ces critères.",
      }}
      pagination={{ search, pathname: "/admin/blog" }}
    />
  );
}
