import { createHash } from "node:crypto";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { axeViolations, COLOUR_RULES } from "./axe";
import { sitemapPaths, snapshot } from "./crawl";
import { hydrated } from "./hydration";
import { pageProblems } from "./page-checks";
import { seoProblems } from "./seo";

/**
 * The page pass (docs/decisions/0027-tests-own-their-data.md): each page is loaded once and
 * everything the suite checks on every page is read on that one visit — its status, hydration
 * without an error in the console, no Content-Security-Policy violation, the page-text content
 * checks (tests/e2e/support/page-checks.ts), search hygiene for the sitemap's pages, and axe in both
 * themes at 375 and 1280 px for the pages of the accessibility audit (docs/accessibility.md).
 * Each problem is one line: « page — problem ».
 */

export const VIEWPORTS = [
  { width: 375, height: 740 },
  { width: 1280, height: 900 },
] as const;

export interface Visit {
  path: string;
  /** A page for people outside the team: internal ids are not shown there (page-checks). */
  forOutsiders: boolean;
  /** A page of the accessibility audit: axe at both widths in both themes. */
  axe?: boolean;
  /** A page of the sitemap: answers 200, with the search tags (tests/e2e/support/seo.ts). */
  seo?: boolean;
}

export interface PassContext {
  page: Page;
  context: BrowserContext;
  /** Errors of the console and uncaught errors since the last visit began. */
  errors: string[];
}

/**
 * A browser context for the pass: the theme stored as the theme control does, and every
 * Content-Security-Policy violation of a page kept in `window.__csp` for the visit to read.
 */
export async function openPass(browser: Browser, baseURL: string): Promise<PassContext> {
  const context = await browser.newContext({ viewport: VIEWPORTS[1], baseURL, locale: "fr-FR" });
  await context.addInitScript(() => {
    try {
      localStorage.setItem("theme", "light");
    } catch {
      /* storage unavailable */
    }
    document.addEventListener("securitypolicyviolation", (e) => {
      const w = window as unknown as { __csp?: string[] };
      (w.__csp ??= []).push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || /Content Security Policy|Content-Security-Policy/i.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return { page, context, errors };
}

/** Sets the theme as the theme control does: the class and colour scheme of <html>, remembered. */
async function setTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((t) => {
    const root = document.documentElement;
    root.classList.remove("light", "dark");
    root.classList.add(t);
    root.style.colorScheme = t;
    localStorage.setItem("theme", t);
  }, theme);
}

/**
 * Visits one page and returns its problems, each « path — problem », French typography included:
 * what staff and visitors type is stored with French spacing (`frenchSpacing`, app/platform/format.ts).
 * An audited page is loaded at 375 px and audited there and at 1280 px in the light theme with
 * every rule, then in the dark theme with the colour rules (only colours change between themes);
 * the viewport changes without a reload, as a resized window lays itself out again. The text checks
 * read the page at 1280 px in the light theme.
 */
export async function visit(pass: PassContext, { path, forOutsiders, axe = false, seo = false }: Visit): Promise<string[]> {
  const { page, errors } = pass;
  const problems: string[] = [];
  const report = (problem: string) => problems.push(`${path} — ${problem}`);
  errors.length = 0;
  await page.setViewportSize(axe ? VIEWPORTS[0] : VIEWPORTS[1]);
  const response = await page.goto(path, { waitUntil: "load" });
  const status = response?.status() ?? 0;
  // A test's own formation, in the sitemap when the pass read it, removed by that test since: nothing to check there.
  if (seo && status === 404 && !(await sitemapPaths(page.context().request)).includes(path)) return [];
  if (status >= 500 || (seo && status !== 200)) report(`HTTP ${status}`);
  if (seo && status === 200) for (const problem of seoProblems(path, await response!.text(), new URL(page.url()).origin)) report(problem);
  // Hydrated, and the effects that follow it have run (client-only parts such as the cookie banner).
  await hydrated(page);
  const audit = async (theme: "light" | "dark", width: 375 | 1280) => {
    await page.setViewportSize(VIEWPORTS[width === 375 ? 0 : 1]);
    for (const v of await axeViolations(page, theme === "dark" ? COLOUR_RULES : undefined)) report(`axe [${theme} ${width}px] ${v}`);
  };
  if (axe) {
    await setTheme(page, "light");
    await audit("light", 375);
    await audit("light", 1280);
  }
  for (const problem of pageProblems(await snapshot(page), { forOutsiders })) report(problem.message);
  if (axe) {
    await setTheme(page, "dark");
    await audit("dark", 1280);
    await audit("dark", 375);
    await setTheme(page, "light");
  }
  const csp = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  for (const violation of csp) report(`violation CSP : ${violation}`);
  // The document of a page not found is itself an error to the console (its 404), and nothing else.
  for (const error of errors)
    if (!(status === 404 && /Failed to load resource: the server responded with a status of 404/.test(error))) report(`console : ${error}`);
  return problems;
}

/** Visits each page in turn; returns every problem. */
export async function visitAll(pass: PassContext, visits: Visit[]): Promise<string[]> {
  const problems: string[] = [];
  for (const v of visits) problems.push(...(await visit(pass, v)));
  return problems;
}

/**
 * The share of a list that group `g` of `count` visits: by a hash of the address, so that each
 * test of the pass computes the same share even when other tests add records meanwhile.
 */
export function shareOf<T extends { path: string }>(items: T[], g: number, count: number): T[] {
  return items.filter((item) => createHash("sha1").update(item.path).digest().readUInt32BE(0) % count === g);
}

/** One visit per address: the first wins, marks of the others are merged into it. */
export function merge(visits: Visit[]): Visit[] {
  const byPath = new Map<string, Visit>();
  for (const v of visits) {
    const seen = byPath.get(v.path);
    byPath.set(
      v.path,
      seen ? { ...seen, axe: seen.axe || v.axe, seo: seen.seo || v.seo, forOutsiders: seen.forOutsiders || v.forOutsiders } : v,
    );
  }
  return [...byPath.values()];
}
