import { breadcrumbJsonLd, type Crumb } from "~/ui/breadcrumb";
import { imageUrl } from "~/platform/storage/stored-image";
import { getOrganisation } from "~/domain/settings/settings.server";
import { config } from "~/platform/config.server";
import { db, type Db } from "~/platform/db/db.server";
import { renderMarkdownWithHeadings } from "~/platform/markdown/markdown.server";
import { authorName, listPosts, listTags, listUsedCategories, relatedFormations, relatedPosts, resolvePostSlug } from "./blog.server";
import { blogSeoOf, shareLinks, type BlogPost } from "./model";
import {
  BLOG_CATEGORIES,
  BLOG_PAGE_SIZE,
  TOC_MIN_HEADINGS,
  blogIndexPath,
  blogPostPath,
  effectiveStatus,
  isBlogCategory,
  type BlogCategory,
} from "./labels";
import { type StoredImage } from "~/platform/storage/stored-image";

/**
 * Page data of the blog's public pages, built on the server: route modules only map `not-found`
 * to a 404 and `redirect` to a 301. Markdown is rendered (and sanitised) here, so the browser
 * receives HTML and never the Markdown source.
 */
export type PageResult<T> = { kind: "not-found" } | { kind: "redirect"; to: string } | { kind: "ok"; data: T };

// ---------------------------------------------------------------------------------------------
// /blog

export interface BlogIndexQuery {
  q: string;
  categorie: string;
  tag: string;
  page: number;
}

