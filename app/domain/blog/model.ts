import { z } from "zod";
import { imageSchema } from "~/platform/storage/image-schema";
import type { StoredImage } from "~/platform/storage/stored-image";
import { slugProblem, slugify } from "~/platform/text/slug";
import {
  BLOG_CATEGORY_SLUGS,
  BLOG_CONTENT_MAX,
  BLOG_EXCERPT_MAX,
  BLOG_MAX_RELATED_FORMATIONS,
  BLOG_MAX_TAGS,
  BLOG_SEO_DESCRIPTION_MAX,
  BLOG_SEO_TITLE_MAX,
  BLOG_STATUSES,
  BLOG_TAG_MAX,
  BLOG_TITLE_MAX,
  isoToParisLocal,
  parisLocalToIso,
  type BlogCategory,
  type BlogStatus,
} from "./labels";
import { parseJsonSafely } from "~/platform/validation/form-data";
import { emptyToNull, optionalMarkdown, optionalText, requiredMarkdown, requiredText, toArray } from "~/platform/validation/text-fields";

/**
 * The blog post model (pure, runs anywhere): zod schemas with French messages (statuses, dates and
 * the rules of publication are in `./labels`, without zod). Form helpers (FormData → object, field errors)
 * are the platform's (`~/platform/validation`). Slugs follow the formations' rules (same module).
 */

// ---------------------------------------------------------------------------------------------
// Tags: typed as "CPF, financement, OPCO"; kept as { slug, name }.

export interface BlogTag {
  slug: string;
  name: string;
}

export const TAG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Splits "CPF, financement ; OPCO" into tags (case and accents ignored for duplicates). */
export function parseTags(value: unknown): BlogTag[] {
  const raw = Array.isArray(value)
    ? value.flatMap((v) => (typeof v === "string" ? v.split(/[,;\n]/) : []))
    : typeof value === "string"
      ? value.split(/[,;\n]/)
      : [];
  const seen = new Set<string>();
  const tags: BlogTag[] = [];
  for (const item of raw) {
    const name = item
      .replace(/\s+/g, " ")
      .trim()
      .replace(/^#+\s*/, "");
    if (!name) continue;
    const slug = slugify(name, 60);
    if (!slug || seen.has(slug)) continue;
    seen.add(slug);
    tags.push({ slug, name });
  }
  return tags;
}

// ---------------------------------------------------------------------------------------------
// The editor's input.

/** Keys of images stored by the upload route (see app/routes/media/uploads.ts). */

const postShape = {
  title: requiredText("Le titre", 5, BLOG_TITLE_MAX),
  slug: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : ""),
    z.string().superRefine((slug, ctx) => {
      if (slug === "") return; // derived from the title, or kept
      const problem = slugProblem(slug);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  ),
  excerpt: requiredText("Le chapeau", 20, BLOG_EXCERPT_MAX),
  content: requiredMarkdown("Le contenu", 1, BLOG_CONTENT_MAX),
  category: z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    z.enum(BLOG_CATEGORY_SLUGS as [BlogCategory, ...BlogCategory[]], { error: "Choisissez une catégorie dans la liste." }),
  ),
  tags: z.preprocess(
    parseTags,
    z
      .array(
        z.object({ slug: z.string(), name: z.string().max(BLOG_TAG_MAX, `Chaque mot-clé ne dépasse pas ${BLOG_TAG_MAX} caractères.`) }),
      )
      .max(BLOG_MAX_TAGS, `${BLOG_MAX_TAGS} mots-clés au plus.`),
  ),
  /** A staff account; null: the post is signed by the organisation. */
  authorId: z.preprocess(emptyToNull, z.string().max(64).nullable().default(null)),
  status: z.enum(BLOG_STATUSES, { error: "Choisissez un statut : brouillon, programmé ou publié." }),
  /** UTC ISO instant; typed as Paris time in the editor. Empty: now, when publishing. */
  publishedAt: z.preprocess(
    emptyToNull,
    z
      .string()
      .nullable()
      .default(null)
      .transform((v, ctx) => {
        if (v === null) return null;
        const iso = parisLocalToIso(v);
        if (!iso) {
          ctx.addIssue({ code: "custom", message: "La date de publication n'est pas valide (jour et heure)." });
          return z.NEVER;
        }
        return iso;
      }),
  ),
  /** The cover image, as the upload answered it (JSON in the form's hidden field). */
  image: z.preprocess(
    (v) => {
      if (v === "" || v === undefined || v === null) return null;
      if (typeof v !== "string") return v;
      try {
        return parseJsonSafely(v);
      } catch {
        return "illisible";
      }
    },
    z.unknown().transform((v, ctx): StoredImage | null => {
      if (v === null) return null;
      const parsed = imageSchema.safeParse(v);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: "L'image n'a pas été reçue correctement : envoyez-la de nouveau." });
        return z.NEVER;
      }
      return parsed.data;
    }),
  ),
  imageAlt: optionalText("Le texte alternatif de l'image", 200),
  seoTitle: optionalText("Le titre pour les moteurs de recherche", BLOG_SEO_TITLE_MAX),
  seoDescription: optionalText("La description pour les moteurs de recherche", BLOG_SEO_DESCRIPTION_MAX),
  formationIds: z
    .preprocess(toArray, z.array(z.string().min(1).max(64)))
    .transform((a) => [...new Set(a)])
    .pipe(z.array(z.string()).max(BLOG_MAX_RELATED_FORMATIONS, `${BLOG_MAX_RELATED_FORMATIONS} formations liées au plus.`)),
};

