import { data } from "react-router";
import type { Route } from "./+types/blog-edit";
import { adminCrumb } from "~/ui/layout/admin-nav";
import { authorName, formationChoices, getPostById, listAuthors } from "~/domain/blog/blog.server";
import { PostEditor } from "~/domain/blog/components/post-editor";
import { saveFromEditor } from "~/domain/blog/editor.server";
import { effectiveStatus } from "~/domain/blog/labels";
import { newPostFormValues, postToFormValues, type BlogPost } from "~/domain/blog/model";
import { HistoryLink, RestoredNotice } from "~/domain/revisions/components/history";
import { historyPath } from "~/domain/revisions/model";
import { restoredDraft } from "~/domain/revisions/revisions.server";
import { getOrganisation } from "~/domain/settings/settings.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { editorAnswer, notFoundAs404 } from "~/platform/http/editor-save.server";
import { readFlash } from "~/platform/toast/flash.server";
import { formDataToObject } from "~/platform/validation/form-data";
import { publishIntentOf } from "~/ui/form/publish-control";

export const handle = {
  parents: [adminCrumb("/admin/blog")],
  breadcrumb: (d: { post: { title: string } | null } | undefined) => (d?.post ? d.post.title : "Nouvel article"),
};

/** /admin/blog/new and /admin/blog/{id}: the post editor (editors and admins). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireEditor(request);
  const [authors, formations, organisation] = await Promise.all([listAuthors(), formationChoices(), getOrganisation()]);
  const post = params.id ? await getPostById(params.id) : null;
  if (params.id && !post) throw data(null, { status: 404 });
  // A post keeps its author even when the account has left the team since.
  if (post?.authorId && !authors.some((a) => a.id === post.authorId)) {
    const name = await authorName(post.authorId);
    if (name) authors.push({ id: post.authorId, displayName: `${name} (ne fait plus partie de l'équipe)` });
  }
  const status = post ? effectiveStatus(post) : "draft";
  // « Ouvrir ce brouillon dans l'éditeur »: a restored revision fills the form.
  const restored = post ? await restoredDraft<BlogPost>(request, "blog_post", post.id) : null;
  return {
    post: post
      ? { id: post.id, slug: post.slug, title: post.title, status, publishedAt: post.publishedAt, updatedAt: post.updatedAt }
      : null,
    restored: restored ? { id: restored.id, createdAt: restored.createdAt } : null,
    values: post
      ? postToFormValues(restored ? { ...restored.content, status: post.status, publishedAt: post.publishedAt } : post)
      : newPostFormValues(authors.some((a) => a.id === user.id) ? user.id : null),
    authors,
    formations,
    organisationName: organisation.name,
    /** Set right after a save: the editor moves the focus to the result. */
    justSaved: Boolean((await readFlash(request))?.data.saved),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireEditor(request);
  const form = await request.formData();
  const intent = publishIntentOf(form);
  const scheduledAt = String(form.get("scheduledAt") ?? "");
  for (const name of ["intent", "scheduledAt", "status", "publishedAt"]) form.delete(name);
  const values = formDataToObject(form);
  const saved = await saveFromEditor(params.id, values, intent, scheduledAt, actor).catch(notFoundAs404);
  return editorAnswer(saved, { path: (id) => `/admin/blog/${id}`, values: { ...values, scheduledAt }, intent });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.post ? `Modifier « ${args.loaderData.post.title} »` : "Nouvel article",
    description: "Éditeur d'article du blog.",
    noindex: true,
  });

export default function BlogEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { post } = loaderData;
  // Remount the form after each successful save (new data); keep it (and what was typed) on an error.
  return (
    <>
      {post ? <HistoryLink to={historyPath("blog_post", post.id)} /> : null}
      <RestoredNotice restored={loaderData.restored} />
      <PostEditor
        key={post ? `${post.id}-${post.updatedAt}-${loaderData.restored?.id ?? ""}` : "nouveau"}
        data={loaderData}
        values={actionData?.values ?? loaderData.values}
        reply={actionData ?? null}
      />
    </>
  );
}