/** Reads the index's filters; anything malformed is ignored rather than refused. */
export function parseBlogIndexQuery(params: URLSearchParams): BlogIndexQuery {
  const get = (name: string) => (params.get(name) ?? "").trim();
  const page = Number(get("page"));
  return {
    q: get("q").slice(0, 100),
    categorie: isBlogCategory(get("categorie")) ? get("categorie") : "",
    tag: /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(get("tag")) && get("tag").length <= 60 ? get("tag") : "",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export async function blogIndexPage(query: BlogIndexQuery, { now = new Date() }: { now?: Date } = {}, target: Db = db()) {
  const [categories, tags] = await Promise.all([listUsedCategories({ now }, target), listTags({ visibleOnly: true, now }, target)]);
  const tag = tags.find((t) => t.slug === query.tag);
  const category = categories.find((c) => c.slug === query.categorie);
  const results = await listPosts(
    {
      status: "visible",
      q: query.q || undefined,
      category: category?.slug,
      tag: tag?.slug,
      page: query.page,
      perPage: BLOG_PAGE_SIZE,
      now,
    },
    target,
  );
  return {
    query: { ...query, categorie: category?.slug ?? "", tag: tag?.slug ?? "" },
    categoryName: category?.name,
    categoryDescription: category ? BLOG_CATEGORIES[category.slug].description : undefined,
    tagName: tag?.name,
    categories,
    tags: tags.slice(0, 30),
    results,
  };
}

// ---------------------------------------------------------------------------------------------
// /blog/{slug}

/** Ids the post page uses itself: headings of the content never take them. */
const PAGE_IDS = [
  "contenu",
  "sommaire",
  "sommaire-titre",
  "partager",
  "partager-titre",
  "formations-liees",
  "formations-liees-titre",
  "articles-lies",
  "articles-lies-titre",
  "cookie-banner",
  "consent-essential",
];

function postJsonLd(post: BlogPost, author: string | null, siteUrl: string, organisationName: string, wordCount: number) {
  const url = siteUrl + blogPostPath(post.slug);
  const organisation = {
    "@type": "Organization",
    name: organisationName,
    url: siteUrl,
    logo: { "@type": "ImageObject", url: `${siteUrl}/favicon.svg` },
  };
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    inLanguage: "fr-FR",
    datePublished: post.publishedAt ?? post.createdAt,
    dateModified: post.updatedAt,
    author: author ? { "@type": "Person", name: author } : organisation,
    publisher: organisation,
    articleSection: BLOG_CATEGORIES[post.category].name,
    ...(post.tags.length ? { keywords: post.tags.map((t) => t.name).join(", ") } : {}),
    wordCount,
    timeRequired: `PT${post.readingMinutes}M`,
    // Its own picture, or the organisation's image when it has none (required by search engines).
    image: post.image
      ? siteUrl + imageUrl(post.image, post.image.widths[post.image.widths.length - 1]!, "webp")
      : `${siteUrl}/og-image.png`,
  };
}

export interface PostPageData {
  /** True when a visitor could not see it (draft or not yet published): an editor's preview. */
  preview: boolean;
  status: ReturnType<typeof effectiveStatus>;
  seo: { title: string; description: string };
  crumbs: Crumb[];
  jsonLd: unknown[];
  post: {
    id: string;
    slug: string;
    title: string;
    excerpt: string;
    category: BlogCategory;
    categoryName: string;
    tags: Array<{ slug: string; name: string }>;
    publishedAt: string | null;
    updatedAt: string;
    readingMinutes: number;
    image: StoredImage | null;
    imageAlt: string;
    author: string;
    /** False when the post is signed by the organisation (no named author). */
    namedAuthor: boolean;
  };
  html: string;
  toc: Array<{ id: string; text: string; level: number }>;
  share: ReturnType<typeof shareLinks>;
  url: string;
  related: Awaited<ReturnType<typeof relatedPosts>>;
  formations: Awaited<ReturnType<typeof relatedFormations>>;
}

export async function blogPostPage(
  slug: string,
  { includeUnpublished = false, now = new Date() }: { includeUnpublished?: boolean; now?: Date } = {},
  target: Db = db(),
): Promise<PageResult<PostPageData>> {
  const resolved = await resolvePostSlug(slug, { includeUnpublished, now }, target);
  if (!resolved) return { kind: "not-found" };
  if ("redirectTo" in resolved) return { kind: "redirect", to: blogPostPath(resolved.redirectTo) };
  const post = resolved.post;
  const [organisation, author, related, formations] = await Promise.all([
    getOrganisation(target),
    authorName(post.authorId, target),
    relatedPosts(post, { limit: 3, now }, target),
    relatedFormations(post.formationIds, target),
  ]);
  const { html, headings } = renderMarkdownWithHeadings(post.content, { minHeadingLevel: 2, reservedIds: PAGE_IDS });
  const sections = headings.filter((h) => h.level === 2);
  const toc = sections.length >= TOC_MIN_HEADINGS ? headings.filter((h) => h.level <= 3) : [];
  const siteUrl = config().siteUrl;
  const categoryName = BLOG_CATEGORIES[post.category].name;
  const crumbs: Crumb[] = [
    { label: "Accueil", to: "/" },
    { label: "Blog", to: "/blog" },
    { label: categoryName, to: blogIndexPath({ categorie: post.category }) },
    { label: post.title },
  ];
  const url = siteUrl + blogPostPath(post.slug);
  const status = effectiveStatus(post, now);
  const words = html
    .replace(/<[^>]+>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return {
    kind: "ok",
    data: {
      preview: status !== "published",
      status,
      seo: blogSeoOf(post),
      crumbs,
      jsonLd: [postJsonLd(post, author, siteUrl, organisation.name, words), breadcrumbJsonLd(crumbs, siteUrl, blogPostPath(post.slug))],
      post: {
        id: post.id,
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        category: post.category,
        categoryName,
        tags: post.tags,
        publishedAt: post.publishedAt,
        updatedAt: post.updatedAt,
        readingMinutes: post.readingMinutes,
        image: post.image,
        imageAlt: post.imageAlt,
        author: author ?? organisation.name,
        namedAuthor: author !== null,
      },
      html,
      toc,
      share: shareLinks(url, post.title),
      url,
      related,
      formations,
    },
  };
}
