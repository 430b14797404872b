import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDbHandle, openDb } from "~/platform/db/db.server";
import { insertAccount } from "../tests/support/account-rows";
import { createPostgresDatabase, type TestDatabase } from "../tests/support/databases";
import { freePort } from "../tests/support/ports";

/**
 * The origin as visitors reach it (docs/decisions/0003-caching.md): the production server of
 * server/app.ts (fast path in front of Express and React Router), over real HTTP, on SQLite and
 * on PostgreSQL when TEST_DATABASE_URL is set. Loaded through Vite (tests/support/origin-server.js):
 * the first render of each page compiles its modules, hence the long timeouts.
 */

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Header names in the order they were sent. */
  names: string[];
  body: Buffer;
}

function request(
  base: string,
  pagePath: string,
  headers: Record<string, string> = {},
  method = "GET",
  agent?: http.Agent,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + pagePath, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          names: res.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase()),
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** Headers that differ between any two answers (time, connection, this request's id, where it came from). */
const PER_ANSWER = new Set(["date", "connection", "keep-alive", "x-request-id", "x-page-cache"]);
function comparable(headers: http.IncomingHttpHeaders): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));
}

/** The fast path sends the request id last; Express sets it first, before any other header. */
const fromFastPath = (answer: Answer) =>
  answer.names.includes("x-page-cache") && answer.names.indexOf("x-request-id") > answer.names.indexOf("x-page-cache");

