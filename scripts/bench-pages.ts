/**
 * `npm run bench:pages` (after `npm run build`): what a visitor downloads and waits for on the key
 * public pages. Starts the built server on a fresh demo database, loads each page in Chromium
 * (cold cache, then warm), and prints compressed bytes by type, request count, server time and
 * DOMContentLoaded (median of 5 loads). Figures, not a pass/fail test.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { freePort } from "../tests/support/ports";

const PORT = Number(process.env.BENCH_PORT ?? (await freePort()));
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = 5;
const PAGES = [
  "/",
  "/formations",
  "/formations/excel-perfectionnement-tableaux-croises-dynamiques",
  "/blog",
  "/simulateur-opco",
  "/devis",
  "/mentions-legales",
];

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function waitReady(): Promise<void> {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("Le serveur n'a pas démarré (avez-vous lancé npm run build ?)");
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-pages-"));
const server = spawn(process.execPath, ["server/main.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SITE_URL: BASE,
    LOG_LEVEL: "warn",
  },
  stdio: "inherit",
});

try {
  await waitReady();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  console.log("page | HTML ko | JS ko | CSS ko | requêtes | serveur ms | DOMContentLoaded ms (froid / chaud)");
  for (const pagePath of PAGES) {
    const cold: number[] = [];
    const warm: number[] = [];
    const server: number[] = [];
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
      server.push(timing.server);
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
      `${pagePath} | ${kb(bytes.html)} | ${kb(bytes.js)} | ${kb(bytes.css)} | ${bytes.requests} | ${median(server).toFixed(0)} | ${median(cold).toFixed(0)} / ${median(warm).toFixed(0)}`,
    );
  }
  await browser.close();
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
