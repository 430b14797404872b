import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "./ports";

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  /** Stops the process (SIGTERM, then SIGKILL after `graceMs`) and waits for it. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts the built production server (`server/main.js`) on a free port with the given environment. */
export async function startServer(env: Record<string, string>, { port }: { port?: number } = {}): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const url = `http://127.0.0.1:${chosen}`;
  const child = spawn(process.execPath, ["server/main.js"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(chosen), SITE_URL: url, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    url,
    port: chosen,
    child,
    exited,
    output: () => output,
    async stop(graceMs = 5000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits until `url` answers 2xx (the server is up), or throws with the server's output. */
export async function waitReady(server: ServerProcess, path = "/readyz", timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) throw new Error(`Le serveur s'est arrêté (code ${server.child.exitCode}) :\n${server.output()}`);
    try {
      if ((await fetch(server.url + path)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`Le serveur n'a pas démarré à temps : ${server.url}\n${server.output()}`);
}
