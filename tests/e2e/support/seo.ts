/**
 * Search hygiene of one page (docs/seo.md), read from the HTML the server sent: a title of 60
 * characters or less, a description of 160 or less, Twitter card tags, a canonical pointing at the
 * page itself, and JSON-LD blocks that parse and carry the properties their type requires.
 */
export type Block = Record<string, unknown>;

export function decode(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export function metaContent(html: string, attr: "name" | "property", key: string): string | undefined {
  const tag = [...html.matchAll(/<meta\b[^>]*>/g)].map((m) => m[0]).find((t) => t.includes(`${attr}="${key}"`));
  const content = tag && /content="([^"]*)"/.exec(tag);
  return content ? decode(content[1]!) : undefined;
}

export function canonicalOf(html: string): string | undefined {
  const tag = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]).find((t) => t.includes('rel="canonical"'));
  const href = tag && /href="([^"]*)"/.exec(tag);
  return href ? decode(href[1]!) : undefined;
}

export function jsonLdBlocks(html: string): Block[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Block);
}

const nonEmpty = (v: unknown) => (Array.isArray(v) ? v.length > 0 : typeof v === "string" ? v.trim() !== "" : v != null);

/** The properties each type needs (Google's structured data requirements, plus ours for the organisation). */
const REQUIRED: Record<string, (b: Block) => string[]> = {
  EducationalOrganization: (b) =>
    ["name", "url", "logo", "address", "telephone", "email", "identifier", "hasCredential"].filter((k) => !nonEmpty(b[k])),
  ItemList: (b) => {
    const items = (b.itemListElement as Block[] | undefined) ?? [];
    return Array.isArray(b.itemListElement)
      ? items.flatMap((i, n) => (nonEmpty(i.position) && nonEmpty(i.url) && nonEmpty(i.name) ? [] : [`itemListElement[${n}]`]))
      : ["itemListElement"];
  },
  FAQPage: (b) => {
    const q = (b.mainEntity as Block[] | undefined) ?? [];
    if (!q.length) return ["mainEntity"];
    return q.flatMap((e, n) => (nonEmpty(e.name) && nonEmpty((e.acceptedAnswer as Block | undefined)?.text) ? [] : [`mainEntity[${n}]`]));
  },
  BlogPosting: (b) => ["headline", "datePublished", "author", "publisher", "image", "url"].filter((k) => !nonEmpty(b[k])),
  BreadcrumbList: (b) => {
    const items = (b.itemListElement as Block[] | undefined) ?? [];
    if (items.length < 2) return ["itemListElement"];
    return items.flatMap((i, n) => (nonEmpty(i.position) && nonEmpty(i.name) && nonEmpty(i.item) ? [] : [`itemListElement[${n}]`]));
  },
  Course: (b) => ["name", "description", "provider"].filter((k) => !nonEmpty(b[k])),
};

/** The JSON-LD types a page must carry, by its path. */
function expectedTypes(path: string): string[] {
  if (path === "/") return ["EducationalOrganization"];
  if (path === "/formations" || path === "/blog" || path.startsWith("/formations/ville/") || /^\/formation-[a-z0-9]+\/[^/]+$/.test(path))
    return ["ItemList"];
  if (/^\/formations\/[^/]+$/.test(path)) return ["Course", "BreadcrumbList"];
  if (path.startsWith("/blog/")) return ["BlogPosting", "BreadcrumbList"];
  if (/^\/financement\/[^/]+$/.test(path)) return ["FAQPage", "BreadcrumbList"];
  return ["BreadcrumbList"];
}

/** The search-hygiene problems of a page of the sitemap, one line each. */
export function seoProblems(path: string, html: string, baseURL: string): string[] {
  const problems: string[] = [];
  const title = decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
  const description = metaContent(html, "name", "description") ?? "";
  if (!title || title.length > 60) problems.push(`titre de ${title.length} caractères « ${title} »`);
  if (!description || description.length > 160) problems.push(`description de ${description.length} caractères`);
  const card = metaContent(html, "name", "twitter:card");
  if (card !== "summary" && card !== "summary_large_image") problems.push(`twitter:card ${card}`);
  for (const key of ["twitter:title", "twitter:description"]) if (!metaContent(html, "name", key)) problems.push(`${key} manquant`);
  if (canonicalOf(html) !== `${baseURL}${path}`) problems.push(`canonical ${canonicalOf(html)}`);
  let blocks: Block[] = [];
  try {
    blocks = jsonLdBlocks(html);
  } catch (e) {
    problems.push(`JSON-LD illisible (${(e as Error).message})`);
  }
  for (const block of blocks) {
    const type = String(block["@type"]);
    if (block["@context"] !== "https://schema.org") problems.push(`${type} sans @context`);
    const missing = REQUIRED[type]?.(block);
    if (missing === undefined) problems.push(`type JSON-LD inattendu ${type}`);
    else if (missing.length) problems.push(`${type} sans ${missing.join(", ")}`);
  }
  const types = blocks.map((b) => String(b["@type"]));
  for (const t of expectedTypes(path.split("?")[0]!)) if (!types.includes(t)) problems.push(`pas de ${t}`);
  return problems;
}
