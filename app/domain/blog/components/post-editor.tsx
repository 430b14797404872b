import { Form } from "react-router";
import {
  CheckboxGroup,
  EditorErrorSummary,
  EditorFormScope,
  EditorSection,
  MarkdownField,
  SelectField,
  TextField,
  type FormValues,
  SeoSection,
} from "~/ui/form/editor-fields";
import { ImageField } from "~/domain/formations/components/image-field";
import { PublishControl } from "~/ui/form/publish-control";
import { EditorHeader } from "~/ui/form/editor-header";
import { UploadScope } from "~/ui/form/upload-state";
import { useEditorForm } from "~/ui/form/use-editor-form";
import { schemaValidator, type SubmissionReply } from "~/ui/form/use-form";
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
  formatPostDateTime,
  isoToParisLocal,
  type BlogStatus,
} from "../labels";
import { PublicationFields } from "./publication-fields";

/**
 * The post editor: text, publication (author), cover image, related formations, search
 * engines, and the shared publishing control. A draft needs only its title (checked here as on
 * the server); publishing or scheduling applies the full checks on the server, whose messages
 * stay beside their field until it changes.
 */

const FORM = "article";
const loadValidator = () =>
  import("../model").then((m) => {
    const check = schemaValidator(m.blogPostDraftSchema);
    return (values: Record<string, unknown>) => check({ ...values, status: "draft", publishedAt: "" });
  });

export interface PostEditorReply extends SubmissionReply {
  values?: FormValues;
  intent?: string;
}

export interface PostEditorData {
  post: { id: string; slug: string; title: string; status: BlogStatus; publishedAt: string | null } | null;
  authors: Array<{ id: string; displayName: string }>;
  formations: Array<{ id: string; title: string; published: boolean }>;
  organisationName: string;
  justSaved: boolean;
}

export function PostEditor({ data: d, values, reply }: { data: PostEditorData; values: FormValues; reply: PostEditorReply | null }) {
  const { post, authors, formations, organisationName, justSaved } = d;
  const { submitting, unsaved, upload, form, errors, statusRef, onSubmit } = useEditorForm({
    id: FORM,
    validator: loadValidator,
    reply,
    justSaved,
  });

  const status = post?.status ?? "draft";
  const scheduledAt =
    typeof values.scheduledAt === "string" ? values.scheduledAt : status === "scheduled" ? isoToParisLocal(post?.publishedAt) : "";
  return (
    <EditorFormScope form={FORM}>
      <EditorHeader
        title={post ? post.title : "Nouvel article"}
        statusRef={statusRef}
        tone={status}
        status={
          <>
            {BLOG_STATUS_LABELS[status]}
            {status === "scheduled" && post?.publishedAt ? ` pour le ${formatPostDateTime(post.publishedAt)}` : ""}
          </>
        }
        labelTestId="post-status"
        dirty={unsaved.dirty}
        preview={post ? { to: blogPostPath(post.slug), label: status === "published" ? "Voir l'article" : "Aperçu de l'article" } : null}
      />

      <EditorErrorSummary
        errors={errors}
        notSaved={
          reply?.intent === "publish"
            ? "L'article n'a pas été publié"
            : reply?.intent === "schedule"
              ? "L'article n'a pas été programmé"
              : "L'article n'a pas été enregistré"
        }
        summaryRef={form.summaryRef}
      />

      <UploadScope report={upload.report}>
        <Form
          method="post"
          {...form.formProps}
          className="mt-6 space-y-6"
          onInput={(e) => (form.formProps.onInput(e), unsaved.markDirty())}
          onChange={(e) => (form.formProps.onChange(e), unsaved.markDirty())}
          onSubmit={onSubmit}
        >
          <EditorSection id="article-identite" title="Article">
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
                  : "Laissez vide\u00a0: elle sera calculée à partir du titre."
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
                hint={`Séparés par des virgules, ${BLOG_MAX_TAGS} au plus\u00a0: «\u00a0CPF, reconversion, OPCO\u00a0».`}
              />
            </div>
          </EditorSection>

          <EditorSection
            id="redaction"
            title="Contenu"
            description="Des titres de section (##) structurent l'article&nbsp;: à partir de trois, un sommaire s'affiche."
          >
            <MarkdownField
              name="content"
              label="Texte de l'article"
              values={values}
              errors={errors}
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
            description={`Proposées en fin d'article (${BLOG_MAX_RELATED_FORMATIONS} au plus\u00a0; seules les formations publiées s'affichent).`}
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

          <SeoSection
            values={values}
            errors={errors}
            titleMax={BLOG_SEO_TITLE_MAX}
            titleHint={`${BLOG_SEO_TITLE_MAX} caractères au plus\u00a0; le titre de l'article s'il est vide.`}
            descriptionMax={BLOG_SEO_DESCRIPTION_MAX}
            descriptionHint={`${BLOG_SEO_DESCRIPTION_MAX} caractères au plus\u00a0; le chapeau s'il est vide.`}
          />

          <PublishControl
            form={FORM}
            status={status}
            submitting={submitting}
            uploading={upload.uploading}
            canSchedule
            scheduledAt={scheduledAt}
            scheduleError={errors.scheduledAt}
            backTo={{ to: "/admin/blog", label: "Retour à la liste" }}
          />
        </Form>
      </UploadScope>

      {unsaved.dialog}
    </EditorFormScope>
  );
}
