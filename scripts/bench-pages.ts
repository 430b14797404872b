/**
 * `npm run bench:pages` (after `npm run build`): what a visitor downloads and waits for on the key
 * public pages. Starts the built server on a fresh demo database, loads each page in Chromium on a
 * phone viewport (cold cache, then warm), and prints compressed bytes by type, request count,
 * server time and DOMContentLoaded (median of 5 loads), then the JavaScript budget of each page:
 * the gzip size of every script loaded or preloaded, against 90 KB for read-only pages and 110 KB
 * for form pages, and the HTML against 30 KB. Figures, not a pass/fail test.
 */
import { readFileSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { startServer, waitReady } from "../tests/support/server-process";

const RUNS = 5;
const BUILD = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const FORM_PAGES = new Set(["/devis", "/contact", "/simulateur-opco", "/login"]);
const JS_BUDGET_KB = { readOnly: 90, form: 110 };
const HTML_BUDGET_KB = 30;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const gzipKb = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

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
  console.log("page | HTML ko | JS ko | CSS ko | requêtes | serveur ms | DOMContentLoaded ms (froid / chaud)");
  for (const pagePath of PAGES) {
    const cold: number[] = [];
    const warm: number[] = [];
    const serverTimes: number[] = [];
    let bytes = { html: 0, js: 0, css: 0, requests: 0 };
    const scripts = new Set<string>();
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
      page.on("request", (r) => {
        if (r.resourceType() === "script") scripts.add(new URL(r.url()).pathname);
      });
      await page.goto(BASE + pagePath, { waitUntil: "networkidle" });
      for (const href of await page.$$eval('link[rel="modulepreload"]', (links) => links.map((l) => (l as HTMLLinkElement).href)))
        scripts.add(new URL(href).pathname);
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
    const jsKb = [...scripts].filter((p) => p.startsWith("/assets/")).reduce((sum, p) => sum + gzipKb(path.join(BUILD, p)), 0);
    const budget = FORM_PAGES.has(pagePath) ? JS_BUDGET_KB.form : JS_BUDGET_KB.readOnly;
    const htmlKb = gzipSync(Buffer.from(await (await fetch(BASE + pagePath)).arrayBuffer()), { level: 9 }).length / 1024;
    budgets.push(
      `${pagePath} | ${jsKb.toFixed(1)} / ${budget} | ${jsKb <= budget ? "respecté" : "DÉPASSÉ"} | ${htmlKb.toFixed(1)} / ${HTML_BUDGET_KB} | ${htmlKb <= HTML_BUDGET_KB ? "respecté" : "DÉPASSÉ"}`,
    );
  }
  await browser.close();
  console.log("\nBudgets (gzip -9 des fichiers de build/client : tout script chargé ou préchargé)");
  console.log("page | JS ko / budget | verdict JS | HTML ko / budget | verdict HTML");
  for (const line of budgets) console.log(line);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
