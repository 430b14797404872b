import { useFetcher, useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/blog";
import { countPosts, deletePost, listPosts, listTags } from "~/domain/blog/blog.server";
import { BLOG_CATEGORY_SLUGS } from "~/domain/blog/labels";
import { PostAdminList, type PostActionResult } from "~/domain/blog/components/post-admin-list";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { dataWithToast } from "~/platform/toast/flash.server";
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

/** A refused change: its message comes back with the answer, as a toast (flash cookie). */
function refused(message: string, status: number) {
  return dataWithToast({ ok: false as const, message }, { kind: "error", title: "Action impossible", description: message }, { status });
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireEditor(request);
  const form = await request.formData();
  const parsed = actionSchema.safeParse({ intent: form.get("intent"), id: form.get("id") });
  if (!parsed.success) return refused("Requête invalide.", 400);
  try {
    const title = await deletePost(parsed.data.id, { actor });
    const message = `Article «\u00a0${title}\u00a0» supprimé.`;
    return dataWithToast({ ok: true as const, message }, { kind: "success", title: "C'est fait", description: message });
  } catch (error) {
    if (error instanceof NotFoundError) return refused(error.message, 404);
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Blog", description: "Gérer les articles du blog.", noindex: true });

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  // The action's toast comes with its answer (flash cookie).
  const fetcher = useFetcher<PostActionResult>();
  return <PostAdminList {...loaderData} fetcher={fetcher} search={location.search} />;
}
