import { beforeEach, describe, expect, it } from "vitest";
import { loadConfig, setConfig } from "../config.server";
import { clearToastCookie, readFlash, readToast, redirectWithToast } from "./flash.server";

function configure(secret: string, siteUrl = "http://localhost:3000") {
  setConfig(
    loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/flash-test-unused", AUTH_SECRET: secret, SITE_URL: siteUrl, LOG_LEVEL: "error" }),
  );
}

/** The request of the next page, with the cookie a response set. */
function nextRequest(response: Response): Request {
  const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
  return new Request("http://localhost:3000/admin", { headers: { cookie } });
}

describe("flash cookie (React Router's cookie session, signed with the auth secret)", () => {
  beforeEach(() => configure("secret-flash-de-test-0123456789abcdef"));

  it("carries a toast and values to the next page, HttpOnly, SameSite=Lax, one minute", async () => {
    const response = await redirectWithToast(
      "/admin/devis",
      { kind: "success", title: "Demande supprimée", description: "D-2026-0001 : données effacées." },
      { data: { deleted: "D-2026-0001" } },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/devis");
    const setCookie = response.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^flash=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=60/);
    expect(setCookie).not.toMatch(/Secure/);
    const flash = await readFlash(nextRequest(response));
    expect(flash).toMatchObject({
      toast: { kind: "success", title: "Demande supprimée", description: "D-2026-0001 : données effacées." },
      data: { deleted: "D-2026-0001" },
    });
    expect(flash!.toast.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("is Secure on an https site", async () => {
    configure("secret-flash-de-test-0123456789abcdef", "https://formation.example");
    const response = await redirectWithToast("/", { kind: "info", title: "Bonjour" });
    expect(response.headers.get("set-cookie")).toMatch(/Secure/);
  });

  it("ignores a cookie whose value was changed, or signed with another secret", async () => {
    const response = await redirectWithToast("/", { kind: "success", title: "Enregistré" });
    const request = nextRequest(response);
    const cookie = request.headers.get("cookie")!;
    const [value, signature] = cookie.slice("flash=".length).split(".");
    const forged = Buffer.from(JSON.stringify({ __flash_toast__: { id: "x", kind: "error", title: "Faux" } })).toString("base64");
    expect(await readToast(new Request("http://localhost/", { headers: { cookie: `flash=${forged}.${signature}` } }))).toBeNull();
    expect(await readToast(new Request("http://localhost/", { headers: { cookie: `flash=${value}` } }))).toBeNull();
    configure("un-autre-secret-0123456789abcdefghij");
    expect(await readToast(request)).toBeNull();
  });

  it("drops reserved keys from the values, and is cleared by an expired cookie", async () => {
    const response = await redirectWithToast(
      "/",
      { kind: "success", title: "Ok" },
      { data: { __proto__: "x", saved: "1" } as Record<string, string> },
    );
    expect((await readFlash(nextRequest(response)))?.data).toEqual({ saved: "1" });
    expect(await clearToastCookie()).toMatch(/^flash=; .*Max-Age=0|^flash=;.*Expires=Thu, 01 Jan 1970/);
    expect(await readToast(new Request("http://localhost/"))).toBeNull();
  });
});
