import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";

/**
 * Accounts for browser tests. The e2e server runs with NODE_ENV=production (no demo accounts):
 * accounts are created with the create-admin script on the server's own DATA_DIR (E2E_DATA_DIR),
 * and signed in through Better Auth's endpoint.
 */
export function e2eDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR doit être défini (le dossier de données du serveur de test, voir playwright.config.ts).");
  return path.resolve(dir);
}

let counter = 0;
let ipCounter = 0;
/**
 * A client address of its own for an API call: the e2e server trusts X-Forwarded-For
 * (TRUST_PROXY=1, as behind a reverse proxy), so the suite's many sign-ups and sign-ins do not
 * share the per-address rate limits that the accounts tests check on purpose.
 */
export function testClientIp(): string {
  ipCounter++;
  return `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${(ipCounter % 250) + 1}`;
}
/** A fresh address per call, unique across workers and runs. */
export function uniqueEmail(prefix: string): string {
  counter++;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}@example.org`.toLowerCase();
}

export const PASSWORD = "motdepasse-e2e-1";

/** The e2e server's address (same rule as playwright.config.ts). */
export function e2eBaseURL(): string {
  return `http://127.0.0.1:${Number(process.env.E2E_PORT)}`;
}

/** Gives an existing account a role, through `scripts/create-admin.ts` on the server's DATA_DIR. */
export function promote(email: string, role: "admin" | "editor" | "viewer") {
  const tsx = path.resolve("node_modules/tsx/dist/cli.mjs");
  execFileSync(process.execPath, [tsx, "scripts/create-admin.ts", "--email", email, "--password", "inutilise", "--role", role], {
    // Same environment as the server Playwright starts (it inherits this process's variables too).
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: e2eDataDir() },
    stdio: "pipe",
  });
}

/**
 * An account with a role: signed up through the site (the server writes it), then promoted by the
 * create-admin script (one small update, safe next to the running server).
 */
export async function createAccount({
  email,
  password = PASSWORD,
  role,
  name = "Compte de test",
}: {
  email: string;
  password?: string;
  role: "admin" | "editor" | "viewer";
  name?: string;
}) {
  const baseURL = e2eBaseURL();
  const context = await playwrightRequest.newContext({ baseURL });
  try {
    const res = await signUpApi(context, baseURL, { email, password, name });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await context.dispose();
  }
  if (role !== "viewer") promote(email, role);
  return { email, password };
}

/** Signs in through the API; the session cookie lands in the page's browser context. */
export async function signInApi(target: Page | APIRequestContext, baseURL: string, email: string, password = PASSWORD) {
  const request = "request" in target ? target.request : target;
  const res = await request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { origin: baseURL, "x-forwarded-for": testClientIp() },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export async function signUpApi(request: APIRequestContext, baseURL: string, data: Record<string, unknown>) {
  return request.post("/api/auth/sign-up/email", { data, headers: { origin: baseURL, "x-forwarded-for": testClientIp() } });
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? joined.slice(i + 1, i + 3) : "";
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Waits for the latest e-mail to `to` in the server's outbox (DATA_DIR/outbox/*.eml) and returns it decoded. */
export async function waitForMail(to: string, { after = 0, timeout = 10_000 } = {}): Promise<string> {
  const outbox = path.join(e2eDataDir(), "outbox");
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (existsSync(outbox)) {
      const files = readdirSync(outbox)
        .filter((f) => f.endsWith(".eml"))
        .sort()
        .reverse();
      for (const f of files) {
        const raw = readFileSync(path.join(outbox, f), "utf8");
        const decoded = decodeQuotedPrintable(raw);
        if (decoded.toLowerCase().includes(`to: ${to.toLowerCase()}`)) {
          const match = /^Date: (.+)$/m.exec(raw);
          if (!match || Date.parse(match[1]!) >= after - 1000) return decoded;
        }
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Aucun e-mail pour ${to} dans ${outbox}`);
}
