/**
 * `npm run bench:serve` (after `npm run build`): how close to nginx the origin answers its cached
 * public pages, and how long an uncached render takes as the catalogue grows.
 *
 * 1. `/` and a formation page, served from the page cache by the site (its fast path, access log
 *    on, as in production), by nginx with `gzip_static` from a temporary folder holding the very
 *    same gzip bytes (one worker, the page's headers added), and by a bare `node:http` handler
 *    writing the same bytes and headers from memory (the limit of one Node process). Load: wrk,
 *    2 threads, 64 connections, 10 s (BENCH_DURATION), `Accept-Encoding: gzip`, three passes
 *    alternating the servers (BENCH_ROUNDS). Printed, for the median pass of each: req/s, p50/p99
 *    latency, ratios site/nginx and bare/nginx. Every server's answer is checked first
 *    (status 200, gzip, the expected length): an error page is fast too.
 * 2. Uncached renders (page cache off, 300 sequential requests after 100 not counted): p50/p95 of
 *    the formation page and the home page with 50 and with 10,000 published formations, and the
 *    server's CPU time per request (Linux), which a loaded machine inflates far less than p95.
 *
 * `BENCH_PART=render` measures part 2 alone.
 *
 * nginx and wrk come from Debian (`apt-get install -y nginx-light wrk`); without them part 1 is
 * skipped with a message. Figures, not a pass/fail test: run it on a quiet machine (servers and
 * load generator share its cores) and quote `uptime` with them. Every process started here is
 * stopped, on free ports picked at run time.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { closeDbHandle, openDb } from "~/platform/db/db.server";
import { cloneFormations } from "../tests/support/catalogue";
import { freePort } from "../tests/support/ports";
import { waitReady, type ServerProcess } from "../tests/support/server-process";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** Passes per server and page (BENCH_ROUNDS); the median one is printed. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const GZIP = { "accept-encoding": "gzip" };

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET with node:http, body not decoded. */
function rawGet(url: string, headers: Record<string, string> = GZIP): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

function which(command: string): string | undefined {
  try {
    return execFileSync("sh", ["-c", `command -v ${command}`], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** A child process stopped on demand (SIGTERM, SIGKILL after 5 s), waited for. */
function managed(child: ChildProcess): () => Promise<void> {
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };
}

/** The Node.js options of `npm start` (package.json), so that the measured server runs as in production. */
const START_FLAGS = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith("--"));

/** The built site (server/main.js), its log written to a file as a process manager would keep it. */
async function startSite(dataDir: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFd = openSync(path.join(dataDir, `site-${port}.log`), "a");
  const child = spawn(process.execPath, [...START_FLAGS, "server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      SHUTDOWN_DELAY_SECONDS: "0",
      // No scheduled backup: an archive of the 10,000-formation database made during the measure
      // (its first run can fall in it) would count as render time.
      BACKUP_EVERY_HOURS: "0",
      ...env,
    },
    stdio: ["ignore", logFd, logFd],
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const stop = managed(child);
  return { url, port, child, exited, output: () => `(journal : ${path.join(dataDir, `site-${port}.log`)})`, stop: () => stop() };
}

interface Page {
  path: string;
  body: Buffer;
  headers: Record<string, string>;
}

/** Headers that belong to one answer or that each server sets itself. */
const OWN_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "date",
  "connection",
  "keep-alive",
  "x-request-id",
  "transfer-encoding",
]);

/** A bare node:http server in its own process: the page's bytes and headers, from memory. */
async function startBare(dir: string, pages: Page[]): Promise<{ url: string; stop: () => Promise<void> }> {
  const table = pages.map((p, i) => {
    const file = path.join(dir, `bare-${i}.gz`);
    writeFileSync(file, p.body);
    return { path: p.path, file, headers: { ...p.headers, "Content-Encoding": "gzip", "Content-Length": String(p.body.length) } };
  });
  writeFileSync(path.join(dir, "bare.json"), JSON.stringify(table));
  const port = await freePort();
  const script = `
    const http = require("node:http"); const fs = require("node:fs");
    const pages = new Map(JSON.parse(fs.readFileSync(${JSON.stringify(path.join(dir, "bare.json"))}, "utf8"))
      .map((p) => [p.path, { body: fs.readFileSync(p.file), headers: Object.entries(p.headers).flat() }]));
    http.createServer((req, res) => {
      const page = pages.get(req.url);
      if (!page) { res.statusCode = 404; return res.end(); }
      res.writeHead(200, page.headers);
      res.end(page.body);
    }).listen(${port}, "127.0.0.1", () => process.stdout.write("prêt\\n"));`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve) => child.stdout!.once("data", () => resolve()));
  return { url: `http://127.0.0.1:${port}`, stop: managed(child) };
}

