/**
 * `npm run bench:lighthouse` (after `npm run build`): Lighthouse's mobile preset (simulated
 * throttling: slow 4G, processor slowed four times) on the home page, a formation, a blog post and
 * /devis, five runs per page taken in turns, with Debian's Chromium (headless). Prints the median
 * performance score, LCP and TBT of each page with verdicts against the targets of
 * docs/architecture.md#navigateur (score ≥ 95, LCP ≤ 2.0 s, TBT ≤ 150 ms). The machine must be
 * quiet: a loaded processor inflates TBT. Figures, not a pass/fail test.
 *
 * `BUILD_DIRS=build,../other/build` measures several builds in the same window, runs interleaved
 * (to compare two versions of the site under the same load); default: BUILD_DIR or build.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startServer, waitReady } from "../tests/support/server-process";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const TARGET = { score: 95, lcpMs: 2000, tbtMs: 150 };

interface Run {
  score: number;
  lcp: number;
  tbt: number;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const BUILDS = (process.env.BUILD_DIRS ?? process.env.BUILD_DIR ?? "build").split(",").map((dir) => dir.trim());
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-lighthouse-"));
const servers = await Promise.all(
  BUILDS.map((build, i) => startServer({ DATA_DIR: path.join(dataDir, String(i)), LOG_LEVEL: "warn", BUILD_DIR: build })),
);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
try {
  for (const server of servers) await waitReady(server);
  const BASE = servers[0]!.url;
  const formation = /href="(\/formations\/(?!ville\/)[a-z0-9-]+)"/.exec(await (await fetch(`${BASE}/formations`)).text())?.[1];
  const post = /href="(\/blog\/(?!rss)[a-z0-9-]+)"/.exec(await (await fetch(`${BASE}/blog`)).text())?.[1];
  if (!formation || !post) throw new Error("Aucune formation ou aucun article publié dans la base de démonstration.");
  const PAGES = ["/", formation, post, "/devis"];
  // One page cache warm-up each, so that the first run does not measure a render.
  for (const server of servers) for (const page of PAGES) await fetch(server.url + page);

  const runs = new Map<string, Run[]>();
  const key = (build: string, page: string) => `${build} ${page}`;
  for (let run = 1; run <= RUNS; run++) {
    for (const page of PAGES) {
      for (const [i, server] of servers.entries()) {
        const result = await lighthouse(server.url + page, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        if (!result) throw new Error(`Lighthouse n'a rien rendu pour ${page}`);
        const { lhr } = result;
        const measured = {
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
          tbt: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
        };
        const list = runs.get(key(BUILDS[i]!, page)) ?? [];
        list.push(measured);
        runs.set(key(BUILDS[i]!, page), list);
        console.log(
          `passage ${run}/${RUNS} ${BUILDS[i]} ${page} : ${measured.score}, LCP ${(measured.lcp / 1000).toFixed(2)} s, TBT ${measured.tbt.toFixed(0)} ms`,
        );
      }
    }
  }

  console.log(`\nLighthouse mobile, médianes de ${RUNS} passages`);
  console.log("construction | page | performance | LCP | TBT | verdict");
  for (const build of BUILDS)
    for (const page of PAGES) {
      const list = runs.get(key(build, page))!;
      const score = median(list.map((r) => r.score));
      const lcp = median(list.map((r) => r.lcp));
      const tbt = median(list.map((r) => r.tbt));
      const misses = [
        score < TARGET.score ? `performance < ${TARGET.score}` : "",
        lcp > TARGET.lcpMs ? `LCP > ${TARGET.lcpMs / 1000} s` : "",
        tbt > TARGET.tbtMs ? `TBT > ${TARGET.tbtMs} ms` : "",
      ].filter(Boolean);
      console.log(
        `${build} | ${page} | ${score} | ${(lcp / 1000).toFixed(2)} s | ${tbt.toFixed(0)} ms | ${misses.length === 0 ? "respecté" : `MANQUÉ (${misses.join(", ")})`}`,
      );
    }
} finally {
  await chrome.kill();
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(dataDir, { recursive: true, force: true });
}
