import { expect, test, type APIRequestContext } from "@playwright/test";

/**
 * Search hygiene over the whole sitemap (docs/seo.md): every URL of /sitemap.xml (following a
 * sitemap index) answers 200 with a title of 60 characters or less, a description of 160 or less,
 * Twitter card tags, a canonical, and JSON-LD blocks that parse and carry the properties their
 * type requires. Paginated lists point their canonical at themselves; JSON-LD data blocks raise
 * no Content-Security-Policy violation in the browser.
 */
type Block = Record<string, unknown>;

function decode(text: string): string {
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

function metaContent(html: string, attr: "name" | "property", key: string): string | undefined {
  const tag = [...html.matchAll(/<meta\b[^>]*>/g)].map((m) => m[0]).find((t) => t.includes(`${attr}="${key}"`));
  const content = tag && /content="([^"]*)"/.exec(tag);
  return content ? decode(content[1]!) : undefined;
}

function canonicalOf(html: string): string | undefined {
  const tag = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]).find((t) => t.includes('rel="canonical"'));
  const href = tag && /href="([^"]*)"/.exec(tag);
  return href ? decode(href[1]!) : undefined;
}

function jsonLdBlocks(html: string): Block[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Block);
}

async function sitemapUrls(request: APIRequestContext): Promise<string[]> {
  const locs = async (path: string) =>
    [...(await (await request.get(path)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decode(m[1]!));
  const root = await (await request.get("/sitemap.xml")).text();
  if (!root.includes("<sitemapindex")) return locs("/sitemap.xml");
  const files = await locs("/sitemap.xml");
  return (await Promise.all(files.map((f) => locs(new URL(f).pathname)))).flat();
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

test("every sitemap URL: short title and description, Twitter card, canonical, valid JSON-LD of the expected types", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const urls = await sitemapUrls(request);
  expect(urls.length).toBeGreaterThan(50);
  expect(urls.some((u) => u.includes("/comparatif/"))).toBe(true);
  const problems: string[] = [];
  const queue = [...urls];
  const worker = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      const path = new URL(url).pathname + new URL(url).search;
      const res = await request.get(path);
      if (res.status() !== 200) {
        problems.push(`${path}: HTTP ${res.status()}`);
        continue;
      }
      const html = await res.text();
      const title = decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
      const description = metaContent(html, "name", "description") ?? "";
      if (!title || title.length > 60) problems.push(`${path}: titre de ${title.length} caractères « ${title} »`);
      if (!description || description.length > 160) problems.push(`${path}: description de ${description.length} caractères`);
      const card = metaContent(html, "name", "twitter:card");
      if (card !== "summary" && card !== "summary_large_image") problems.push(`${path}: twitter:card ${card}`);
      for (const key of ["twitter:title", "twitter:description"])
        if (!metaContent(html, "name", key)) problems.push(`${path}: ${key} manquant`);
      if (canonicalOf(html) !== `${baseURL}${path}`) problems.push(`${path}: canonical ${canonicalOf(html)}`);
      let blocks: Block[] = [];
      try {
        blocks = jsonLdBlocks(html);
      } catch (e) {
        problems.push(`${path}: JSON-LD illisible (${(e as Error).message})`);
      }
      for (const block of blocks) {
        const type = String(block["@type"]);
        if (block["@context"] !== "https://schema.org") problems.push(`${path}: ${type} sans @context`);
        const missing = REQUIRED[type]?.(block);
        if (missing === undefined) problems.push(`${path}: type JSON-LD inattendu ${type}`);
        else if (missing.length) problems.push(`${path}: ${type} sans ${missing.join(", ")}`);
      }
      const types = blocks.map((b) => String(b["@type"]));
      for (const t of expectedTypes(new URL(url).pathname)) if (!types.includes(t)) problems.push(`${path}: pas de ${t}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  expect(problems, problems.join("\n")).toEqual([]);
});

test("paginated lists carry a self-referencing canonical", async ({ request, baseURL }) => {
  for (const path of ["/formations?page=2", "/blog?page=2", "/formations/ville/lyon?page=2"]) {
    const res = await request.get(path);
    if (res.status() !== 200) continue;
    const html = await res.text();
    // A page past the last one would not exist: only lists that have a second page are checked.
    if (!/page 2 sur|Page 2/.test(html) && !html.includes('aria-current="page">2<')) continue;
    expect(canonicalOf(html), path).toBe(`${baseURL}${path}`);
  }
  const first = await (await request.get("/formations")).text();
  expect(canonicalOf(first)).toBe(`${baseURL}/formations`);
  const second = await (await request.get("/formations?page=2")).text();
  expect(canonicalOf(second)).toBe(`${baseURL}/formations?page=2`);
});

test("a post without picture gets the organisation's image and a summary card; a page with JSON-LD raises no CSP violation", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  for (const path of ["/", "/formations", "/financement/akto", "/blog"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await page.locator('script[type="application/ld+json"]').count(), path).toBeGreaterThan(0);
  }
  expect(violations).toEqual([]);
  const org = JSON.parse(
    (await page.request.get("/").then((r) => r.text())).match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!,
  ) as Block;
  expect(org).toMatchObject({
    "@type": "EducationalOrganization",
    name: "Formavia",
    identifier: { propertyID: "SIRET", value: "91234567800011" },
    hasCredential: { identifier: "QUA-2025-04187" },
  });
});
