import type { MetaDescriptor } from "react-router";

export interface RootData {
  siteUrl: string;
  siteName: string;
}

interface MetaArgsLike {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string; search?: string };
}

/** Search engines show about this much of a title and of a description (docs/seo.md). */
export const TITLE_MAX_LENGTH = 60;
export const DESCRIPTION_MAX_LENGTH = 160;

/**
 * "Page | Organisation" when it fits in 60 characters, the page's own title otherwise; a title
 * longer than that on its own (a long formation or post title) is cut at a word boundary.
 */
export function pageTitle(title: string, siteName: string): string {
  if (!siteName || title.includes(siteName)) return clampText(title, TITLE_MAX_LENGTH);
  const full = `${title} | ${siteName}`;
  return full.length <= TITLE_MAX_LENGTH ? full : clampText(title, TITLE_MAX_LENGTH);
}

/** A description cut at a word boundary with « … » when it is longer than 160 characters. */
export function clampDescription(text: string, max = DESCRIPTION_MAX_LENGTH): string {
  return clampText(text, max);
}

function clampText(text: string, max: number): string {
  const clean = text.replace(/[ \t\r\n]+/g, " ").trim(); // keeps the no-break spaces of French typography
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, "")}…`;
}

/** The canonical address: `path` (or the current path) and, for page 2 onwards of a list, its own `page`. */
function canonicalPath(args: MetaArgsLike, path?: string): string {
  const base = path ?? args.location.pathname;
  const page = Number(new URLSearchParams(args.location.search ?? "").get("page"));
  if (!Number.isInteger(page) || page < 2) return base;
  return `${base}${base.includes("?") ? "&" : "?"}page=${page}`;
}

/**
 * The head tags every page carries: its own title and description, the canonical URL,
 * Open Graph and Twitter card tags. `path` overrides the canonical path (e.g. without query
 * string); `image` is the page's own picture (absolute or site-relative), which makes the
 * Twitter card a large one.
 */
export function pageMeta(
  args: MetaArgsLike,
  page: { title: string; description: string; path?: string; type?: "website" | "article"; noindex?: boolean; image?: string | null },
): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  const siteUrl = root?.siteUrl ?? "";
  const siteName = root?.siteName ?? "";
  const canonical = siteUrl + canonicalPath(args, page.path);
  const title = pageTitle(page.title, siteName);
  const description = clampDescription(page.description);
  const image = page.image ? (page.image.startsWith("/") ? siteUrl + page.image : page.image) : `${siteUrl}/og-image.png`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: "fr_FR" },
    { property: "og:image", content: image },
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  if (siteName) tags.push({ property: "og:site_name", content: siteName });
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
