import { createHash } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { NETWORK_ERROR } from "~/platform/auth/client";
import { IMPORT_MAX_REQUEST_BYTES } from "~/domain/catalogue-import/limits";
import { closeDbHandle, openDb } from "~/platform/db/db.server";
import { insertAccount } from "../support/account-rows";
import { PASSWORD, e2eDataDir, signInApi, testClientIp, uniqueEmail, waitForMail } from "./support/accounts";
import { CONTENT_SCREENS } from "./support/crawl";
import { hydrated } from "./support/hydration";

/** Security headers, request size limits, prototype keys refused everywhere (no page raises a CSP violation: the page pass, tests/e2e/page-pass.spec.ts). */

async function staffAccount(role: "admin" | "editor") {
  const { db } = openDb({ engine: "sqlite", file: path.join(e2eDataDir(), "site.db") });
  try {
    return await insertAccount(db, { email: uniqueEmail(`secu-${role}`), password: PASSWORD, role });
  } finally {
    await closeDbHandle(db);
  }
}

function expectCommonHeaders(headers: Record<string, string>) {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
}

test.describe("security headers", () => {
  test("on a public page, an admin page, an API response and a 404", async ({ request, playwright, baseURL }) => {
    const page = await request.get("/formations");
    expectCommonHeaders(page.headers());
    const csp = page.headers()["content-security-policy"]!;
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
    expect(csp.split(";").find((d) => d.trim().startsWith("script-src"))).not.toContain("unsafe");

    const missing = await request.get("/cette-page-n-existe-pas");
    expect(missing.status()).toBe(404);
    expectCommonHeaders(missing.headers());

    const api = await request.get("/api/auth/get-session");
    expectCommonHeaders(api.headers());
    expect(api.headers()["content-security-policy"]).toContain("default-src 'none'");

    const admin = await staffAccount("admin");
    const context = await playwright.request.newContext({ baseURL });
    try {
      await signInApi(context, baseURL!, admin.email);
      const adminPage = await context.get("/admin");
      expect(adminPage.status()).toBe(200);
      expectCommonHeaders(adminPage.headers());
      expect(adminPage.headers()["cache-control"]).toBe("private, no-store");
    } finally {
      await context.dispose();
    }
    // HSTS is for https sites only (this test server is http).
    expect(page.headers()["strict-transport-security"]).toBeUndefined();
  });

  test("a page served from the public page cache carries the hashes of its own inline scripts, never 'unsafe-inline'", async ({
    playwright,
    baseURL,
  }) => {
    // A visitor with no cookie at all: the page is shared through the cache.
    const visitor = await playwright.request.newContext({ baseURL });
    try {
      let response = await visitor.get("/formations");
      for (let attempt = 0; attempt < 5 && response.headers()["x-page-cache"] !== "hit"; attempt++)
        response = await visitor.get("/formations");
      expect(response.status()).toBe(200);
      expect(response.headers()["x-page-cache"]).toBe("hit");

      const html = await response.text();
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter((m) => !/\bsrc\s*=/i.test(m[1] ?? ""));
      // The theme script and the hydration data at least.
      expect(inline.length).toBeGreaterThanOrEqual(2);
      const csp = response.headers()["content-security-policy"] ?? "";
      const scriptSrc = csp
        .split(";")
        .map((d) => d.trim())
        .find((d) => d.startsWith("script-src "));
      expect(scriptSrc).toBeDefined();
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("nonce-");
      for (const [, , content] of inline) {
        const hash = `'sha256-${createHash("sha256")
          .update(content ?? "", "utf8")
          .digest("base64")}'`;
        expect(scriptSrc!.split(" "), (content ?? "").slice(0, 80)).toContain(hash);
      }
    } finally {
      await visitor.dispose();
    }
  });

  test("security.txt tells where to report a vulnerability", async ({ request, baseURL }) => {
    const response = await request.get("/.well-known/security.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/plain");
    const body = await response.text();
    expect(body).toMatch(/^Contact: mailto:\S+@\S+$/m);
    expect(body).toContain(`Canonical: ${baseURL}/.well-known/security.txt`);
    const expires = /^Expires: (\S+)$/m.exec(body)?.[1];
    expect(Date.parse(expires!)).toBeGreaterThan(Date.now() + 300 * 24 * 3600 * 1000);
  });
});

