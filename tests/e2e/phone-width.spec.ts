import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createAccount, signInApi, uniqueEmail } from "./support/accounts";
import { sitemapPaths } from "./support/crawl";

/**
 * No page is wider than a phone: every page type of /sitemap.xml (a few addresses of each) and every
 * admin screen reachable from the admin's own links, at 320 px and 375 px, without any horizontal
 * scroll of the document. A wide table scrolls inside its own region; nothing (not even a
 * screen-reader-only label) may stick out of it.
 */
const WIDTHS = [320, 375] as const;
const VIEWPORT = { width: WIDTHS[WIDTHS.length - 1]!, height: 700 };
/** Addresses kept per page type: the first ones of the sitemap, enough to meet long titles and tables. */
const PER_TYPE = 3;

/** The page type of a path: its segments, with the variable ones replaced. */
function pageType(path: string): string {
  const segments = path.split("/").filter(Boolean);
  if (segments.length === 0) return "/";
  if (segments[0] === "financement" || segments[0] === "comparatif" || segments[0] === "blog" || segments[0] === "formations")
    return segments.length === 1 ? `/${segments[0]}` : `/${segments[0]}/${segments.length > 2 ? `${segments[1]}/*` : "*"}`;
  if (segments.length === 2) return "/{catégorie}/{ville}";
  return `/${segments.join("/")}`;
}

async function sitemapPathsByType(request: APIRequestContext): Promise<string[]> {
  const urls = (await sitemapPaths(request)).map((p) => new URL(p, "http://site"));
  const byType = new Map<string, string[]>();
  for (const url of urls) {
    const list = byType.get(pageType(url.pathname)) ?? [];
    if (list.length < PER_TYPE) list.push(url.pathname + url.search);
    byType.set(pageType(url.pathname), list);
  }
  return [...byType.values()].flat();
}

/** The elements that reach past the right edge of the page, to name them when the test fails. */
async function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const limit = root.clientWidth;
    const culprits: string[] = [];
    if (root.scrollWidth > limit) {
      for (const el of document.querySelectorAll("body *")) {
        const box = el.getBoundingClientRect();
        // Inside a scrolling region only what escapes it counts: a positioned element whose containing block is outside.
        const position = getComputedStyle(el).position;
        let clipped = false;
        for (let a = el.parentElement; a && a !== root; a = a.parentElement)
          if (getComputedStyle(a).overflowX !== "visible") clipped = true;
        if (clipped && position !== "absolute" && position !== "fixed") continue;
        if (box.right > limit + 1 && box.width > 0) {
          const id = el.getAttribute("id") ? `#${el.getAttribute("id")}` : "";
          const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 3).join(".")}` : "";
          culprits.push(`${el.tagName.toLowerCase()}${id}${cls} → ${Math.round(box.right)} px`);
          if (culprits.length >= 5) break;
        }
      }
    }
    return { width: root.scrollWidth, culprits };
  });
}

/**
 * Loads each path once and measures it at every width: the viewport shrinks without a reload, as a
 * resized window does (the media queries apply again), so that each page is loaded once for both.
 */
async function expectFits(page: Page, paths: string[]) {
  const failures: string[] = [];
  for (const path of paths) {
    await load(page, path);
    failures.push(...(await overflowsAt(page, path)));
  }
  expect(failures, `Pages plus larges que l'écran :\n${failures.join("\n")}`).toEqual([]);
}

/** Loads a path at the widest width, where the page is measured from. */
async function load(page: Page, path: string) {
  await page.setViewportSize(VIEWPORT);
  const response = await page.goto(path, { waitUntil: "load" });
  expect(response?.status(), path).toBeLessThan(500);
}

/** What sticks out of the page at each width, for the page as it is loaded. */
async function overflowsAt(page: Page, path: string): Promise<string[]> {
  const failures: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 700 });
    const { width: scrollWidth, culprits } = await overflow(page);
    if (scrollWidth > width) failures.push(`${path} à ${width} px : ${scrollWidth} px\n    ${culprits.join("\n    ")}`);
  }
  return failures;
}

test(`every public page type fits a ${WIDTHS.join(" and a ")} px phone`, async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: VIEWPORT, baseURL, locale: "fr-FR" });
  const paths = [
    ...(await sitemapPathsByType(context.request)),
    "/devis",
    "/contact",
    "/login",
    "/page-qui-n-existe-pas",
    "/recherche?q=formation",
  ];
  expect(paths.some((p) => p.startsWith("/comparatif/"))).toBe(true);
  expect(paths.some((p) => /^\/formations\/[^/]+$/.test(p))).toBe(true);
  await expectFits(await context.newPage(), paths);
  await context.close();
});

test(`every admin screen fits a ${WIDTHS.join(" and a ")} px phone`, async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: VIEWPORT, baseURL, locale: "fr-FR" });
  const page = await context.newPage();
  const account = await createAccount({ email: uniqueEmail("largeur"), role: "admin" });
  await signInApi(page, baseURL!, account.email);
  // Every admin address the admin's screens link to, one per shape (a record's id counts as one
  // shape), each measured as it is reached.
  const seen = new Map<string, string>([["/admin", "/admin"]]);
  const queue = ["/admin"];
  const failures: string[] = [];
  while (queue.length) {
    const path = queue.shift()!;
    await load(page, path);
    const links = await page.$$eval("a[href^='/admin']", (as) => as.map((a) => a.getAttribute("href")!));
    failures.push(...(await overflowsAt(page, path)));
    for (const href of links) {
      const clean = href.split("#")[0]!;
      if (/export|\.csv|\.xlsx|\.pdf|\/pdf$|modele|template|deconnexion|rapport|telecharger/.test(clean)) continue;
      const shape = clean.replace(/\?.*$/, "").replace(/\/[0-9a-zA-Z_-]{16,}(?=\/|$)/g, "/:id");
      if (seen.has(shape) || seen.size >= 41) continue;
      seen.set(shape, clean);
      queue.push(clean);
    }
  }
  expect(seen.size).toBeGreaterThan(10);
  expect(failures, `Écrans plus larges que l'écran :\n${failures.join("\n")}`).toEqual([]);
  await context.close();
});