/** An nginx string literal. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/**
 * nginx, one worker, serving each page's gzip bytes with gzip_static (and the page's headers),
 * from a folder its worker (user nobody) can read.
 */
async function startNginx(nginx: string, dir: string, pages: Page[]): Promise<{ url: string; stop: () => Promise<void> }> {
  const root = path.join(dir, "www");
  const prefix = path.join(dir, "nginx");
  mkdirSync(root, { recursive: true });
  mkdirSync(prefix, { recursive: true });
  const locations: string[] = [];
  for (const page of pages) {
    const file = page.path === "/" ? "/index.html" : page.path;
    mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    // gzip_static answers with the .gz file; the uncompressed one is there for `index` and HEAD.
    writeFileSync(path.join(root, file), "");
    writeFileSync(path.join(root, `${file}.gz`), page.body);
    const adds = Object.entries(page.headers)
      .filter(([name]) => !["content-type", "vary", "etag"].includes(name))
      .map(([name, value]) => `      add_header ${name} ${quoted(value)} always;`);
    locations.push(
      `    location = ${file} {\n      default_type ${quoted(page.headers["content-type"] ?? "text/html")};\n${adds.join("\n")}\n    }`,
    );
  }
  // mkdtemp makes 0700 folders: the worker must be able to read the pages.
  const open = (p: string) => {
    chmodSync(p, 0o755);
    for (const entry of execFileSync("find", [p, "-mindepth", "1"], { encoding: "utf8" }).split("\n").filter(Boolean)) {
      chmodSync(entry, statSync(entry).isDirectory() ? 0o755 : 0o644);
    }
  };
  const port = await freePort();
  const conf = path.join(prefix, "nginx.conf");
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${prefix}/access.log combined buffer=64k flush=1s;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    index index.html;
    gzip_static on;
    gzip_vary on;
${locations.join("\n")}
  }
}
`,
  );
  chmodSync(dir, 0o755);
  open(root);
  const child = spawn(nginx, ["-p", prefix, "-c", conf], { stdio: ["ignore", "inherit", "inherit"] });
  const stop = managed(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx s'est arrêté (code ${child.exitCode})`);
    if (
      await rawGet(url + pages[0]!.path).then(
        () => true,
        () => false,
      )
    )
      break;
    if (i > 100) {
      await stop();
      throw new Error("nginx ne répond pas");
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, stop };
}

/** The answer each server gives must be the page itself: status 200, gzip, the same length. */
async function checkAnswer(label: string, url: string, page: Page): Promise<void> {
  const answer = await rawGet(url);
  const length = Number(answer.headers["content-length"] ?? answer.body.length);
  if (
    answer.status !== 200 ||
    answer.headers["content-encoding"] !== "gzip" ||
    length !== page.body.length ||
    !answer.body.equals(page.body)
  ) {
    throw new Error(
      `${label} ${url} : statut ${answer.status}, encodage ${answer.headers["content-encoding"] ?? "aucun"}, ${length} octets au lieu de ${page.body.length}`,
    );
  }
}

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
}

/** wrk's duration ("812.00us", "1.23ms", "1.02s") in milliseconds. */
function ms(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === "us" ? value / 1000 : match[2] === "ms" ? value : match[2] === "s" ? value * 1000 : value * 60_000;
}

/** The run with the median throughput (its latencies with it). */
function median(runs: LoadResult[]): LoadResult {
  return [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;
}

function wrk(url: string): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", ["-t2", "-c64", `-d${DURATION_S}s`, "--latency", "-H", "Accept-Encoding: gzip", url], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout!.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", () => {
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
      const p50 = ms(/\s50%\s+(\S+)/.exec(out)?.[1] ?? "");
      const p99 = ms(/\s99%\s+(\S+)/.exec(out)?.[1] ?? "");
      const bad = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
      const socketErrors = /Socket errors: (.*)/.exec(out)?.[1];
      if (bad) return reject(new Error(`${url} : ${bad} réponses en erreur`));
      if (socketErrors && /(connect|read|write|timeout) [1-9]/.test(socketErrors)) return reject(new Error(`${url} : ${socketErrors}`));
      if (!Number.isFinite(rps)) return reject(new Error(`${url} : sortie de wrk illisible\n${out}`));
      resolve({ rps, p50, p99 });
    });
  });
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

/**
 * The CPU time the server process has used (Linux: /proc), in ms: with the wall-clock times, what
 * a render costs even when other processes share the cores.
 */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
const CLOCK_TICKS = Number(which("getconf") ? execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim() : 100) || 100;

async function renderTimes(
  server: ServerProcess,
  pagePath: string,
  count = 300,
  warmUp = 100,
): Promise<{ p50: number; p95: number; cpu: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = server.url + pagePath;
  // A server just started compiles its code as it runs it: the first requests are not a render's
  // cost but a start's. They are made, not counted.
  for (let i = 0; i < warmUp; i++) await timedGet(agent, url);
  const times: number[] = [];
  const cpuBefore = cpuMs(server.child.pid);
  for (let i = 0; i < count; i++) times.push(await timedGet(agent, url));
  const cpu = (cpuMs(server.child.pid) - cpuBefore) / count;
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p95: at(0.95), cpu };
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