/**
 * A POST whose body is sent in chunks (no Content-Length), as a browser or script that streams
 * would send it; it stops sending once the server has answered. `head` and `tail` frame the
 * repeated `chunk` (a multipart part, for example).
 */
function streamBody(
  url: string,
  options: { total: number; contentType: string; chunk: string | Buffer; head?: string; tail?: string; cookie?: string },
): Promise<{ status: number; body: string; sentWhenAnswered: number }> {
  const { total, contentType, chunk, head = "", tail = "", cookie } = options;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(
      url,
      {
        method: "POST",
        headers: {
          "content-type": contentType,
          "transfer-encoding": "chunked",
          origin: new URL(url).origin,
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        answered = true;
        const sentWhenAnswered = sent;
        request.end();
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, sentWhenAnswered }));
      },
    );
    // The server reads and drops the rest of a refused body (64 MB or 10 s at most): the client
    // gets the answer, not a reset.
    request.on("error", reject);
    if (head) {
      request.write(head);
      sent += head.length;
    }
    // One chunk per turn of the event loop, so that an answer is seen as soon as it arrives, even
    // by a client starved of CPU (a loop that writes on while the socket takes it would not look).
    const write = () => {
      if (answered) return;
      if (sent >= total) return void request.end(tail);
      sent += chunk.length;
      if (request.write(chunk)) setImmediate(write);
      else request.once("drain", write);
    };
    write();
  });
}

