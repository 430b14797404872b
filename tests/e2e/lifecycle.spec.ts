import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../support/ports";

/** The production server as a separate process, on its own port and data folder. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server/main.js"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", E2E_FAULTS: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
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

  test("SIGTERM lets the request in flight finish, then the process exits cleanly", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-stop-"));
    const port = await freePort();
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port), SITE_URL: `http://127.0.0.1:${port}` });
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
});
