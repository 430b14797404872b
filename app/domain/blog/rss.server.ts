import { getOrganisation } from "~/domain/settings/settings.server";
import { config } from "~/platform/config.server";
import { db, type Db } from "~/platform/db/db.server";
import { renderMarkdown } from "~/platform/markdown/markdown.server";
import { escapeHtml } from "~/platform/text/html";
import { escapeXml } from "~/platform/text/xml";
import { listPosts } from "./blog.server";
import { blogPostPath } from "./labels";

/** How many posts the feed carries (the newest). */
export const RSS_ITEMS = 20;

/** Site-relative links and images of rendered content made absolute, for feed readers. */
function absolutize(html: string, siteUrl: string): string {
  return html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${siteUrl}/`);
}

/**
 * RSS 2.0 of the posts visitors can see at `now`, newest first: title, link, date, category, tags,
 * author, excerpt (description) and the full sanitised HTML (content:encoded, escaped as text).
 */
export async function renderBlogRss(
  { now = new Date(), limit = RSS_ITEMS }: { now?: Date; limit?: number } = {},
  target: Db = db(),
): Promise<string> {
  const siteUrl = config().siteUrl;
  const [organisation, page] = await Promise.all([getOrganisation(target), listPosts({ status: "visible", perPage: limit, now }, target)]);
  const ids = page.items.map((p) => p.id);
  const contents = ids.length ? await target.selectFrom("blog_posts").select(["id", "content"]).where("id", "in", ids).execute() : [];
  const contentOf = new Map(contents.map((c) => [c.id, c.content]));
  const items = page.items.map((p) => {
    const link = siteUrl + blogPostPath(p.slug);
    const html = absolutize(renderMarkdown(contentOf.get(p.id) ?? "", { minHeadingLevel: 2 }), siteUrl);
    const lines = [
      `      <title>${escapeXml(p.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${new Date(p.publishedAt!).toUTCString()}</pubDate>`,
      `      <dc:creator>${escapeXml(p.authorName ?? organisation.name)}</dc:creator>`,
      `      <category>${escapeXml(p.categoryName)}</category>`,
      ...p.tags.map((t) => `      <category>${escapeXml(t.name)}</category>`),
      // Feed readers render the description as HTML: the plain-text excerpt is escaped as HTML, then as XML.
      `      <description>${escapeXml(escapeHtml(p.excerpt))}</description>`,
      `      <content:encoded>${escapeXml(html)}</content:encoded>`,
    ];
    return `    <item>\n${lines.join("\n")}\n    </item>`;
  });
  const latest = page.items[0]?.publishedAt;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">`,
    `  <channel>`,
    `    <title>${escapeXml(`Blog | ${organisation.name}`)}</title>`,
    `    <link>${escapeXml(`${siteUrl}/blog`)}</link>`,
    `    <atom:link href="${escapeXml(`${siteUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    `    <description>${escapeXml(`Financement, obligations des employeurs, qualité et conseils pratiques sur la formation professionnelle, par ${organisation.name}.`)}</description>`,
    `    <language>fr-FR</language>`,
    ...(latest ? [`    <lastBuildDate>${new Date(latest).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    `  </channel>`,
    `</rss>`,
    ``,
  ].join("\n");
}
