/**
 * `npm run bench:pages` (after `npm run build`): what a visitor downloads and waits for on the key
 * public pages. Starts the built server on a fresh demo database, loads each page in Chromium on a
 * phone viewport (cold cache, then warm), and prints compressed bytes by type, request count,
 * server time and DOMContentLoaded (median of 5 loads), then the JavaScript budget of each page
 * (docs/architecture.md#navigateur): the gzip size of every script of the first load — the page's
 * bootstrap script and everything it imports, followed through static imports (not `import()`) —
 * against 140 KB for read-only pages and 155 KB for form pages, whether any admin-only module is
 * among them (never), and the HTML against 30 KB. Figures, not a pass/fail test.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { startServer, waitReady } from "../tests/support/server-process";

const RUNS = 5;
const BUILD = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const FORM_PAGES = new Set(["/devis", "/contact", "/simulateur-opco", "/login"]);
const JS_BUDGET_KB = { readOnly: 140, form: 155 };
const HTML_BUDGET_KB = 30;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const gzipKb = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

/** `/assets/…` files named in a module's static imports and re-exports (`import(…)` excluded). */
function staticImports(code: string, from: string): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["']([^"']+\.js)["']/g)) {
    const target = new URL(m[1]!, `http://x${from}`).pathname;
    if (target.startsWith("/assets/")) found.push(target);
  }
  return found;
}

/**
 * Every script of a page's first load: those the HTML names (React Router's bootstrap module names
 * the manifest, the route modules and the client entry), then their static imports, recursively.
 */
function firstLoadScripts(html: string): Set<string> {
  const pending: string[] = [];
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g))
    for (const s of m[1]!.matchAll(/\bimport\s*(?:\*\s*as\s+[\w$]+\s+from\s*|\(\s*)?["'](\/assets\/[^"']+\.js)["']/g)) pending.push(s[1]!);
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="(\/assets\/[^"]+\.js)"/g)) pending.push(m[1]!);
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...staticImports(readFileSync(path.join(BUILD, file), "utf8"), file));
  }
  return seen;
}

/**
 * The scripts that only the admin's routes load (React Router's client manifest: each route's
 * module and its static imports). Shared modules (React, the router, the site's UI) are not in it.
 */
function adminOnlyScripts(): Set<string> {
  const manifestFile = readdirSync(path.join(BUILD, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) throw new Error("build/client/assets/manifest-*.js introuvable : lancer npm run build");
  const code = readFileSync(path.join(BUILD, "assets", manifestFile), "utf8");
  const manifest = JSON.parse(code.slice(code.indexOf("{"), code.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const admin = new Set<string>();
  const other = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const [id, route] of Object.entries(manifest.routes))
    for (const file of [route.module, ...(route.imports ?? [])]) (id.startsWith("routes/admin/") ? admin : other).add(file);
  return new Set([...admin].filter((file) => !other.has(file)));
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-pages-"));
const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
try {
  await waitReady(server);
  const BASE = server.url;
  const formationHtml = await (await fetch(`${BASE}/formations`)).text();
  const formation = /href="(\/formations\/(?!ville\/)[a-z0-9-]+)"/.exec(formationHtml)?.[1] ?? "/formations";
  const postHtml = await (await fetch(`${BASE}/blog`)).text();
  const post = /href="(\/blog\/(?!rss)[a-z0-9-]+)"/.exec(postHtml)?.[1] ?? "/blog";
  const PAGES = [
    "/",
    "/formations",
    formation,
    "/blog",
    post,
    "/financement/akto",
    "/mentions-legales",
    "/simulateur-opco",
    "/devis",
    "/contact",
    "/login",
  ];

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const budgets: string[] = [];
  const adminOnly = adminOnlyScripts();
  console.log("page | HTML ko | JS ko | CSS ko | requêtes | serveur ms | DOMContentLoaded ms (froid / chaud)");
  for (const pagePath of PAGES) {
    const cold: number[] = [];
    const warm: number[] = [];
    const serverTimes: number[] = [];
    let bytes = { html: 0, js: 0, css: 0, requests: 0 };
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      await context.addInitScript(() =>
        localStorage.setItem("cookie-consent", JSON.stringify({ version: 1, date: new Date().toISOString(), audience: false })),
      );
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      const sizes = new Map<string, { type: string; size: number }>();
      cdp.on("Network.responseReceived", (e) => sizes.set(e.requestId, { type: e.type, size: 0 }));
      cdp.on("Network.loadingFinished", (e) => {
        const s = sizes.get(e.requestId);
        if (s) s.size = e.encodedDataLength;
      });
      await page.goto(BASE + pagePath, { waitUntil: "networkidle" });
      const timing = await page.evaluate(() => {
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        return { server: nav.responseStart - nav.requestStart, dcl: nav.domContentLoadedEventEnd - nav.startTime };
      });
      cold.push(timing.dcl);
      serverTimes.push(timing.server);
      if (run === 0) {
        const all = [...sizes.values()];
        const sum = (t: string) => all.filter((x) => x.type === t).reduce((a, x) => a + x.size, 0);
        bytes = { html: sum("Document"), js: sum("Script"), css: sum("Stylesheet"), requests: all.length };
      }
      await page.reload({ waitUntil: "networkidle" });
      warm.push(
        await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).domContentLoadedEventEnd),
      );
      await context.close();
    }
    const kb = (n: number) => (n / 1024).toFixed(1);
    console.log(
      `${pagePath} | ${kb(bytes.html)} | ${kb(bytes.js)} | ${kb(bytes.css)} | ${bytes.requests} | ${median(serverTimes).toFixed(0)} | ${median(cold).toFixed(0)} / ${median(warm).toFixed(0)}`,
    );
    const html = await (await fetch(BASE + pagePath)).text();
    const firstLoad = firstLoadScripts(html);
    const jsKb = [...firstLoad].reduce((sum, p) => sum + gzipKb(path.join(BUILD, p)), 0);
    const budget = FORM_PAGES.has(pagePath) ? JS_BUDGET_KB.form : JS_BUDGET_KB.readOnly;
    const htmlKb = gzipSync(Buffer.from(html), { level: 9 }).length / 1024;
    const adminHere = [...firstLoad].filter((p) => adminOnly.has(p));
    budgets.push(
      `${pagePath} | ${FORM_PAGES.has(pagePath) ? "formulaire" : "lecture"} | ${firstLoad.size} | ${jsKb.toFixed(1)} / ${budget} | ${jsKb <= budget ? "respecté" : "DÉPASSÉ"} | ${adminHere.length === 0 ? "aucun" : `PRÉSENT (${adminHere.join(", ")})`} | ${htmlKb.toFixed(1)} / ${HTML_BUDGET_KB} | ${htmlKb <= HTML_BUDGET_KB ? "respecté" : "DÉPASSÉ"}`,
    );
  }
  await browser.close();
  console.log("\nBudgets (gzip -9 des fichiers de build/client : scripts du premier chargement, imports statiques suivis)");
  console.log("page | type | scripts | JS ko / budget | verdict JS | code d'administration | HTML ko / budget | verdict HTML");
  for (const line of budgets) console.log(line);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
