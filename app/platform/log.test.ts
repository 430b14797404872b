import { afterEach, describe, expect, it, vi } from "vitest";
import { accessLog, accessLogBatched, flushAccessLog, redactSecrets } from "./log.server";

/** Signed links give access to whoever holds them: their secrets never reach the logs. */
describe("secrets of signed links in the logs", () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ["/inscription/gerer/01J9ZK3M.f3a9c0d1e2", "/inscription/gerer/[masqué]"],
    ["/inscription/gerer/01J9ZK3M.f3a9c0d1e2.data", "/inscription/gerer/[masqué]"],
    ["/inscription/offre/01J9ZK3M.abcdef", "/inscription/offre/[masqué]"],
    ["/documents/Zm9vYmFy.c2lnbmF0dXJl", "/documents/[masqué]"],
    ["/espace/connexion/F1adXelRhZqpOsGWJSUG5cScGbfVX4a4MoZ2GkbcLOI", "/espace/connexion/[masqué]"],
    ["/api/auth/reset-password/abcDEF123?callbackURL=%2Flogin", "/api/auth/reset-password/[masqué]?callbackURL=%2Flogin"],
    ["/invitation?token=secret-invitation", "/invitation?token=[masqué]"],
    ["/login/confirmation?token=abc&x=1", "/login/confirmation?token=[masqué]&x=1"],
    ["/api/auth/verify-email?token=jwt.jwt.jwt&callbackURL=%2F", "/api/auth/verify-email?token=[masqué]&callbackURL=%2F"],
    // The whole URL of a server error's log line.
    ["http://formavia.test/inscription/gerer/REG.sig.data?_routes=root", "http://formavia.test/inscription/gerer/[masqué]?_routes=root"],
    ["https://formavia.test/invitation?token=abc", "https://formavia.test/invitation?token=[masqué]"],
  ])("%s is written %s", (address, written) => {
    expect(redactSecrets(address)).toBe(written);
  });

  it("leaves every other address as it is", () => {
    for (const address of ["/formations/excel", "/admin/documents/12/pdf", "/documents", "/admin/formations?q=token"]) {
      expect(redactSecrets(address)).toBe(address);
    }
  });

  it("the access lines (written at once or in batches) carry no token", () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    accessLog({ method: "GET", path: "/inscription/gerer/REG123.secretsignature", status: 200, ms: 3, requestId: "r1" });
    accessLogBatched({ method: "GET", path: "/documents/DOCTOKEN.secretsignature", status: 200, ms: 1, requestId: "r2" });
    flushAccessLog();
    const text = written.join("");
    expect(text).not.toContain("secretsignature");
    expect(text).toContain('"path":"/inscription/gerer/[masqué]"');
    expect(text).toContain('"path":"/documents/[masqué]"');
  });
});