const fmt = (n: number) => Math.round(n).toLocaleString("fr-FR");
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-serve-"));
const stops: Array<() => Promise<void>> = [];
const stopAll = async () => {
  for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
};
process.on("SIGINT", () => void stopAll().then(() => process.exit(130)));
try {
  // 1. Cached pages: the site, nginx, a bare node:http handler.
  const site = await startSite(dataDir, {});
  stops.push(() => site.stop());
  await waitReady(site);
  const formationPath = await firstLink(site.url, "/formations", "/formations/(?!ville/)");
  const pages: Page[] = [];
  for (const pagePath of ["/", formationPath]) {
    await rawGet(site.url + pagePath); // rendered once, then in the cache
    const answer = await rawGet(site.url + pagePath);
    if (answer.headers["x-page-cache"] !== "hit") throw new Error(`${pagePath} n'est pas servie depuis le cache`);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers))
      if (!OWN_HEADERS.has(name) && typeof value === "string") headers[name] = value;
    pages.push({ path: pagePath, body: answer.body, headers });
  }
  const nginxPath = which("nginx") ?? (which("/usr/sbin/nginx") ? "/usr/sbin/nginx" : undefined);
  if (process.env.BENCH_PART === "render") {
    console.log("BENCH_PART=render : comparaison des pages en cache sautée.");
  } else if (!nginxPath || !which("wrk")) {
    console.log("nginx ou wrk absent : comparaison sautée (apt-get install -y nginx-light wrk, voir le README).");
  } else {
    const bare = await startBare(dataDir, pages);
    stops.push(bare.stop);
    const nginx = await startNginx(nginxPath, dataDir, pages);
    stops.push(nginx.stop);
    for (const page of pages) {
      await checkAnswer("site", site.url + page.path, page);
      await checkAnswer("nginx", nginx.url + page.path, page);
      await checkAnswer("node:http nu", bare.url + page.path, page);
    }
    console.log(
      `Pages en cache : wrk, 2 fils, 64 connexions, ${DURATION_S} s, Accept-Encoding: gzip ; médiane de ${ROUNDS} passes alternées par serveur`,
    );
    console.log(
      "page | octets gzip | nginx req/s (p50/p99 ms) | node:http nu req/s (p50/p99) | site req/s (p50/p99) | site/nginx | nu/nginx",
    );
    for (const page of pages) {
      // Rounds alternate the three servers, so that a change in the machine's load falls on all of them.
      const runs: Record<"n" | "b" | "s", LoadResult[]> = { n: [], b: [], s: [] };
      for (let round = 0; round < ROUNDS; round++) {
        runs.n.push(await wrk(nginx.url + page.path));
        runs.b.push(await wrk(bare.url + page.path));
        runs.s.push(await wrk(site.url + page.path));
      }
      const [n, b, s] = [median(runs.n), median(runs.b), median(runs.s)];
      const cell = (r: LoadResult) => `${fmt(r.rps)} (${r.p50.toFixed(2)}/${r.p99.toFixed(2)})`;
      console.log(
        `${page.path} | ${page.body.length} | ${cell(n)} | ${cell(b)} | ${cell(s)} | ${(s.rps / n.rps).toFixed(3)} | ${(b.rps / n.rps).toFixed(3)}`,
      );
    }
    console.log("(wrk tient le débit de nginx : pour les deux autres colonnes, plus lentes, la limite n'est pas le générateur.)");
  }
  await stopAll();

  // 2. Uncached renders, small and large catalogue.
  console.log("\nRendu sans cache (300 requêtes successives après 100 de mise en route, brotli) :");
  console.log("formations publiées | page formation p50 / p95 ms (CPU ms/requête) | accueil p50 / p95 ms (CPU ms/requête)");
  for (const size of [50, 10_000]) {
    await growCatalogue(dataDir, size);
    const uncached = await startSite(dataDir, { PAGE_CACHE_MAX_MB: "0", LOG_LEVEL: "warn" });
    stops.push(() => uncached.stop());
    await waitReady(uncached);
    const formation = await renderTimes(uncached, formationPath);
    const home = await renderTimes(uncached, "/");
    console.log(
      `${size.toLocaleString("fr-FR")} | ${formation.p50.toFixed(1)} / ${formation.p95.toFixed(1)} (${formation.cpu.toFixed(1)}) | ${home.p50.toFixed(1)} / ${home.p95.toFixed(1)} (${home.cpu.toFixed(1)})`,
    );
    await stopAll();
  }
} finally {
  await stopAll();
  rmSync(dataDir, { recursive: true, force: true });
}