for (const engine of ["sqlite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])] as const) {
  describe(`the origin (${engine})`, () => {
    let child: ChildProcess;
    let output = "";
    let base = "";
    let dataDir = "";
    let postgres: TestDatabase | undefined;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), "site-origin-"));
      if (engine === "postgres") postgres = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, { migrated: false });
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      child = spawn(process.execPath, ["tests/support/origin-server.js"], {
        env: {
          ...process.env,
          HOST: "127.0.0.1",
          PORT: String(port),
          SITE_URL: base,
          DATA_DIR: dataDir,
          ...(postgres ? { DATABASE_URL: postgres.url } : {}),
          WORKERS: "0",
          SHUTDOWN_DELAY_SECONDS: "0",
          LOG_LEVEL: "debug",
          E2E_FAULTS: "1",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout!.on("data", (d) => (output += d));
      child.stderr!.on("data", (d) => (output += d));
      const until = Date.now() + 110_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`Le serveur s'est arrêté :\n${output}`);
        if (Date.now() > until) throw new Error(`Le serveur n'a pas démarré :\n${output}`);
        const ready = await request(base, "/readyz").catch(() => undefined);
        if (ready?.status === 200) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      // The site layout and its modules compiled once, before the timed part of the tests.
      await request(base, "/mentions-legales");
    }, 180_000);

    afterAll(async () => {
      if (child && child.exitCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
        await new Promise((r) => child.once("exit", r));
        clearTimeout(timer);
      }
      await postgres?.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    }, 30_000);

    it("answers a cached page before Express with exactly the headers and bytes of the normal path", { timeout: 120_000 }, async () => {
      for (const pagePath of ["/formations", "/une-page-qui-n-existe-pas"]) {
        for (const encoding of ["br, gzip", "gzip", "identity"]) {
          const headers = { "accept-encoding": encoding };
          const first = await request(base, `${pagePath}?e=${encodeURIComponent(encoding)}`, headers);
          const again = await request(base, `${pagePath}?e=${encodeURIComponent(encoding)}`, headers);
          expect(first.headers["x-page-cache"]).toBe("miss");
          expect(again.headers["x-page-cache"]).toBe("hit");
          expect(fromFastPath(first)).toBe(false);
          expect(fromFastPath(again)).toBe(true);
          expect(comparable(again.headers)).toEqual(comparable(first.headers));
          expect(again.status).toBe(first.status);
          expect(again.body.equals(first.body)).toBe(true);
        }
      }
      const page = await request(base, "/formations", { "accept-encoding": "gzip" });
      expect(page.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
      expect(page.headers["x-frame-options"]).toBe("DENY");
      expect(page.headers["cache-control"]).toMatch(/^public, /);
      expect(page.headers["vary"]).toBe("Accept-Encoding");
      expect(page.headers["content-encoding"]).toBe("gzip");
      expect(Number(page.headers["content-length"])).toBe(page.body.length);
      expect(gunzipSync(page.body).toString("utf8")).toContain("<html");
    });

    it("answers 304 to If-None-Match with the normal path's headers", { timeout: 60_000 }, async () => {
      const page = await request(base, "/blog", { "accept-encoding": "gzip" });
      const etag = String(page.headers.etag);
      expect(etag).toMatch(/^W\//);
      const revalidated = await request(base, "/blog", { "accept-encoding": "gzip", "if-none-match": etag });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      expect(fromFastPath(revalidated)).toBe(true);
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers["cache-control"]).toBe(page.headers["cache-control"]);
      expect(revalidated.headers["content-security-policy"]).toBe(page.headers["content-security-policy"]);
      // Another version of the page: the whole page again.
      const changed = await request(base, "/blog", { "accept-encoding": "gzip", "if-none-match": 'W/"autre"' });
      expect(changed.status).toBe(200);
      expect(changed.body.length).toBeGreaterThan(0);
    });

    it("answers HEAD with the GET's headers and no body", { timeout: 60_000 }, async () => {
      const get = await request(base, "/financement", { "accept-encoding": "br" });
      const head = await request(base, "/financement", { "accept-encoding": "br" }, "HEAD");
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(fromFastPath(head)).toBe(true);
      expect(comparable(head.headers)).toEqual(comparable(get.headers));
      expect(Number(head.headers["content-length"])).toBe(get.body.length);
    });

    it("sends the uncompressed page to a client asking an encoding it does not have", { timeout: 60_000 }, async () => {
      const gz = await request(base, "/financement", { "accept-encoding": "gzip" });
      const unknown = await request(base, "/financement", { "accept-encoding": "zstd" });
      expect(unknown.status).toBe(200);
      expect(fromFastPath(unknown)).toBe(true);
      expect(unknown.headers["content-encoding"]).toBeUndefined();
      expect(Number(unknown.headers["content-length"])).toBe(unknown.body.length);
      expect(unknown.body.equals(gunzipSync(gz.body))).toBe(true);
    });

    it("never answers a signed-in visitor from the cache", { timeout: 60_000 }, async () => {
      const { db } = openDb(
        postgres ? { engine: "postgres", url: postgres.url } : { engine: "sqlite", file: path.join(dataDir, "site.db") },
      );
      const email = `origine-${Date.now()}@exemple.fr`;
      try {
        await insertAccount(db, { email, password: "motdepasse-origine-1", role: "viewer" });
      } finally {
        await closeDbHandle(db);
      }
      const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ email, password: "motdepasse-origine-1" }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      expect(cookie).toMatch(/better-auth\.session_token=/);

      await request(base, "/formations"); // in the cache
      const anonymous = await request(base, "/formations");
      expect(anonymous.headers["x-page-cache"]).toBe("hit");
      for (const method of ["GET", "HEAD"]) {
        const signedIn = await request(base, "/formations", { cookie }, method);
        expect(signedIn.status).toBe(200);
        expect(signedIn.headers["x-page-cache"]).toBeUndefined();
        expect(fromFastPath(signedIn)).toBe(false);
        expect(signedIn.headers["cache-control"]).toBe("private, no-store");
      }
    });

    it("renders a cold page once for 50 simultaneous visitors, who all get it", { timeout: 120_000 }, async () => {
      const pagePath = "/blog?vague=1";
      const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => request(base, pagePath, { "accept-encoding": "gzip" }, "GET", agent)),
      );
      agent.destroy();
      const outcomes = answers.map((a) => a.headers["x-page-cache"]);
      expect(outcomes.filter((o) => o === "miss")).toHaveLength(1);
      expect(outcomes.every((o) => o === "miss" || o === "shared" || o === "hit")).toBe(true);
      expect(outcomes.filter((o) => o === "shared").length).toBeGreaterThan(0);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body.equals(answers[0]!.body)).toBe(true);
      }
      // The server's own account: one render of that page.
      const renders = output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { message?: string; path?: string })
        .filter((line) => line.message === "Page rendue pour le cache" && line.path === pagePath);
      expect(renders).toHaveLength(1);
    });

    it("never shows a visitor's chosen request id, and the error page shows the failing request's own", { timeout: 60_000 }, async () => {
      const chosen = "reference-choisie-par-un-visiteur";
      const first = await request(base, "/formations?id=1", { "x-request-id": chosen, "accept-encoding": "identity" });
      expect(first.headers["x-request-id"]).not.toBe(chosen);
      expect(first.body.toString("utf8")).not.toContain(chosen);
      // The stored page carries no request's id: not the one that rendered it.
      const again = await request(base, "/formations?id=1", { "accept-encoding": "identity" });
      expect(again.headers["x-page-cache"]).toBe("hit");
      expect(again.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
      expect(again.body.toString("utf8")).not.toContain(String(first.headers["x-request-id"]));

      const failing = await request(base, "/test?erreur=1", { "x-request-id": chosen, "accept-encoding": "identity" });
      expect(failing.status).toBe(500);
      const id = String(failing.headers["x-request-id"]);
      expect(id).not.toBe(chosen);
      const html = failing.body.toString("utf8");
      expect(html).toContain(`Référence de l&#x27;incident : <!-- -->${id}`);
      expect(html).not.toContain(chosen);
    });

    it("writes the access lines of pages answered from memory, in batches", { timeout: 60_000 }, async () => {
      await request(base, "/mentions-legales");
      const hit = await request(base, "/mentions-legales?ligne=1");
      const again = await request(base, "/mentions-legales?ligne=1");
      expect(fromFastPath(again)).toBe(true);
      const id = String(again.headers["x-request-id"]);
      await new Promise((r) => setTimeout(r, 500));
      const lines = output
        .split("\n")
        .filter((line) => line.includes(id))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ message: "requête", method: "GET", path: "/mentions-legales", status: 200, requestId: id });
      expect(hit.status).toBe(200);
    });
  });
}
