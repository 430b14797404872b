import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { loadConfig, setConfig } from "~/platform/config.server";
import { TestSmtpServer, type ReceivedMail } from "./smtp";

/** The site address the authentication tests use (its origin is the trusted one). */
export const TEST_SITE = "http://localhost:3000";

/**
 * The configuration of the accounts tests: a temporary DATA_DIR, a fixed secret, and a real SMTP
 * server that keeps what the site sends. `mailTo` waits for the latest message to an address.
 */
export function authTestEnvironment(extra: Record<string, string> = {}) {
  const smtp = new TestSmtpServer();
  let dataDir = "";
  beforeAll(async () => {
    await smtp.start();
    dataDir = mkdtempSync(path.join(tmpdir(), "accounts-test-"));
    setConfig(
      loadConfig({
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        AUTH_SECRET: "secret-de-test-pour-les-comptes-0123456789",
        SITE_URL: TEST_SITE,
        SMTP_URL: smtp.url,
        LOG_LEVEL: "error",
        ...extra,
      }),
    );
  });
  afterAll(async () => {
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function mailTo(address: string, { after = 0, timeout = 5_000 } = {}): Promise<ReceivedMail> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const found = smtp.received.slice(after).findLast((m) => m.to.includes(address.toLowerCase()));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`Aucun e-mail pour ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  return { smtp, mailTo, mailCount: () => smtp.received.length };
}

/** The first link to `pathname` in a mail (with its token). */
export function linkIn(mail: ReceivedMail, pathname: string): URL {
  const match = new RegExp(`https?://[^\\s"<>]+${pathname.replace(/\//g, "\\/")}\\?token=[A-Za-z0-9._~%-]+`).exec(mail.body);
  if (!match) throw new Error(`Pas de lien ${pathname} dans l'e-mail « ${mail.subject} »`);
  return new URL(match[0]);
}
