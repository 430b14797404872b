import type { APIRequestContext, Page } from "@playwright/test";
import type { PageSnapshot } from "./page-checks";
import { decode } from "./seo";

/**
 * The pages a pass goes over: every URL of /sitemap.xml (following a sitemap index), and every
 * admin screen reached from the admin's own links (one address per shape).
 */

/** The admin screens where the team writes the catalogue and the blog. */
export const CONTENT_SCREENS = [
  "/admin/formations",
  "/admin/formations/new",
  "/admin/formations/import",
  "/admin/formations/batch-import",
  "/admin/blog",
  "/admin/blog/new",
  "/admin/categories",
  "/admin/villes",
];

/** Every path (with its query) of the sitemap, in its order. */
export async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const locs = async (path: string) =>
    [...(await (await request.get(path)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(decode(m[1]!)));
  const root = await (await request.get("/sitemap.xml")).text();
  const urls = root.includes("<sitemapindex")
    ? (await Promise.all((await locs("/sitemap.xml")).map((f) => locs(f.pathname)))).flat()
    : await locs("/sitemap.xml");
  return urls.map((u) => u.pathname + u.search);
}

/** Addresses that download a file or act, not screens. */
const NOT_A_SCREEN = /export|\.csv|\.xlsx|\.pdf|\/pdf$|\.zip|modele|template|deconnexion|rapport|telecharger/;

/** A record's id (a UUID or another long token) counts as one shape: `/admin/formations/:id`. */
function shapeOf(href: string): string {
  const url = new URL(href, "http://x");
  const path = url.pathname.replace(/\/[0-9a-zA-Z_-]{16,}(?=\/|$)/g, "/:id");
  const query = [...url.searchParams]
    .map(([k, v]) => `${k}=${/^[0-9a-zA-Z_-]{16,}$/.test(v) || /^\d{4}-\d{2}-\d{2}$/.test(v) ? ":v" : v}`)
    .sort()
    .join("&");
  return query ? `${path}?${query}` : path;
}

/**
 * Every admin screen a signed-in `request` reaches from /admin through the links of the pages the
 * server sends, one address per shape (at most `limit`), in the order found. Reading the HTML is
 * enough (the admin's links are rendered on the server) and costs no browser: the page pass then
 * shares the list between its tests.
 */
export async function adminPaths(request: APIRequestContext, { limit = 120 } = {}): Promise<string[]> {
  const seen = new Set<string>([shapeOf("/admin")]);
  const queue = ["/admin"];
  const found: string[] = [];
  while (queue.length) {
    const path = queue.shift()!;
    const response = await request.get(path, { maxRedirects: 0 });
    // A record another test removed meanwhile answers 404: nothing to read there.
    if (response.status() === 404) continue;
    if (response.status() >= 400) throw new Error(`${path} : ${response.status()}`);
    if (response.status() >= 300) continue;
    found.push(path);
    const html = await response.text();
    for (const match of html.matchAll(/<a\b[^>]*\bhref="(\/admin[^"]*)"/g)) {
      const clean = decode(match[1]!).split("#")[0]!;
      if (NOT_A_SCREEN.test(clean)) continue;
      const shape = shapeOf(clean);
      if (seen.has(shape) || seen.size >= limit) continue;
      seen.add(shape);
      queue.push(clean);
    }
  }
  return found;
}

/**
 * What a person reads on the page as it is (browser side): the text of each block (paragraph,
 * cell, label…) with its inline parts joined, whitespace collapsed as the browser draws it, and
 * the attributes read aloud (aria-label, alt, title, placeholder); code (code, pre, kbd, samp)
 * and what a person types (textarea, input) are not prose. Then every id, and each form control
 * with its accessible name.
 */
export function snapshot(page: Page): Promise<PageSnapshot> {
  return page.evaluate(() => {
    const describe = (el: Element) => {
      // getAttribute: a form's `id` property is its control named « id », when it has one.
      const id = el.getAttribute("id") ? `#${el.getAttribute("id")}` : "";
      const cls = typeof el.className === "string" && el.className.trim() ? `.${el.className.trim().split(/\s+/)[0]}` : "";
      return `${el.tagName.toLowerCase()}${id}${id ? "" : cls}`;
    };
    const SKIP = "script,style,noscript,template,code,pre,kbd,samp,textarea,select,svg";
    const blocks = new Map<Element, string[]>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(SKIP) || !parent.checkVisibility()) continue;
      let block: Element = parent;
      while (block.parentElement && /^(inline|contents)/.test(getComputedStyle(block).display)) block = block.parentElement;
      const parts = blocks.get(block) ?? [];
      parts.push(node.nodeValue ?? "");
      blocks.set(block, parts);
    }
    const texts: Array<{ text: string; where: string }> = [];
    for (const [block, parts] of blocks) {
      const text = parts
        .join("")
        .replace(/[ \t\n\r]+/g, " ")
        .trim();
      if (text) texts.push({ text, where: describe(block) });
    }
    for (const el of document.querySelectorAll("[aria-label],[alt],[title],[placeholder]")) {
      if (el.closest("head") || !el.checkVisibility()) continue;
      for (const attr of ["aria-label", "alt", "title", "placeholder"]) {
        const value = el.getAttribute(attr);
        if (value) texts.push({ text: value.replace(/[ \t\n\r]+/g, " ").trim(), where: `${describe(el)}[${attr}]` });
      }
    }
    const ids = [...document.querySelectorAll("[id]")].map((el) => el.getAttribute("id")!);
    const textOf = (ids: string) =>
      ids
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ");
    const controls = [...document.querySelectorAll("input,select,textarea")]
      .filter((el) => !(el instanceof HTMLInputElement && ["hidden", "submit", "button", "reset", "image"].includes(el.type)))
      // A control hidden from assistive technologies (a file input behind a button, the honeypot) is not announced.
      .filter((el) => el.checkVisibility() && !el.closest('[aria-hidden="true"]'))
      .map((el) => {
        const control = el as HTMLInputElement;
        const name =
          (control.getAttribute("aria-labelledby") && textOf(control.getAttribute("aria-labelledby")!)) ||
          control.getAttribute("aria-label") ||
          [...(control.labels ?? [])].map((l) => l.textContent ?? "").join(" ") ||
          control.title ||
          control.placeholder ||
          "";
        const named = control.name ? `[name=${control.name}]` : "";
        return { where: `${describe(control)}${named}`, name: name.trim() };
      });
    return { texts, ids, controls };
  });
}
