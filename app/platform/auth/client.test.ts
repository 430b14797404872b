import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Socket } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { freePort } from "../../../tests/support/ports";
import {
  AUTH_TIMEOUT_DESKTOP_MS,
  AUTH_TIMEOUT_MOBILE_MS,
  AuthError,
  NETWORK_ERROR,
  TIMEOUT_ERROR,
  authPost,
  authTimeoutMs,
  isMobileDevice,
} from "./client";

/**
 * The sign-in network timeout (docs/spec.md#authentification): a real HTTP server on loopback that
 * takes the request and never answers. authPost calls a relative URL, as in the browser: fetch is
 * wrapped to resolve it against this server, and the request really goes over the network.
 */
describe("authPost over the network", () => {
  let server: Server;
  let base: string;
  const sockets = new Set<Socket>();
  const received: Array<{ method?: string; url?: string; body: string }> = [];
  const realFetch = globalThis.fetch;

  beforeEach(async () => {
    received.length = 0;
    const port = await freePort();
    server = createServer((req: IncomingMessage) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      // Reads the whole request, then never answers.
      req.on("end", () => received.push({ method: req.method, url: req.url, body }));
    });
    server.on("connection", (socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${port}`;
    globalThis.fetch = (input, init) => realFetch(typeof input === "string" && input.startsWith("/") ? new URL(input, base) : input, init);
  });

  afterEach(async () => {
    globalThis.fetch = realFetch;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("gives up on a server that never answers, with the French timeout message", async () => {
    const started = Date.now();
    const error = await authPost("/sign-in/email", { email: "lea@example.fr", password: "secret-123" }, 300).then(
      () => null,
      (e: unknown) => e,
    );
    const elapsed = Date.now() - started;

    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).code).toBe("TIMEOUT");
    expect((error as AuthError).message).toBe(TIMEOUT_ERROR);
    expect((error as AuthError).message).toMatch(/délai dépassé/);
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(10_000);
    // The request did reach the server.
    expect(received).toEqual([
      { method: "POST", url: "/api/auth/sign-in/email", body: JSON.stringify({ email: "lea@example.fr", password: "secret-123" }) },
    ]);
  });

  it("reports a server that cannot be reached with the French network message", async () => {
    const closed = await freePort();
    globalThis.fetch = (input, init) =>
      realFetch(typeof input === "string" && input.startsWith("/") ? new URL(input, `http://127.0.0.1:${closed}`) : input, init);
    const error = await authPost("/sign-in/email", { email: "lea@example.fr", password: "secret-123" }, 5_000).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).code).toBe("NETWORK");
    expect((error as AuthError).message).toBe(NETWORK_ERROR);
  });
});

describe("authentication timeout per device", () => {
  const desktop = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
  const iphone =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
  const android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

  /** What a browser's `navigator` gives (userAgentData: Chromium only). */
  const on = (nav: { userAgent: string; userAgentData?: { mobile?: boolean } }) => authTimeoutMs(nav as unknown as Navigator);

  it("is 30 s on a computer and 60 s on a phone", () => {
    expect(AUTH_TIMEOUT_DESKTOP_MS).toBe(30_000);
    expect(AUTH_TIMEOUT_MOBILE_MS).toBe(60_000);
    expect(on({ userAgent: desktop })).toBe(30_000);
    expect(on({ userAgent: iphone })).toBe(60_000);
    expect(on({ userAgent: android })).toBe(60_000);
    expect(isMobileDevice({ userAgent: iphone })).toBe(true);
    expect(isMobileDevice({ userAgent: desktop })).toBe(false);
  });

  it("trusts userAgentData.mobile when the browser gives it", () => {
    expect(on({ userAgent: desktop, userAgentData: { mobile: true } })).toBe(60_000);
    expect(on({ userAgent: android, userAgentData: { mobile: false } })).toBe(30_000);
  });
});
