import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { hashPassword } from "better-auth/crypto";
import Database from "better-sqlite3";

/**
 * Accounts for browser tests. The e2e server runs with NODE_ENV=production (no demo accounts):
 * accounts are written straight into the server's own SQLite file (E2E_DATA_DIR/site.db), and
 * signed in through Better Auth's endpoint.
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

let database: Database.Database | undefined;

/** The e2e server's own SQLite file (migrated by the server before the first test runs). */
function serverDb(): Database.Database {
  if (!database) {
    database = new Database(path.join(e2eDataDir(), "site.db"));
    database.pragma("busy_timeout = 5000");
  }
  return database;
}

const hashes = new Map<string, Promise<string>>();

/** Better Auth's own hasher: the server checks these passwords like any other. */
function passwordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** An id like Better Auth's (32 letters and digits). */
function newId(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(randomBytes(32), (b) => alphabet[b % alphabet.length]).join("");
}

/** Gives an existing account a role, directly in the server's database. */
export function promote(email: string, role: "admin" | "editor" | "viewer") {
  serverDb().prepare("UPDATE users SET role = ?, updated_at = ? WHERE email = ?").run(role, new Date().toISOString(), email.toLowerCase());
}

/**
 * An account with a role and a confirmed address, written straight into the server's database
 * (the same rows as a sign-up: users + a credential account holding Better Auth's hash), ready to
 * sign in. No process is spawned and no sign-up endpoint is involved.
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
  const hash = await passwordHash(password);
  const now = new Date().toISOString();
  const id = newId();
  const db = serverDb();
  db.transaction(() => {
    db.prepare(
      `INSERT INTO users (id, display_name, email, email_verified, image, role, permissions, deactivated_at, created_at, updated_at)
       VALUES (?, ?, ?, 1, NULL, ?, NULL, NULL, ?, ?)`,
    ).run(id, name, email.toLowerCase(), role, now, now);
    db.prepare(
      `INSERT INTO accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
       VALUES (?, ?, 'credential', ?, ?, ?, ?)`,
    ).run(newId(), id, id, hash, now, now);
  }).immediate();
  return { email, password };
}

/**
 * Opens the signed-in visitor's menu. The menu is loaded on its own (only signed-in visitors
 * download it): wait until React has taken over its button, or the click would be lost.
 */
export async function openUserMenu(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector('[data-testid="user-menu-button"]');
    return Boolean(button && Object.keys(button).some((key) => key.startsWith("__reactProps")));
  });
  await page.getByTestId("user-menu-button").click();
}

/** Opens or closes public sign-up (the admin's setting), directly in the server's database. */
export function setPublicSignUp(open: boolean) {
  const now = new Date().toISOString();
  serverDb()
    .prepare(
      "INSERT INTO settings (key, value, updated_at) VALUES ('public_sign_up', ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
    )
    .run(JSON.stringify(open), now);
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
