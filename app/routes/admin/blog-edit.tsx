import { ExternalLink } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, data, redirect, useActionData, useNavigation } from "react-router";
import { notify } from "~/platform/toast/notify";
import type { Route } from "./+types/blog-edit";
import { authorName, createPost, formationChoices, getPostById, listAuthors, updatePost } from "~/domain/blog/blog.server";
import { PublicationFields } from "~/domain/blog/components/publication-fields";
import { newPostFormValues, postToFormValues } from "~/domain/blog/model";
import {
  BLOG_CATEGORIES,
  BLOG_CATEGORY_SLUGS,
  BLOG_EXCERPT_MAX,
  BLOG_MAX_RELATED_FORMATIONS,
  BLOG_MAX_TAGS,
  BLOG_SEO_DESCRIPTION_MAX,
  BLOG_SEO_TITLE_MAX,
  BLOG_STATUS_LABELS,
  BLOG_TITLE_MAX,
  blogPostPath,
  effectiveStatus,
  formatPostDateTime,
} from "~/domain/blog/labels";
import {
  CheckboxGroup,
  EditorErrorSummary,
  EditorSection,
  SelectField,
  TextField,
  fieldId,
  valueAt,
  type FormValues,
} from "~/domain/formations/components/editor-fields";
import { ImageField } from "~/domain/formations/components/image-field";
import { getOrganisation } from "~/domain/settings/settings.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { MarkdownEditor } from "~/ui/markdown-editor";
import { useUnsavedChanges } from "~/ui/unsaved-changes";
import { FieldValidationError, NotFoundError } from "~/platform/validation/errors";
import { formDataToObject } from "~/platform/validation/form-data";

