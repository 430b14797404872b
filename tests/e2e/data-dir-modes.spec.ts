import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import sharp from "sharp";
import { openDb } from "~/platform/db/db.server";
import { insertAccount } from "../support/account-rows";
import { startServer, waitReady, type ServerProcess } from "../support/server-process";

/**
 * Everything under DATA_DIR is private to the service user (files 0600, folders 0700), even when
 * the service is started with the usual umask 022: what the server finds at start-up (an older
 * DATA_DIR), the SQLite database and its -wal/-shm, the session secret, an uploaded image, a mail
 * in the local outbox and a backup archive (which holds the session secret and the whole database).
 */
test.describe.configure({ mode: "serial" });

/** Every file or folder under `root` whose permission bits are not the private ones, as « path mode ». */
function notPrivate(root: string): string[] {
  const wrong: string[] = [];
  const walk = (current: string) => {
    const stats = lstatSync(current);
    if (stats.isSymbolicLink()) return;
    const mode = stats.mode & 0o777;
    const wanted = stats.isDirectory() ? 0o700 : 0o600;
    if (mode !== wanted) wrong.push(`${path.relative(root, current) || "."} ${mode.toString(8)}`);
    if (stats.isDirectory()) for (const name of readdirSync(current)) walk(path.join(current, name));
  };
  walk(root);
  return wrong;
}

function filesIn(dir: string, suffix: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(suffix)) : [];
}

test("with umask 022, DATA_DIR stays private: start-up, database, upload, outbox mail and backup", async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-modes-"));
  // A DATA_DIR left by an earlier version, readable by everyone.
  chmodSync(dataDir, 0o755);
  mkdirSync(path.join(dataDir, "uploads", "formations"), { recursive: true });
  mkdirSync(path.join(dataDir, "backups"));
  writeFileSync(path.join(dataDir, "uploads", "formations", "ancienne-960.webp"), "image");
  writeFileSync(path.join(dataDir, "backups", "sauvegarde-2026-01-01T00-00-00Z.tar.gz"), "archive");
  for (const dir of ["uploads", "uploads/formations", "backups"]) chmodSync(path.join(dataDir, dir), 0o755);
  for (const file of ["uploads/formations/ancienne-960.webp", "backups/sauvegarde-2026-01-01T00-00-00Z.tar.gz"])
    chmodSync(path.join(dataDir, file), 0o644);
  expect(notPrivate(dataDir).length).toBe(6);

  const env = { DATA_DIR: dataDir, SEED_DEMO: "0", SHUTDOWN_DELAY_SECONDS: "0", LEAD_MIN_FILL_SECONDS: "0" };
  // The children inherit this process's umask: the usual 022 of a service started by hand.
  const previousUmask = process.umask(0o022);
  let server: ServerProcess | undefined;
  try {
    server = await startServer(env);
    await waitReady(server);
    expect(existsSync(path.join(dataDir, "site.db"))).toBe(true);
    expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(true);
    expect(notPrivate(dataDir)).toEqual([]);

    // An editor uploads an image (local storage driver).
    const sqlite = openDb({ engine: "sqlite", file: path.join(dataDir, "site.db") });
    const account = await insertAccount(sqlite.db, { email: "droits@exemple.test", password: "motdepasse-droits-1", role: "admin" });
    await sqlite.db.destroy();
    const api = await playwrightRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { origin: server.url } });
    const signIn = await api.post("/api/auth/sign-in/email", { data: { email: account.email, password: account.password } });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 80, b: 160 } } })
      .png()
      .toBuffer();
    const upload = await api.post("/admin/televersement-image", {
      multipart: { file: { name: "photo.png", mimeType: "image/png", buffer: png } },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    expect(readdirSync(path.join(dataDir, "uploads", "formations")).length).toBeGreaterThan(1);

    // A mail goes to the local outbox (no SMTP_URL): a password reset asked for the account.
    const reset = await api.post("/api/auth/request-password-reset", { data: { email: account.email } });
    expect(reset.status()).toBe(200);
    await expect.poll(() => filesIn(path.join(dataDir, "outbox"), ".eml").length, { timeout: 30_000 }).toBeGreaterThan(0);
    await api.dispose();

    // A backup taken by `npm run backup`, as an operator would.
    const backup = spawnSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/backup.ts"], {
      env: { ...process.env, NODE_ENV: "production", SITE_URL: server.url, LOG_LEVEL: "warn", ...env },
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(backup.status, backup.stderr + backup.stdout).toBe(0);
    expect(filesIn(path.join(dataDir, "backups"), ".tar.gz").length).toBe(2);

    expect(notPrivate(dataDir)).toEqual([]);
  } finally {
    process.umask(previousUmask);
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
