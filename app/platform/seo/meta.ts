import type { MetaDescriptor } from "react-router";

export interface RootData {
  siteUrl: string;
  siteName: string;
}

interface MetaArgsLike {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string };
}

/**
 * The head tags every page carries: its own title and description, the canonical URL
 * and Open Graph tags. `path` overrides the canonical path (e.g. without query string).
 */
export function pageMeta(
  args: MetaArgsLike,
  page: { title: string; description: string; path?: string; type?: "website" | "article"; noindex?: boolean },
): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  const siteUrl = root?.siteUrl ?? "";
  const siteName = root?.siteName ?? "";
  const canonical = siteUrl + (page.path ?? args.location.pathname);
  const title = siteName && !page.title.includes(siteName) ? `${page.title} | ${siteName}` : page.title;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: "fr_FR" },
    { property: "og:image", content: `${siteUrl}/og-image.png` },
  ];
  if (siteName) tags.push({ property: "og:site_name", content: siteName });
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
