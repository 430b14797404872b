import { z } from "zod";
import { imageSchema, type StoredImage } from "~/domain/formations/model";
import { slugProblem, slugify } from "~/domain/formations/slug";

/**
 * The blog post model (pure, runs anywhere): zod schemas with French messages, statuses and the
 * rules of publication. Form helpers (FormData → object, field errors) are the formations area's,
 * reused as they are. Slugs follow the formations' rules (same module).
 */

export { FieldValidationError, NotFoundError, fieldErrorsOf, formDataToObject, parseOrThrow } from "~/domain/formations/model";
export type { FieldErrors, StoredImage } from "~/domain/formations/model";

export const BLOG_STATUSES = ["draft", "scheduled", "published"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
export const BLOG_STATUS_LABELS: Record<BlogStatus, string> = { draft: "Brouillon", scheduled: "Programmé", published: "Publié" };

/**
 * Categories of the blog: a fixed list (each post has one), so that the public filter and the
 * URLs `/blog?categorie=…` stay stable. Tags are free.
 */
export const BLOG_CATEGORIES = {
  financement: { name: "Financement", description: "OPCO, CPF, France Travail, plan de développement des compétences : qui paie quoi et comment le demander." },
  reglementation: { name: "Obligations et réglementation", description: "Ce que le Code du travail impose aux employeurs et aux organismes de formation." },
  qualite: { name: "Qualité et certification", description: "Qualiopi, certifications professionnelles, RNCP et Répertoire spécifique." },
  pedagogie: { name: "Pédagogie et modalités", description: "Présentiel, distanciel, formation mixte : bien choisir et bien apprendre." },
  carriere: { name: "Carrière et compétences", description: "Bilan de compétences, reconversion, entretien professionnel, VAE." },
  actualites: { name: "Actualités", description: "Les nouvelles de notre organisme et de la formation professionnelle." },
} as const satisfies Record<string, { name: string; description: string }>;
export type BlogCategory = keyof typeof BLOG_CATEGORIES;
export const BLOG_CATEGORY_SLUGS = Object.keys(BLOG_CATEGORIES) as BlogCategory[];

export function isBlogCategory(value: unknown): value is BlogCategory {
  return typeof value === "string" && Object.hasOwn(BLOG_CATEGORIES, value);
}

export const BLOG_TITLE_MAX = 160;
export const BLOG_EXCERPT_MAX = 400;
export const BLOG_CONTENT_MAX = 60_000;
export const BLOG_SEO_TITLE_MAX = 70;
export const BLOG_SEO_DESCRIPTION_MAX = 160;
export const BLOG_MAX_TAGS = 10;
export const BLOG_TAG_MAX = 40;
export const BLOG_MAX_RELATED_FORMATIONS = 6;
export const BLOG_PAGE_SIZE = 9;
/** Words read per minute, for the reading time. */
export const READING_WORDS_PER_MINUTE = 200;
/** From this many sections (h2), a post shows its table of contents. */
export const TOC_MIN_HEADINGS = 3;

// ---------------------------------------------------------------------------------------------
// Dates: the editor types a Paris wall-clock time; the database keeps UTC ISO instants.

export const SITE_TIME_ZONE = "Europe/Paris";

const parisParts = new Intl.DateTimeFormat("en-US", {
  timeZone: SITE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function wallClock(date: Date): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = Object.fromEntries(parisParts.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Minutes Paris is ahead of UTC at this instant (60 in winter, 120 in summer). */
function parisOffsetMinutes(date: Date): number {
  const w = wallClock(date);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * "2026-03-29T10:30" (Paris wall-clock, as a datetime-local field sends it) → UTC ISO instant.
 * A full ISO instant (with Z or an offset) is accepted as is. Undefined when unreadable.
 */
export function parisLocalToIso(value: string): string | undefined {
  const text = value.trim();
  const local = LOCAL_DATE_TIME.exec(text);
  if (!local) {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
    const d = new Date(text);
    return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
  }
  const [, y, mo, d, h, mi, s] = local.map(Number) as [number, number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || (s || 0) > 59) return undefined;
  const naive = Date.UTC(y, mo - 1, d, h, mi, s || 0);
  const check = new Date(naive);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return undefined;
  // The offset at the guessed instant, corrected once (around a change of time).
  let instant = naive - parisOffsetMinutes(new Date(naive)) * 60_000;
  instant = naive - parisOffsetMinutes(new Date(instant)) * 60_000;
  return new Date(instant).toISOString();
}

const pad = (n: number) => String(n).padStart(2, "0");

/** UTC ISO instant → "2026-03-29T10:30" (Paris wall-clock, seconds only when not zero) for a datetime-local field. */
export function isoToParisLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const w = wallClock(date);
  const base = `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
  return w.second ? `${base}:${pad(w.second)}` : base;
}

const longDate = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: SITE_TIME_ZONE });
const longDateTime = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: SITE_TIME_ZONE });

function firstOfMonth(text: string): string {
  return text.replace(/^1 /, "1er ");
}

/** "12 mars 2026" (Paris date of an instant); "1er mars 2026". */
export function formatPostDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : firstOfMonth(longDate.format(d));
}

/** "12 mars 2026 à 14:05" (Paris time). */
export function formatPostDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : firstOfMonth(longDateTime.format(d));
}

/** The Paris calendar day (YYYY-MM-DD) of an instant, for <time dateTime>. */
export function parisDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso.slice(0, 10);
  const w = wallClock(d);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

// ---------------------------------------------------------------------------------------------
// Publication rules.

/**
 * What a post is at `now`: a draft; scheduled (its time has not come); or published.
 * A scheduled post whose time has passed is published: nothing has to run for it to appear.
 */
export function effectiveStatus(post: { status: string; publishedAt: string | null }, now: Date = new Date()): BlogStatus {
  if (post.status !== "scheduled" && post.status !== "published") return "draft";
  if (!post.publishedAt) return "draft";
  return post.publishedAt <= now.toISOString() ? "published" : "scheduled";
}

export function isVisible(post: { status: string; publishedAt: string | null }, now: Date = new Date()): boolean {
  return effectiveStatus(post, now) === "published";
}

/** "5 min de lecture" from a word count. */
export function readingMinutes(wordCount: number): number {
  return Math.max(1, Math.round(wordCount / READING_WORDS_PER_MINUTE));
}

export function readingTimeLabel(minutes: number): string {
  return `${minutes}\u00a0min de lecture`;
}

export function blogPostPath(slug: string): string {
  return `/blog/${slug}`;
}

/** The blog index with filters, as a visitor's link: /blog?categorie=financement, /blog?tag=cpf. */
export function blogIndexPath(filters: { categorie?: string; tag?: string; q?: string; page?: number } = {}): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.categorie) params.set("categorie", filters.categorie);
  if (filters.tag) params.set("tag", filters.tag);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const qs = params.toString();
  return qs ? `/blog?${qs}` : "/blog";
}

// ---------------------------------------------------------------------------------------------
// Tags: typed as "CPF, financement, OPCO"; kept as { slug, name }.

export interface BlogTag {
  slug: string;
  name: string;
}

export const TAG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Splits "CPF, financement ; OPCO" into tags (case and accents ignored for duplicates). */
export function parseTags(value: unknown): BlogTag[] {
  const raw = Array.isArray(value) ? value.flatMap((v) => (typeof v === "string" ? v.split(/[,;\n]/) : [])) : typeof value === "string" ? value.split(/[,;\n]/) : [];
  const seen = new Set<string>();
  const tags: BlogTag[] = [];
  for (const item of raw) {
    const name = item.replace(/\s+/g, " ").trim().replace(/^#+\s*/, "");
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

function emptyToNull(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? null : value;
}

const text = (label: string, min: number, max: number) => {
  const base = z.string({ error: `${label} est obligatoire.` }).trim().min(1, `${label} est obligatoire.`);
  return (min > 1 ? base.min(min, `${label} comporte au moins ${min} caractères.`) : base).max(max, `${label} ne dépasse pas ${max} caractères.`);
};

const optionalText = (label: string, max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? "" : v), z.string().trim().max(max, `${label} ne dépasse pas ${max} caractères.`));

/** Keys of images stored by the upload route (see app/routes/media/uploads.ts). */
export const UPLOAD_KEY_PATTERN = /^(?:formations|blog)\/[0-9a-f-]{36}$/;

const toArray = (value: unknown): unknown[] => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]);

export const blogPostInputSchema = z
  .object({
    title: text("Le titre", 5, BLOG_TITLE_MAX),
    slug: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toLowerCase() : ""),
      z.string().superRefine((slug, ctx) => {
        if (slug === "") return; // derived from the title, or kept
        const problem = slugProblem(slug);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    ),
    excerpt: text("Le chapeau", 20, BLOG_EXCERPT_MAX),
    content: text("Le contenu", 1, BLOG_CONTENT_MAX),
    category: z.preprocess(
      (v) => (v === null || v === undefined ? "" : v),
      z.enum(BLOG_CATEGORY_SLUGS as [BlogCategory, ...BlogCategory[]], { error: "Choisissez une catégorie dans la liste." }),
    ),
    tags: z.preprocess(
      parseTags,
      z
        .array(z.object({ slug: z.string(), name: z.string().max(BLOG_TAG_MAX, `Chaque mot-clé ne dépasse pas ${BLOG_TAG_MAX} caractères.`) }))
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
          return JSON.parse(v);
        } catch {
          return "illisible";
        }
      },
      z.unknown().transform((v, ctx): StoredImage | null => {
        if (v === null) return null;
        const parsed = imageSchema.safeParse(v);
        if (!parsed.success || !UPLOAD_KEY_PATTERN.test(parsed.data.key)) {
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
  })
  .superRefine((p, ctx) => {
    if (p.status === "scheduled" && !p.publishedAt) {
      ctx.addIssue({ code: "custom", path: ["publishedAt"], message: "Indiquez le jour et l'heure de publication de l'article programmé." });
    }
    if (p.image && !p.imageAlt) {
      ctx.addIssue({ code: "custom", path: ["imageAlt"], message: "Décrivez l'image pour les personnes qui ne la voient pas (texte alternatif)." });
    }
  });

export type BlogPostInput = z.input<typeof blogPostInputSchema>;
export type BlogPostData = z.output<typeof blogPostInputSchema>;

/**
 * The status and date stored for validated input at `now`: a draft keeps its date (if any) for
 * information; a scheduled or published post without a date is published now; the stored status
 * says what the post is at the time of saving (a "published" date in the future is a schedule).
 */
export function publicationOf(data: Pick<BlogPostData, "status" | "publishedAt">, now: Date = new Date()): { status: BlogStatus; publishedAt: string | null } {
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
    p.seoDescription || (p.excerpt.length > BLOG_SEO_DESCRIPTION_MAX ? `${p.excerpt.slice(0, BLOG_SEO_DESCRIPTION_MAX - 1).replace(/\s+\S*$/, "")}…` : p.excerpt);
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
