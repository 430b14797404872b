import MarkdownIt from "markdown-it";
import { frenchSpacing } from "../format";
import { LruMap } from "../lru-map";

/**
 * Markdown → HTML for editor-written content (formations, blog). Safe by construction:
 * raw HTML in the source is escaped, never rendered; links and images only accept http(s),
 * mailto:, tel: and site-relative URLs (no javascript:, data:, vbscript:, file:…).
 * Runs on the server: loaders send the HTML, so the browser bundle stays free of the parser.
 */

export interface MarkdownOptions {
  /** Headings are never above this level (3: "#" and "##" render as <h3>), to keep the page's outline in order. */
  minHeadingLevel?: 1 | 2 | 3 | 4 | 5 | 6;
}

const SAFE_URL = /^(?:https?:\/\/|mailto:|tel:|\/(?!\/)|#|\?)/i;

/** True for URLs a rendered link or image may point to. */
export function isSafeUrl(url: string): boolean {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"): judge the URL without them.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be removed
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  if (SAFE_URL.test(compact)) return true;
  // A relative path without a scheme ("formations/excel") is safe; anything with a scheme is not.
  return !/^[a-z][a-z0-9+.-]*:/i.test(compact) && !compact.startsWith("//") && !compact.startsWith("\\");
}

const instances = new Map<number, MarkdownIt>();

function instance(minHeadingLevel: number): MarkdownIt {
  let md = instances.get(minHeadingLevel);
  if (md) return md;
  md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });
  md.validateLink = isSafeUrl;
  // French typography in the text (never in code): no-break space before « : ; ! ? » and inside « ».
  md.core.ruler.push("french_spacing", (state) => {
    for (const block of state.tokens)
      for (const token of block.children ?? []) if (token.type === "text") token.content = frenchSpacing(token.content);
  });
  const renderToken = md.renderer.renderToken.bind(md.renderer);
  md.renderer.rules.heading_open = (tokens, idx, options) => {
    const token = tokens[idx]!;
    const level = Math.max(Number(token.tag.slice(1)), minHeadingLevel);
    token.tag = `h${level}`;
    const close = tokens.slice(idx).find((t) => t.type === "heading_close");
    if (close) close.tag = `h${level}`;
    return renderToken(tokens, idx, options);
  };
  md.renderer.rules.link_open = (tokens, idx, options) => {
    const token = tokens[idx]!;
    const href = token.attrGet("href") ?? "";
    if (/^https?:\/\//i.test(href)) token.attrSet("rel", "noopener noreferrer");
    return renderToken(tokens, idx, options);
  };
  const image = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    tokens[idx]!.attrSet("loading", "lazy");
    tokens[idx]!.attrSet("decoding", "async");
    return image(tokens, idx, options, env, self);
  };
  instances.set(minHeadingLevel, md);
  return md;
}

/**
 * Rendered HTML by heading level and source. A formation page renders about ten Markdown texts,
 * the same ones at every request: rendering them again was a quarter of the page's server time.
 * Bounded (least recently used dropped first); long texts are not kept.
 */
const rendered = new LruMap<string, string>(2000);
const RENDERED_MAX_SOURCE = 20_000;

function memoized(key: string, source: string, render: () => string): string {
  if (source.length > RENDERED_MAX_SOURCE) return render();
  let html = rendered.get(key);
  if (html === undefined) {
    html = render();
    rendered.set(key, html);
  }
  return html;
}

export function renderMarkdown(source: string, { minHeadingLevel = 2 }: MarkdownOptions = {}): string {
  const text = source ?? "";
  return memoized(`${minHeadingLevel}\u0000${text}`, text, () => instance(minHeadingLevel).render(text));
}

export interface MarkdownHeading {
  /** The heading's id attribute: lower-case ASCII words joined by hyphens, unique in the document. */
  id: string;
  text: string;
  /** Level after the minimum is applied (2 for "#" and "##" with the default minimum). */
  level: number;
}

function headingId(text: string): string {
  return text
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/**
 * Like `renderMarkdown`, and every heading gets an id (from its text, unique in the document and
 * different from `reservedIds`, the ids the page already uses) so that a table of contents can
 * link to it; returns the headings in order.
 */
export function renderMarkdownWithHeadings(
  source: string,
  { minHeadingLevel = 2, reservedIds = [] }: MarkdownOptions & { reservedIds?: string[] } = {},
): { html: string; headings: MarkdownHeading[] } {
  const md = instance(minHeadingLevel);
  const env = {};
  const tokens = md.parse(source ?? "", env);
  const used = new Set(reservedIds);
  const headings: MarkdownHeading[] = [];
  tokens.forEach((token, i) => {
    if (token.type !== "heading_open") return;
    const text = (tokens[i + 1]?.children ?? [])
      .filter((child) => child.type === "text" || child.type === "code_inline")
      .map((child) => child.content)
      .join("")
      // Ordinary whitespace only: a no-break space (« Pourquoi ? ») stays in the table of contents.
      .replace(/[ \t\r\n]+/g, " ")
      .trim();
    const base = headingId(text.replace(/\s+/g, " ")) || "section";
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    token.attrSet("id", id);
    headings.push({ id, text, level: Math.max(Number(token.tag.slice(1)), minHeadingLevel) });
  });
  return { html: md.renderer.render(tokens, md.options, env), headings };
}

/** Plain text of a Markdown source (for descriptions and search): markup removed, spaces collapsed. */
export function markdownToText(source: string): string {
  const html = renderMarkdown(source, { minHeadingLevel: 1 });
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
