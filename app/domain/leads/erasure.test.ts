import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accountAuthHooks, createCredentialUser } from "~/domain/accounts/users.server";
import { createAuth } from "~/platform/auth/auth.server";
import { loadConfig, setConfig } from "~/platform/config.server";
import { closeDbHandle, migrate, openDb, type Db } from "~/platform/db/db.server";
import { deleteLead, submitLead } from "./leads.server";
import { processMailQueue } from "~/platform/email/queue.server";
import { issueFormToken } from "~/platform/intake/guard.server";

/**
 * Right to erasure reaches every copy the site controls: after a lead and an account are erased,
 * their e-mail, phone and name are nowhere in the data directory's files (database, write-ahead
 * log, outbox), byte by byte, nor in the server's log.
 */
const SITE = "http://localhost:3000";
const LEAD = { name: "Philippine Zylberstein", email: "philippine.zylberstein@rgpd-exemple.test", phone: "07 98 76 54 32" };
const ACCOUNT = { name: "Gontran Wexfordiaz", email: "gontran.wexfordiaz@rgpd-exemple.test" };

let dataDir: string;
let target: Db;
const logged: string[] = [];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const file = path.join(dir, f);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/** Each needle found in a file of the data directory (raw bytes, case-insensitive) or in the log. */
function tracesOf(needles: string[]): string[] {
  const found: string[] = [];
  for (const file of filesUnder(dataDir)) {
    const bytes = readFileSync(file).toString("latin1").toLowerCase();
    for (const needle of needles) if (bytes.includes(needle.toLowerCase())) found.push(`${path.relative(dataDir, file)}: ${needle}`);
  }
  const log = logged.join("").toLowerCase();
  for (const needle of needles) if (log.includes(needle.toLowerCase())) found.push(`journal: ${needle}`);
  return found;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "erasure-test-"));
  setConfig(
    loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      AUTH_SECRET: "secret-de-test-pour-l-effacement-0123456789",
      SITE_URL: SITE,
      MAIL_FROM: "Formavia <no-reply@formavia.test>",
      STAFF_EMAIL: "equipe@formavia.test",
      LOG_LEVEL: "info",
    }),
  );
  target = openDb({ engine: "sqlite", file: path.join(dataDir, "site.db") }).db;
  await migrate(target);
});

afterAll(async () => {
  await closeDbHandle(target);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("right to erasure on SQLite with the local outbox", () => {
  it("leaves no e-mail, phone or name of an erased lead and account in the data directory or the log", async () => {
    const capture = (chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    };
    const out = vi.spyOn(process.stdout, "write").mockImplementation(capture);
    const err = vi.spyOn(process.stderr, "write").mockImplementation(capture);
    try {
      const form = new FormData();
      const values: Record<string, string> = {
        jeton: issueFormToken("contact", Date.now() - 10_000),
        website: "",
        nom: LEAD.name,
        email: LEAD.email,
        telephone: LEAD.phone,
        sujet: "financement",
        message: "Bonjour, mon CPF peut-il financer une formation de management ?",
        consentement: "on",
      };
      for (const [k, v] of Object.entries(values)) form.append(k, v);
      const lead = await submitLead("contact", form, { ip: "192.0.2.10", target });
      expect(lead.ok).toBe(true);
      if (!lead.ok) return;
      expect(await processMailQueue({ target })).toMatchObject({ sent: 2 });

      const auth = createAuth({ db: target, engine: "sqlite" }, accountAuthHooks);
      await createCredentialUser(
        { email: ACCOUNT.email, password: "mot-de-passe-long", displayName: ACCOUNT.name, role: "viewer" },
        target,
      );
      const post = (p: string, body: unknown, cookie?: string) =>
        auth.handler(
          new Request(`${SITE}/api/auth${p}`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: SITE, "x-client-ip": "192.0.2.11", ...(cookie ? { cookie } : {}) },
            body: JSON.stringify(body),
          }),
        );
      expect((await post("/request-password-reset", { email: ACCOUNT.email })).status).toBe(200);
      const signIn = await post("/sign-in/email", { email: ACCOUNT.email, password: "mot-de-passe-long" });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .find((c) => c.includes("session_token="))!
        .split(";")[0]!;

      // The copies exist before the erasure (the search can see them).
      const stored = await target.selectFrom("leads").select("phone").where("id", "=", lead.leadId).executeTakeFirstOrThrow();
      const needles = [LEAD.email, stored.phone, LEAD.name, ACCOUNT.email, ACCOUNT.name];
      await expect.poll(() => filesUnder(path.join(dataDir, "outbox")).length).toBe(3);
      expect(tracesOf(needles).length).toBeGreaterThan(0);

      expect(await deleteLead("contact", lead.leadId, { id: "u-admin", email: "admin@formavia.test", role: "admin" }, target)).toBe(
        lead.reference,
      );
      expect((await post("/delete-user", { password: "mot-de-passe-long" }, cookie)).status).toBe(200);
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    const stored = LEAD.phone.replace(/\s/g, "");
    expect(tracesOf([LEAD.email, LEAD.phone, stored, LEAD.name, ACCOUNT.email, ACCOUNT.name])).toEqual([]);
    // The staff's own mails about other matters stay.
    expect(logged.join("")).toContain("Demande enregistrée");
  });
});
