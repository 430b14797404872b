/**
 * Blog labels, constants, dates and paths without zod: imported by public pages and components,
 * so that they do not download the schemas (`./model`).
 */

import { formatCount, formatDateTime, parisWallClock, parisWallToInstant } from "~/platform/format";

export { SITE_TIME_ZONE, blogPostPath, formatPostDate, parisDay, readingTimeLabel } from "./post-format";

export const BLOG_STATUSES = ["draft", "scheduled", "published"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
export const BLOG_STATUS_LABELS: Record<BlogStatus, string> = { draft: "Brouillon", scheduled: "Programmé", published: "Publié" };

/**
 * Categories of the blog: a fixed list (each post has one), so that the public filter and the
 * URLs `/blog?categorie=…` stay stable. Tags are free.
 */
export const BLOG_CATEGORIES = {
  financement: {
    name: "Financement",
    description: "OPCO, CPF, France Travail, plan de développement des compétences : qui paie quoi et comment le demander.",
  },
  reglementation: {
    name: "Obligations et réglementation",
    description: "Ce que le Code du travail impose aux employeurs et aux organismes de formation.",
  },
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
  return new Date(parisWallToInstant(naive)).toISOString();
}

const pad = (n: number) => String(n).padStart(2, "0");

/** UTC ISO instant → "2026-03-29T10:30" (Paris wall-clock, seconds only when not zero) for a datetime-local field. */
export function isoToParisLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const w = parisWallClock(date);
  const base = `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
  return w.second ? `${base}:${pad(w.second)}` : base;
}

/** "12 mars 2026 à 14 h 05" (Paris time). */
export function formatPostDateTime(iso: string): string {
  return formatDateTime(iso);
}

/** « 3 publiés, 0 programmé, 1 brouillon »: the blog's posts by status (admin list and dashboard). */
export function blogCountsLabel(counts: Record<BlogStatus, number>): string {
  return `${formatCount(counts.published, "publié")}, ${formatCount(counts.scheduled, "programmé")}, ${formatCount(counts.draft, "brouillon")}`;
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

/** "5 min de lecture" from a word count. */
export function readingMinutes(wordCount: number): number {
  return Math.max(1, Math.round(wordCount / READING_WORDS_PER_MINUTE));
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
