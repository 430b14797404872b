import { spawn } from "node:child_process";
import { expect, vi } from "vitest";

/**
 * Another instance of the site for a concurrency test: a child process on the same database (the
 * same SQLite file, or the same PostgreSQL database through its own pool) running `script`. It says
 * « prêt » once set up, acts when told `go()`, and prints on its last line, as JSON, what it did.
 */
export async function otherInstance(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", script], { env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  try {
    await vi.waitFor(() => expect(output).toContain("prêt"), { timeout: 30_000, interval: 50 });
  } catch (error) {
    child.kill();
    throw error;
  }
  return {
    go: () => child.stdin.end("go\n"),
    /** Waits for its end (a failure shows its output) and returns its last line, parsed. */
    async results(): Promise<string[]> {
      expect(await exited, output).toBe(0);
      return JSON.parse(output.trim().split("\n").at(-1)!) as string[];
    },
    stop: () => child.kill(),
  };
}
