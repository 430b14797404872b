import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";

const dataDir = mkdtempSync(path.join(tmpdir(), "create-admin-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(args: string[], input?: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "error" };
  delete env.DATABASE_URL;
  const result = spawnSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/create-admin.ts", ...args], {
    input,
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status, out: result.stdout + result.stderr };
}

describe("npm run create-admin", () => {
  it("reads the password from standard input with --password-stdin, never prints it, and the account signs in with it", () => {
    const secret = "Un mot de passe très solide 42";
    const { code, out } = run(["--email", "Direction@Formavia.fr", "--name", "Claire Martin", "--password-stdin"], `${secret}\n`);
    expect(out).toContain("Compte créé : direction@formavia.fr (administrateur)");
    expect(code).toBe(0);
    expect(out).not.toContain(secret);
    const db = new Database(path.join(dataDir, "site.db"), { readonly: true });
    try {
      const user = db.prepare("SELECT id, role, email_verified, display_name FROM users WHERE email = ?").get("direction@formavia.fr") as {
        id: string;
        role: string;
        email_verified: number;
        display_name: string;
      };
      expect(user).toMatchObject({ role: "admin", email_verified: 1, display_name: "Claire Martin" });
      const account = db.prepare("SELECT password FROM accounts WHERE user_id = ?").get(user.id) as { password: string };
      return expect(verifyPassword({ hash: account.password, password: secret })).resolves.toBe(true);
    } finally {
      db.close();
    }
  });

  it("refuses --password, and asks for standard input when there is no terminal", () => {
    const old = run(["--email", "x@formavia.fr", "--password", "en-clair-123"]);
    expect(old.code).toBe(2);
    expect(old.out).toContain("L'option --password n'existe plus");
    const noTerminal = run(["--email", "y@formavia.fr"], "");
    expect(noTerminal.code).toBe(1);
    expect(noTerminal.out).toContain("utilisez --password-stdin");
  });

  it("promotes an existing account without asking for a password", () => {
    const { code, out } = run(["--email", "direction@formavia.fr", "--role", "editor"], "");
    expect(out).toContain("Compte existant : direction@formavia.fr est maintenant éditeur (mot de passe inchangé)");
    expect(code).toBe(0);
  });
});
