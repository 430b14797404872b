import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { setPublicSignUp as savePublicSignUp } from "~/platform/auth/public-sign-up.server";
import { openDb, type Db } from "~/platform/db/db.server";
import { insertAccount } from "../../support/account-rows";

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

let database: Db | undefined;

/** The e2e server's own SQLite file (migrated by the server before the first test runs). */
export function serverDb(): Db {
  database ??= openDb({ engine: "sqlite", file: path.join(e2eDataDir(), "site.db") }).db;
  return database;
}

/** The latest mail of `purpose` queued for `to` since `after` (an ISO time), from the server's database. */
export async function latestMail(to: string, purpose: string, after: string) {
  return serverDb()
    .selectFrom("mail_queue")
    .select(["subject", "text_body"])
    .where("to_address", "=", to)
    .where("purpose", "=", purpose)
    .where("created_at", ">", after)
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();
}

/** Gives an existing account a role, directly in the server's database. */
export async function promote(email: string, role: "admin" | "editor" | "viewer") {
  await serverDb()
    .updateTable("users")
    .set({ role, updated_at: new Date().toISOString() })
    .where("email", "=", email.toLowerCase())
    .execute();
}

/**
 * An account with a role and a confirmed address, written straight into the server's database
 * (the same rows as a sign-up, the password hashed by Better Auth's own hasher), ready to sign in.
 * No process is spawned and no sign-up endpoint is involved.
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
  await insertAccount(serverDb(), { email, password, role, name });
  return { email, password };
}

/**
 * Opens the signed-in visitor's menu. The menu is loaded on its own (only signed-in visitors
 * download it): wait until its code has taken over the button (`data-ready`), or the click would be lost.
 */
export async function openUserMenu(page: Page) {
  await page.locator('[data-testid="user-menu-button"][data-ready="true"]').waitFor();
  await page.getByTestId("user-menu-button").click();
}

/** Opens or closes public sign-up (the admin's setting), directly in the server's database. */
export function setPublicSignUp(open: boolean) {
  return savePublicSignUp(open, serverDb());
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

/** The invitation link of an invitation e-mail. */
export function invitationLink(mail: string): string {
  const link = /(http:\/\/[^\s"<>]+\/invitation\?token=[A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(link, "lien d'invitation").toBeTruthy();
  return link!;
}

/** Invites a staff member from /admin/utilisateurs (the admin's page is open there). */
export async function invite(page: Page, { email, name, role }: { email: string; name: string; role: "editor" | "admin" }) {
  const form = page.getByRole("region", { name: "Inviter un membre de l'équipe" });
  await form.getByLabel("Adresse e-mail").fill(email);
  await form.getByLabel("Nom affiché").fill(name);
  await form.getByLabel("Rôle").selectOption(role);
  await form.getByRole("button", { name: "Envoyer l'invitation", exact: true }).click();
  await expect(
    page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Invitation envoyée" })
      .filter({ hasText: `Une invitation a été envoyée à ${email}.` }),
  ).toBeVisible();
}
