import type { Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../tests/support/ports";
import { pageCsp, securityHeaders } from "./security-headers";

/** HSTS only for a site served over https (finding: no HSTS even with an https SITE_URL behind a proxy). */
describe("Strict-Transport-Security", () => {
  let server: Server | undefined;

  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  async function answerOf(https: boolean): Promise<Response> {
    const app = express();
    app.use(securityHeaders({ https }));
    app.get("/", (_req, res) => void res.send("ok"));
    const port = await freePort();
    await new Promise<void>((resolve) => (server = app.listen(port, "127.0.0.1", () => resolve())));
    return fetch(`http://127.0.0.1:${port}/`);
  }

  it("is sent when the site is https", async () => {
    const res = await answerOf(true);
    expect(res.status).toBe(200);
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("is not sent when the site is plain http", async () => {
    const res = await answerOf(false);
    expect(res.status).toBe(200);
    expect(res.headers.get("strict-transport-security")).toBeNull();
    // The other headers are sent either way.
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("page Content-Security-Policy", () => {
  it("upgrades insecure requests on an https site only", () => {
    expect(pageCsp(["sha256-abc="], { https: true }).split("; ")).toContain("upgrade-insecure-requests");
    expect(pageCsp(["sha256-abc="], { https: false })).not.toContain("upgrade-insecure-requests");
  });
});