test.describe("request size limits", () => {
  test("a public form refuses more than 64 KB, declared or streamed, before reading it all", async ({ request, baseURL }) => {
    const big = await request.post("/devis", { form: { message: "x".repeat(70 * 1024) }, headers: { origin: baseURL! } });
    expect(big.status()).toBe(413);
    expect(await big.text()).toContain("64 Ko");
    const streamed = await streamBody(`${baseURL}/contact`, {
      total: 5 * 1024 * 1024,
      contentType: "application/x-www-form-urlencoded",
      chunk: "message=" + "x".repeat(16 * 1024),
    });
    expect(streamed.status).toBe(413);
    expect(streamed.body).toContain("64 Ko");
    // The site still answers.
    expect((await request.get("/healthz")).status()).toBe(200);
  });

  test("a streamed import over the one-file route's limit is refused in French before it is all sent", async ({ playwright, baseURL }) => {
    const admin = await staffAccount("admin");
    const context = await playwright.request.newContext({ baseURL });
    let cookie: string;
    try {
      await signInApi(context, baseURL!, admin.email);
      cookie = (await context.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    } finally {
      await context.dispose();
    }
    // More than twice the route's limit: a server that read it all before refusing would answer only at the end.
    const total = 160 * 1024 * 1024;
    expect(total).toBeGreaterThan(2 * IMPORT_MAX_REQUEST_BYTES);
    const boundary = "----e2e-flux";
    const answer = await streamBody(`${baseURL}/admin/formations/import?etape=televersement`, {
      total,
      contentType: `multipart/form-data; boundary=${boundary}`,
      head: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="enorme.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      chunk: Buffer.alloc(256 * 1024, 0x41),
      tail: `\r\n--${boundary}--\r\n`,
      cookie,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("Le fichier dépasse 20 Mo");
    expect(answer.sentWhenAnswered).toBeGreaterThan(IMPORT_MAX_REQUEST_BYTES);
    expect(answer.sentWhenAnswered).toBeLessThan(total);
  });

  test("sign-in refuses more than 16 KB", async ({ request, baseURL }) => {
    const res = await request.post("/api/auth/sign-in/email", {
      data: { email: "a@b.fr", password: "x".repeat(20 * 1024) },
      headers: { origin: baseURL!, "x-forwarded-for": testClientIp() },
    });
    expect(res.status()).toBe(413);
  });
});

test.describe("prototype keys", () => {
  const hostile = {
    "__proto__.polluted": "oui",
    "constructor.prototype.polluted": "oui",
    "prototype.polluted": "oui",
    "__proto__.toString": "x",
    "__proto__.zzmarker": "opco-atlas",
    "a.__proto__.polluted": "oui",
  };

  test("posted to every admin and public action, they change nothing: sign-in, mail and /devis still behave", async ({
    playwright,
    baseURL,
    request,
  }) => {
    const admin = await staffAccount("admin");
    const staff = await playwright.request.newContext({ baseURL });
    await signInApi(staff, baseURL!, admin.email);
    const slug = /href="\/formations\/(?!ville\/)([a-z0-9-]+)"/.exec(await (await request.get("/formations")).text())?.[1];
    try {
      const adminActions = [
        "/admin/utilisateurs",
        "/admin/parametres",
        "/admin/financement",
        ...CONTENT_SCREENS,
        "/admin/apercu-markdown",
        "/admin/televersement-image",
      ];
      for (const intent of ["create", "update", "save", "delete", "publish"]) {
        for (const url of adminActions) {
          const res = await staff.post(url, { form: { intent, ...hostile }, headers: { origin: baseURL! } });
          expect(res.status(), url).toBeLessThan(500);
        }
      }
      for (const url of ["/devis", "/contact", "/login", "/api/page-view", "/simulateur-opco"]) {
        const res = await request.post(url, { form: { intent: "connexion", ...hostile }, headers: { origin: baseURL! } });
        expect(res.status(), url).toBeLessThan(500);
      }
      const json = await request.post("/api/auth/sign-in/email", {
        data: JSON.parse(
          '{"email":"x@y.fr","password":"abcdef","__proto__":{"polluted":"oui"},"constructor":{"prototype":{"polluted":"oui"}}}',
        ),
        headers: { origin: baseURL!, "x-forwarded-for": testClientIp() },
      });
      expect(json.status()).toBeLessThan(500);

      // Everything still behaves.
      expect((await request.get("/readyz")).status()).toBe(200);
      const visitor = await playwright.request.newContext({ baseURL });
      await signInApi(visitor, baseURL!, admin.email);
      const session = await (await visitor.get("/api/auth/get-session")).json();
      expect(session.user.email).toBe(admin.email);
      await visitor.dispose();
      const devis = await (await request.get("/devis?financement=zzmarker")).text();
      expect(devis).not.toMatch(/<option[^>]*value="opco-atlas"[^>]*selected/);
      const started = Date.now();
      const email = uniqueEmail("apres-pollution");
      const { token } = await (await request.get("/api/jeton-formulaire?formulaire=contact")).json();
      const sent = await request.post("/contact", {
        form: {
          jeton: token,
          nom: "Paul Prototype",
          email,
          sujet: "formation",
          message: "Le site fonctionne-t-il encore ?",
          consentement: "on",
        },
        headers: { origin: baseURL!, "x-forwarded-for": testClientIp() },
      });
      expect(sent.status(), await sent.text()).toBeLessThan(400);
      if (slug) expect((await request.get(`/formations/${slug}`)).status()).toBe(200);
      await waitForMail(email, { after: started, timeout: 15_000 });
    } finally {
      await staff.dispose();
    }
  });
});

test.describe("sign-in with JavaScript, when the network fails", () => {
  test("the sign-in request cannot reach the server: « Erreur de connexion » with the network message, the address kept", async ({
    page,
  }) => {
    const email = uniqueEmail("reseau-coupe");
    let attempts = 0;
    await page.route("**/api/auth/sign-in/email", (route) => {
      attempts++;
      return route.abort("failed");
    });
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();

    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Erreur de connexion" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(NETWORK_ERROR);
    await expect(toast).toHaveAttribute("data-type", "error");
    expect(attempts).toBe(1);
    // Still on the form, with what was typed, and ready for another try (not stuck on « Connexion… »).
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue(email);
    await expect(page.getByRole("button", { name: "Se connecter" })).toBeEnabled();
  });
});