type PostRulesInput = Pick<z.output<z.ZodObject<typeof postShape>>, "status" | "publishedAt" | "image" | "imageAlt">;

function postRules(p: PostRulesInput, ctx: z.RefinementCtx) {
  if (p.status === "scheduled" && !p.publishedAt) {
    ctx.addIssue({
      code: "custom",
      path: ["publishedAt"],
      message: "Indiquez le jour et l'heure de publication de l'article programmé.",
    });
  }
  if (p.image && !p.imageAlt) {
    ctx.addIssue({
      code: "custom",
      path: ["imageAlt"],
      message: "Décrivez l'image pour les personnes qui ne la voient pas (texte alternatif).",
    });
  }
}

/** A post to publish or schedule: everything a reader sees is required. */
export const blogPostInputSchema = z
  .object(postShape)
  .superRefine(postRules)
  .superRefine((p, ctx) => {
    const missing = imagesWithoutAlt(p.content);
    if (missing > 0) ctx.addIssue({ code: "custom", path: ["content"], message: missingAltMessage(missing) });
  });

/** Markdown images whose description is empty: `![](…)` or `![ ](…)`. */
export function imagesWithoutAlt(markdown: string): number {
  return (markdown.match(/!\[\s*\]\(/g) ?? []).length;
}

export function missingAltMessage(n: number): string {
  return n === 1
    ? "Une image du texte n'a pas de description\u00a0: écrivez entre les crochets de «\u00a0![](…)\u00a0» ce que montre l'image."
    : `${n}\u00a0images du texte n'ont pas de description\u00a0: écrivez entre les crochets de «\u00a0![](…)\u00a0» ce que montre chaque image.`;
}

/**
 * A draft: only the title is required; what is missing waits for publication. A draft without a
 * category is filed under the first one (the column is required).
 */
export const blogPostDraftSchema = z
  .object({
    ...postShape,
    title: requiredText("Le titre", 1, BLOG_TITLE_MAX),
    excerpt: optionalText("Le chapeau", BLOG_EXCERPT_MAX),
    content: optionalMarkdown("Le contenu", BLOG_CONTENT_MAX),
    category: z.preprocess((v) => (v === null || v === undefined || v === "" ? BLOG_CATEGORY_SLUGS[0] : v), postShape.category),
  })
  .superRefine(postRules);

/** The schema that applies to input: a draft's, or the full one for a post that readers will see. */
export function postSchemaFor(input: unknown): typeof blogPostInputSchema | typeof blogPostDraftSchema {
  const status = (input as { status?: unknown } | null)?.status;
  return status === "draft" ? blogPostDraftSchema : blogPostInputSchema;
}

export type BlogPostInput = z.input<typeof blogPostInputSchema>;
export type BlogPostData = z.output<typeof blogPostInputSchema>;

/**
 * The status and date stored for validated input at `now`: a draft keeps its date (if any) for
 * information; a scheduled or published post without a date is published now; the stored status
 * says what the post is at the time of saving (a "published" date in the future is a schedule).
 */
export function publicationOf(
  data: Pick<BlogPostData, "status" | "publishedAt">,
  now: Date = new Date(),
): { status: BlogStatus; publishedAt: string | null } {
  if (data.status === "draft") return { status: "draft", publishedAt: data.publishedAt };
  const publishedAt = data.publishedAt ?? now.toISOString();
  return { status: publishedAt > now.toISOString() ? "scheduled" : "published", publishedAt };
}

export interface BlogAuthor {
  id: string;
  displayName: string;
}

export interface BlogPost {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  category: BlogCategory;
  tags: BlogTag[];
  authorId: string | null;
  status: BlogStatus;
  publishedAt: string | null;
  image: StoredImage | null;
  imageAlt: string;
  seoTitle: string;
  seoDescription: string;
  formationIds: string[];
  readingMinutes: number;
  createdAt: string;
  updatedAt: string;
}

/** One post in a list (public index, admin, home page, related posts). */
export interface BlogPostListItem {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  category: BlogCategory;
  categoryName: string;
  tags: BlogTag[];
  /** Stored status; see `effective` for what it is now. */
  status: BlogStatus;
  effective: BlogStatus;
  publishedAt: string | null;
  updatedAt: string;
  readingMinutes: number;
  image: StoredImage | null;
  imageAlt: string;
  /** The author's display name; null: signed by the organisation. */
  authorName: string | null;
}

/** The SEO title and description, falling back to the title and the excerpt. */
export function blogSeoOf(p: Pick<BlogPost, "title" | "excerpt" | "seoTitle" | "seoDescription">): { title: string; description: string } {
  const description =
    p.seoDescription ||
    (p.excerpt.length > BLOG_SEO_DESCRIPTION_MAX
      ? `${p.excerpt.slice(0, BLOG_SEO_DESCRIPTION_MAX - 1).replace(/\s+\S*$/, "")}…`
      : p.excerpt);
  return { title: p.seoTitle || p.title, description };
}

/** A post as the editor's form values (same names as the form fields). */
export function postToFormValues(p: BlogPost): Record<string, unknown> {
  return {
    title: p.title,
    slug: p.slug,
    excerpt: p.excerpt,
    content: p.content,
    category: p.category,
    tags: p.tags.map((t) => t.name).join(", "),
    authorId: p.authorId ?? "",
    status: p.status,
    publishedAt: isoToParisLocal(p.publishedAt),
    image: p.image ? JSON.stringify(p.image) : "",
    imageAlt: p.imageAlt,
    seoTitle: p.seoTitle,
    seoDescription: p.seoDescription,
    formationIds: p.formationIds,
  };
}

/** Defaults of a new post in the editor: a draft signed by the person writing it. */
export function newPostFormValues(authorId: string | null): Record<string, unknown> {
  return { status: "draft", category: "", authorId: authorId ?? "", formationIds: [] };
}

/** Share links that open the networks' own pages: no script or tracker of theirs on the site. */
export function shareLinks(url: string, title: string): Array<{ network: string; label: string; href: string }> {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { network: "linkedin", label: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { network: "facebook", label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: "x", label: "X", href: `https://x.com/intent/post?url=${u}&text=${t}` },
    { network: "email", label: "E-mail", href: `mailto:?subject=${t}&body=${u}` },
  ];
}
