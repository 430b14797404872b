import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../support/ports";

/** The production server (or `server/worker.js`) as a separate process, on its own port and data folder. */
function startServer(env: Record<string, string>, entry = "server/main.js") {
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", E2E_FAULTS: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  // The exit code, or the signal that ended the process.
  const exited = new Promise<number | string | null>((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal)));
  return { child, exited, output: () => output };
}

async function waitReady(url: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Le serveur n'a pas démarré : ${url}`);
}

test.describe("server process", () => {
  test("an empty variable stops startup with a French message, before anything is written", async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "site-cfg-")), "data");
    const server = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()), SMTP_URL: "", AUTH_SECRET: " " });
    try {
      const code = await server.exited;
      expect(code).toBe(1);
      expect(server.output()).toContain("Configuration incomplète");
      expect(server.output()).toContain("SMTP_URL");
      expect(server.output()).toContain("AUTH_SECRET");
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      server.child.kill("SIGKILL");
    }
  });

  test("TRUST_PROXY trusting public address space stops startup with the French message, no stack trace", async () => {
    for (const value of ["0.0.0.0/0", "0.0.0.0/1,128.0.0.0/1"]) {
      const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "site-proxy-")), "data");
      const server = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()), TRUST_PROXY: value });
      try {
        expect(await server.exited).toBe(1);
        expect(server.output()).toContain("Configuration invalide : TRUST_PROXY contient");
        expect(server.output()).toContain("fait confiance à une large part des adresses publiques");
        expect(server.output()).not.toMatch(/^\s+at /m);
        expect(existsSync(dataDir)).toBe(false);
      } finally {
        server.child.kill("SIGKILL");
      }
    }
  });

  test("SIGTERM lets the request in flight finish, then the process exits cleanly", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-stop-"));
    const port = await freePort();
    const server = startServer({
      DATA_DIR: dataDir,
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      SHUTDOWN_DELAY_SECONDS: "0",
    });
    try {
      await waitReady(`http://127.0.0.1:${port}/readyz`);
      const slow = fetch(`http://127.0.0.1:${port}/test?lent=1500`);
      await new Promise((r) => setTimeout(r, 300));
      server.child.kill("SIGTERM");
      const response = await slow;
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("État du site");
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain("Arrêt terminé");
      // No longer accepting connections.
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      server.child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("drain: on SIGTERM /readyz answers 503 at once, pages are still served during the delay, then the process exits", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-drain-"));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port), SITE_URL: base, SHUTDOWN_DELAY_SECONDS: "2" });
    try {
      await waitReady(`${base}/readyz`);
      const ready = await (await fetch(`${base}/readyz`)).json();
      expect(ready).toMatchObject({ status: "ok", database: true, migrations: { pending: 0 } });
      const stopAt = Date.now();
      server.child.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 200));
      const draining = await fetch(`${base}/readyz`);
      expect(draining.status).toBe(503);
      expect(await draining.json()).toMatchObject({ status: "draining" });
      // Still serving visitors while the balancer takes notice.
      const page = await fetch(`${base}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get("connection")).toBe("close");
      expect(await server.exited).toBe(0);
      expect(Date.now() - stopAt).toBeGreaterThanOrEqual(1900);
      expect(server.output()).toContain("Arrêt terminé");
    } finally {
      server.child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("a port already in use stops the process with a French message and exit 1, before any worker starts", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-port-"));
    const blocker = createServer(() => {});
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as AddressInfo).port;
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port), SITE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "info" });
    try {
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`Démarrage impossible : le port ${port} est déjà utilisé`);
      expect(server.output()).not.toContain("Serveur démarré");
      expect(server.output()).not.toContain("Tâches de fond démarrées");
    } finally {
      server.child.kill("SIGKILL");
      blocker.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("one JSON access line per request, with the request id and the instance id on every line of the request", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-log-"));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer({
      DATA_DIR: dataDir,
      PORT: String(port),
      SITE_URL: base,
      SHUTDOWN_DELAY_SECONDS: "0",
      INSTANCE_ID: "web-essai",
      LOG_LEVEL: "info",
      // The request ids below come from a proxy in front, trusted (a visitor's own are never kept).
      TRUST_PROXY: "1",
    });
    try {
      await waitReady(`${base}/readyz`);
      await fetch(`${base}/test?erreur=1`, { headers: { "x-request-id": "req-essai-1" } });
      await fetch(`${base}/formations`, { headers: { "x-request-id": "req-essai-2" } });
      await new Promise((r) => setTimeout(r, 300));
      const lines = server
        .output()
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const access = lines.filter((l) => l.message === "requête" && l.requestId === "req-essai-2");
      expect(access).toHaveLength(1);
      expect(access[0]).toMatchObject({ method: "GET", path: "/formations", status: 200, instance: "web-essai" });
      expect(typeof access[0]!.ms).toBe("number");
      // The error of the first request is logged with its request id, as is its access line.
      const first = lines.filter((l) => l.requestId === "req-essai-1");
      expect(first.length).toBeGreaterThanOrEqual(2);
      expect(first.some((l) => l.level === "error")).toBe(true);
      expect(lines.every((l) => l.instance === "web-essai")).toBe(true);
    } finally {
      await new Promise((r) => setTimeout(r, 10));
      server.child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("WORKERS=0 serves without background jobs; server/worker.js (npm run worker) runs them without a web server", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-workers-"));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const web = startServer({
      DATA_DIR: dataDir,
      PORT: String(port),
      SITE_URL: base,
      SHUTDOWN_DELAY_SECONDS: "0",
      WORKERS: "0",
      LOG_LEVEL: "info",
    });
    const worker = startServer({ DATA_DIR: dataDir, SHUTDOWN_DELAY_SECONDS: "0", LOG_LEVEL: "info" }, "server/worker.js");
    try {
      await waitReady(`${base}/readyz`);
      await expect.poll(() => worker.output(), { timeout: 20_000 }).toContain("Tâches de fond seules démarrées");
      expect(worker.output()).toContain("Tâches de fond démarrées");
      expect(web.output()).toContain('"workers":false');
      // A web-only instance replays its own spool and reports it (docs/decisions/0010-lead-spool.md), nothing else.
      expect(web.output()).toMatch(
        /"Tâches de fond démarrées","instance":"[^"]*","jobs":\["Dossier d'attente","Pouls du dossier d'attente"\]/,
      );
      // It keeps running (it once ended by itself right after starting: nothing held it open).
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(worker.child.exitCode, worker.output()).toBeNull();
      expect(worker.child.signalCode).toBeNull();
      worker.child.kill("SIGTERM");
      expect(await worker.exited, worker.output()).toBe(0);
      web.child.kill("SIGTERM");
      expect(await web.exited, web.output()).toBe(0);
    } finally {
      web.child.kill("SIGKILL");
      worker.child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
