// Local profiling helper (not committed): 10k-formation data dir, server with --cpu-prof, N uncached renders.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { closeDbHandle, openDb } from "~/platform/db/db.server";
import { cloneFormations } from "../tests/support/catalogue";
import { freePort } from "../tests/support/ports";

const dataDir = "/tmp/bench10k";
const profDir = "/tmp/prof-out";
const prof = process.env.PROF === "1";
const pagePath = process.env.PAGE ?? "/formations/excel-perfectionnement-tableaux-croises-dynamiques";
const N = Number(process.env.N ?? 400);
async function start() {
  const port = await freePort();
  const child = spawn(process.execPath, ["--max-semi-space-size=16", ...(prof ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : []), "server/main.js"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), SITE_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, LOG_LEVEL: "warn", SHUTDOWN_DELAY_SECONDS: "0", BACKUP_EVERY_HOURS: "0", PAGE_CACHE_MAX_MB: "0" },
    stdio: "inherit",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) { try { await get(url + "/readyz"); break; } catch { await new Promise((r) => setTimeout(r, 200)); } }
  return { url, child };
}
function get(url: string, agent?: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    http.get(url, { agent, headers: { "accept-encoding": "br" } }, (res) => { res.resume(); res.on("end", () => resolve(performance.now() - t)); }).on("error", reject);
  });
}
mkdirSync(dataDir, { recursive: true });
const first = await start();
if (process.env.GROW === "1") {
  first.child.kill("SIGTERM"); await new Promise((r) => first.child.once("exit", r));
  const { db } = openDb({ engine: "sqlite", file: path.join(dataDir, "site.db") });
  const n = Number((await db.selectFrom("formations").select((eb) => eb.fn.countAll().as("n")).where("status", "=", "published").executeTakeFirst())?.n ?? 0);
  if (n < 10000) await cloneFormations(db, 10000 - n);
  await closeDbHandle(db);
  console.log("grown"); process.exit(0);
}
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
for (let i = 0; i < 150; i++) await get(first.url + pagePath, agent);
const times: number[] = [];
for (let i = 0; i < N; i++) times.push(await get(first.url + pagePath, agent));
times.sort((a, b) => a - b);
console.log(pagePath, "p50", times[Math.floor(N * 0.5)]!.toFixed(1), "p95", times[Math.floor(N * 0.95)]!.toFixed(1));
first.child.kill("SIGTERM"); await new Promise((r) => first.child.once("exit", r));
if (prof) console.log(readdirSync(profDir));
