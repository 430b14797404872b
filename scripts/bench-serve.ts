/**
 * `npm run bench:serve` (after `npm run build`): how close to a static server the public pages are.
 *
 * 1. Requests per second over 10 s at 64 connections for `/`, a formation page and a blog post,
 *    served by the site from its page cache (brotli, as browsers ask), then by a minimal static
 *    HTTP server holding the very same compressed bytes in memory; the ratio site/static for each.
 * 2. Uncached render time (p50/p95 of 200 sequential requests after 20 not counted, page cache off) of a formation page
 *    with 50 and with 10,000 published formations.
 *
 * Figures, not a pass/fail test. Run it on a quiet machine: both servers and the load generator
 * share its cores.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { closeDbHandle, openDb } from "~/platform/db/db.server";
import { cloneFormations } from "../tests/support/catalogue";
import { freePort } from "../tests/support/ports";
import { startServer, waitReady, type ServerProcess } from "../tests/support/server-process";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 64;
const HEADERS = { "accept-encoding": "br, gzip" };

async function load(url: string): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: HEADERS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url} : ${result.non2xx} réponses en erreur, ${result.errors} erreurs`);
  return result.requests.average;
}

/** A static server in its own process: the page's bytes and headers, from memory. */
async function startStatic(pages: Array<{ path: string; body: Buffer; headers: Record<string, string> }>) {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-static-"));
  const table = pages.map((p, i) => {
    writeFileSync(path.join(dir, `${i}.bin`), p.body);
    return { path: p.path, file: path.join(dir, `${i}.bin`), headers: p.headers };
  });
  writeFileSync(path.join(dir, "pages.json"), JSON.stringify(table));
  const port = await freePort();
  const script = `
    const http = require("node:http"); const fs = require("node:fs");
    const pages = new Map(JSON.parse(fs.readFileSync(${JSON.stringify(path.join(dir, "pages.json"))}, "utf8")).map((p) => [p.path, { body: fs.readFileSync(p.file), headers: p.headers }]));
    http.createServer((req, res) => {
      const page = pages.get(req.url);
      if (!page) { res.statusCode = 404; return res.end(); }
      res.writeHead(200, { ...page.headers, "content-length": page.body.length });
      res.end(page.body);
    }).listen(${port}, "127.0.0.1", () => process.stdout.write("prêt\\n"));`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill();
      await new Promise((r) => child.once("exit", r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function firstLink(base: string, listPath: string, prefix: string): Promise<string> {
  const html = await (await fetch(base + listPath)).text();
  const match = new RegExp(`href="(${prefix}[a-z0-9-]+)"`).exec(html);
  if (!match) throw new Error(`Aucun lien ${prefix} sur ${listPath}`);
  return match[1]!;
}

/**
 * One GET, timed from the request to the last byte, as a browser asks for a page (brotli). Plain
 * node:http on a kept-alive connection, and the body is not decompressed: the figure is the
 * server's, not the cost of a heavier client sharing the same two cores.
 */
function timedGet(agent: http.Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const request = http.get(url, { agent, headers: { "accept-encoding": "br" } }, (res) => {
      res.on("data", () => undefined);
      res.on("end", () =>
        res.statusCode === 200 ? resolve(performance.now() - start) : reject(new Error(`${url} : HTTP ${res.statusCode}`)),
      );
    });
    request.on("error", reject);
  });
}

async function renderTimes(server: ServerProcess, pagePath: string, count = 200, warmUp = 20): Promise<{ p50: number; p95: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = server.url + pagePath;
  // A server just started compiles its code as it runs it: the first requests are not a render's
  // cost but a start's. They are made, not counted.
  for (let i = 0; i < warmUp; i++) await timedGet(agent, url);
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await timedGet(agent, url));
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

async function publishedCount(dataDir: string): Promise<number> {
  const { db } = openDb({ engine: "sqlite", file: path.join(dataDir, "site.db") });
  try {
    const row = await db
      .selectFrom("formations")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("status", "=", "published")
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  } finally {
    await closeDbHandle(db);
  }
}

async function growCatalogue(dataDir: string, target: number): Promise<void> {
  const missing = target - (await publishedCount(dataDir));
  if (missing <= 0) return;
  const { db } = openDb({ engine: "sqlite", file: path.join(dataDir, "site.db") });
  try {
    await cloneFormations(db, missing);
  } finally {
    await closeDbHandle(db);
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-serve-"));
const env = { DATA_DIR: dataDir, LOG_LEVEL: "error" };
try {
  // 1. Cached pages against a static server.
  let site = await startServer(env);
  await waitReady(site);
  const formationPath = await firstLink(site.url, "/formations", "/formations/(?!ville/)");
  const postPath = await firstLink(site.url, "/blog", "/blog/(?!rss)");
  const pages: Array<{ path: string; body: Buffer; headers: Record<string, string> }> = [];
  for (const pagePath of ["/", formationPath, postPath]) {
    await fetch(site.url + pagePath, { headers: HEADERS }); // rendered once, then in the cache
    const res = await fetch(site.url + pagePath, { headers: HEADERS });
    if (res.headers.get("x-page-cache") !== "hit") throw new Error(`${pagePath} n'est pas servie depuis le cache`);
    // fetch() decodes the body: ask the raw bytes again without decoding.
    const raw = await new Promise<Buffer>((resolve, reject) => {
      import("node:http").then(({ get }) =>
        get(site.url + pagePath, { headers: HEADERS }, (r) => {
          const chunks: Buffer[] = [];
          r.on("data", (c) => chunks.push(c));
          r.on("end", () => resolve(Buffer.concat(chunks)));
        }).on("error", reject),
      );
    });
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (!["content-length", "date", "connection", "keep-alive", "x-request-id", "x-page-cache"].includes(name)) headers[name] = value;
    });
    pages.push({ path: pagePath, body: raw, headers });
  }
  const statics = await startStatic(pages);
  console.log(`Pages en cache, ${CONNECTIONS} connexions, ${DURATION_S} s chacune (brotli) :`);
  console.log("page | octets br | site req/s | statique req/s | rapport site/statique");
  for (const page of pages) {
    const siteRps = await load(site.url + page.path);
    const staticRps = await load(statics.url + page.path);
    console.log(
      `${page.path} | ${page.body.length} | ${Math.round(siteRps)} | ${Math.round(staticRps)} | ${(siteRps / staticRps).toFixed(2)}`,
    );
  }
  await statics.stop();
  await site.stop();

  // 2. Uncached renders of a formation page, small and large catalogue.
  console.log("\nRendu sans cache d'une page formation (200 requêtes successives) :");
  for (const size of [50, 10_000]) {
    await growCatalogue(dataDir, size);
    site = await startServer({ ...env, PAGE_CACHE_MAX_MB: "0" });
    await waitReady(site);
    await renderTimes(site, formationPath, 20); // warm-up
    const { p50, p95 } = await renderTimes(site, formationPath);
    console.log(`${size.toLocaleString("fr-FR")} formations publiées : p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
    await site.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