export const handle = {
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
  return {
    post: post
      ? { id: post.id, slug: post.slug, title: post.title, status, publishedAt: post.publishedAt, updatedAt: post.updatedAt }
      : null,
    values: post ? postToFormValues(post) : newPostFormValues(authors.some((a) => a.id === user.id) ? user.id : null),
    authors,
    formations,
    organisationName: organisation.name,
    saved: new URL(request.url).searchParams.get("enregistre") === "1",
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireEditor(request);
  const values = formDataToObject(await request.formData());
  try {
    const post = params.id ? await updatePost(params.id, values, { actor }) : await createPost(values, { actor });
    return redirect(`/admin/blog/${post.id}?enregistre=1`);
  } catch (error) {
    if (error instanceof FieldValidationError) return data({ errors: error.fieldErrors, values }, { status: 400 });
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.post ? `Modifier « ${args.loaderData.post.title} »` : "Nouvel article",
    description: "Éditeur d'article du blog.",
    noindex: true,
  });

type LoaderData = Route.ComponentProps["loaderData"];

export default function BlogEditor({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { post } = loaderData;
  // Remount the form after each successful save (new data); keep it (and what was typed) on an error.
  return (
    <EditorForm
      key={post ? `${post.id}-${post.updatedAt}` : "nouveau"}
      data={loaderData}
      values={actionData?.values ?? loaderData.values}
      errors={actionData?.errors ?? {}}
    />
  );
}

function savedMessage(post: NonNullable<LoaderData["post"]>): string {
  if (post.status === "published") return "L'article est publié : il est visible de tous.";
  if (post.status === "scheduled" && post.publishedAt) return `L'article paraîtra de lui-même le ${formatPostDateTime(post.publishedAt)}.`;
  return "L'article est enregistré en brouillon : il n'est pas visible des visiteurs.";
}

function EditorForm({ data: d, values, errors }: { data: LoaderData; values: FormValues; errors: Record<string, string> }) {
  const { post, authors, formations, organisationName, saved } = d;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const summaryRef = useRef<HTMLDivElement>(null);
  const errorList = Object.entries(errors);
  const unsaved = useUnsavedChanges();

  useEffect(() => {
    if (saved && post) notify.success("Article enregistré", { description: savedMessage(post) });
  }, [saved, post]);

  useEffect(() => {
    if (errorList.length === 0) return;
    unsaved.resetSubmitting();
    summaryRef.current?.focus();
    notify.error("Article non enregistré", { description: `${errorList.length} champ${errorList.length > 1 ? "s" : ""} à corriger.` });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors]);

  const status = post?.status ?? "draft";
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{post ? post.title : "Nouvel article"}</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Statut&nbsp;:{" "}
            <span
              className={cn(
                "font-semibold",
                status === "published"
                  ? "text-emerald-800 dark:text-emerald-300"
                  : status === "scheduled"
                    ? "text-sky-800 dark:text-sky-300"
                    : "text-amber-800 dark:text-amber-300",
              )}
              data-testid="post-status"
            >
              {BLOG_STATUS_LABELS[status]}
              {status === "scheduled" && post?.publishedAt ? ` pour le ${formatPostDateTime(post.publishedAt)}` : ""}
            </span>
            {unsaved.dirty ? " · modifications non enregistrées" : ""}
          </p>
        </div>
        {post ? (
          <Link
            to={blogPostPath(post.slug)}
            target="_blank"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-4 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {status === "published" ? "Voir l'article" : "Aperçu de l'article"}
            <span className="sr-only"> (nouvel onglet)</span>
          </Link>
        ) : null}
      </div>

      <EditorErrorSummary errors={errors} notSaved="L'article n'a pas été enregistré" summaryRef={summaryRef} />

      <Form
        method="post"
        className="mt-6 space-y-6"
        onInput={unsaved.markDirty}
        onChange={unsaved.markDirty}
        onSubmit={unsaved.markSubmitting}
        noValidate
      >
        <EditorSection id="article" title="Article">
          <TextField name="title" label="Titre" values={values} errors={errors} required maxLength={BLOG_TITLE_MAX} />
          <TextField
            name="slug"
            label="Adresse de l'article (slug)"
            values={values}
            errors={errors}
            maxLength={80}
            hint={
              post
                ? "Lettres minuscules, chiffres et tirets. Si vous la changez, l'ancienne adresse redirige (301) vers la nouvelle."
                : "Laissez vide : elle sera calculée à partir du titre."
            }
          />
          <TextField
            name="excerpt"
            label="Chapeau"
            values={values}
            errors={errors}
            required
            multiline
            rows={3}
            maxLength={BLOG_EXCERPT_MAX}
            hint={`Deux ou trois phrases qui donnent envie de lire, affichées en tête d'article, dans les listes et le flux RSS (${BLOG_EXCERPT_MAX} caractères au plus).`}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              name="category"
              label="Catégorie"
              values={values}
              errors={errors}
              required
              options={[
                { value: "", label: "Choisir une catégorie" },
                ...BLOG_CATEGORY_SLUGS.map((slug) => ({ value: slug, label: BLOG_CATEGORIES[slug].name })),
              ]}
            />
            <TextField
              name="tags"
              label="Mots-clés"
              values={values}
              errors={errors}
              hint={`Séparés par des virgules, ${BLOG_MAX_TAGS} au plus : « CPF, reconversion, OPCO ».`}
            />
          </div>
        </EditorSection>

        <EditorSection
          id="redaction"
          title="Contenu"
          description="Des titres de section (##) structurent l'article : à partir de trois, un sommaire s'affiche."
        >
          <MarkdownEditor
            name="content"
            id={fieldId("content")}
            label="Texte de l'article"
            defaultValue={valueAt(values, "content")}
            error={errors.content}
            required
            rows={18}
            imageFolder="blog"
          />
        </EditorSection>

        <EditorSection id="publication" title="Publication">
          <PublicationFields values={values} errors={errors} authors={authors} organisationName={organisationName} />
        </EditorSection>

        <EditorSection
          id="couverture"
          title="Image de couverture"
          description="Affichée en tête d'article et dans les listes. Facultative."
        >
          <ImageField values={values} errors={errors} onChange={unsaved.markDirty} folder="blog" />
        </EditorSection>

        <EditorSection
          id="formations-liees"
          title="Formations liées"
          description={`Proposées en fin d'article (${BLOG_MAX_RELATED_FORMATIONS} au plus ; seules les formations publiées s'affichent).`}
        >
          {formations.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Aucune formation dans le catalogue pour l'instant.</p>
          ) : (
            <CheckboxGroup
              name="formationIds"
              legend="Formations"
              values={values}
              errors={errors}
              options={formations.map((f) => ({ value: f.id, label: f.published ? f.title : `${f.title} (brouillon)` }))}
            />
          )}
        </EditorSection>

        <EditorSection id="referencement" title="Référencement">
          <TextField
            name="seoTitle"
            label="Titre pour les moteurs de recherche"
            values={values}
            errors={errors}
            maxLength={BLOG_SEO_TITLE_MAX}
            hint={`${BLOG_SEO_TITLE_MAX} caractères au plus ; le titre de l'article s'il est vide.`}
          />
          <TextField
            name="seoDescription"
            label="Description pour les moteurs de recherche"
            values={values}
            errors={errors}
            multiline
            rows={2}
            maxLength={BLOG_SEO_DESCRIPTION_MAX}
            hint={`${BLOG_SEO_DESCRIPTION_MAX} caractères au plus ; le chapeau s'il est vide.`}
          />
        </EditorSection>

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
          <Button type="submit" disabled={submitting}>
            {submitting ? "Enregistrement…" : "Enregistrer"}
          </Button>
          <Link to="/admin/blog" className="text-sm font-medium underline">
            Retour à la liste
          </Link>
        </div>
      </Form>

      {unsaved.dialog}
    </>
  );
}
