import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config, loadConfig, setConfig } from "~/platform/config.server";
import { applyKeepAlive, createApp } from "./app";

/**
 * A balancer that pools connections reuses an idle one: the site must keep it open longer than
 * the balancer does (60 s for nginx and cloud balancers), or the balancer's next request (a
 * sign-in POST, say) meets a connection reset.
 */
let dataDir: string;
let server: Server;
let port: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "keep-alive-test-"));
  setConfig(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "error", PAGE_CACHE_MAX_MB: "0" }));
  server = createServer(createApp());
  applyKeepAlive(server, config().keepAliveTimeoutMs);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends one request on the socket and resolves with the raw answer (headers and small body). */
function ask(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (/\r\n\r\n[\s\S]*\}$/.test(text)) {
        socket.off("data", onData);
        resolve(text);
      }
    };
    socket.on("data", onData);
    socket.once("error", reject);
    socket.once("close", () => reject(new Error("connexion fermée par le serveur")));
    socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  });
}

describe("keep-alive", () => {
  it("defaults to 65 s, above the balancers' 60 s, with the headers timeout just above", () => {
    expect(loadConfig({}).keepAliveTimeoutMs).toBe(65_000);
    expect(loadConfig({ KEEP_ALIVE_TIMEOUT_SECONDS: "120" }).keepAliveTimeoutMs).toBe(120_000);
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_SECONDS: "0" })).toThrow(/KEEP_ALIVE_TIMEOUT_SECONDS/);
    expect(server.keepAliveTimeout).toBe(65_000);
    expect(server.headersTimeout).toBe(66_000);
    expect(server.requestTimeout).toBeGreaterThan(server.headersTimeout);
  });

  it("keeps an idle connection open past Node's 5 s default, and answers a second request on it", { timeout: 20_000 }, async () => {
    const socket = connect(port, "127.0.0.1");
    try {
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      const first = await ask(socket);
      expect(first).toMatch(/^HTTP\/1\.1 200/);
      expect(first).toMatch(/\r\nKeep-Alive: timeout=65\r\n/i);
      await new Promise((resolve) => setTimeout(resolve, 6_500));
      expect(socket.destroyed).toBe(false);
      expect(await ask(socket)).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      socket.destroy();
    }
  });
});
