import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { authTestEnvironment } from "../../../tests/support/auth-env";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { ACCOUNT_MAIL_CAPS, pruneAccountMailSends, reserveAccountMail } from "~/platform/auth/account-mail-caps.server";
import { changePublicSignUp, createCredentialUser } from "./users.server";
import { authOnTestDatabase, postToAuth, type TestAuth } from "./test-auth";

/**
 * One address cannot be flooded through the site: every account e-mail (reset, confirmation,
 * attempted sign-up, invitation) counts against 3 per hour and 10 per day per recipient, whatever
 * the client address; beyond, the request answers the same and nothing is sent.
 */
const env = authTestEnvironment({ LOG_LEVEL: "warn" });

describe.each(engines)("account e-mail caps on $name", ({ create }) => {
  let t: TestDatabase;
  let auth: TestAuth;
  beforeAll(async () => {
    ({ t, auth } = await authOnTestDatabase(create));
  });
  afterAll(() => t?.cleanup());

  const call = (path: string, body: unknown, ip: string) => postToAuth(auth, path, body, { "x-client-ip": ip });

  it("sends 3 reset e-mails an hour to one address, from 8 client addresses; sign-up attempts count too; the log has no address", async () => {
    const email = `victime-${t.engine}@example.org`;
    await createCredentialUser({ email, password: "bon-mot-de-passe", displayName: "Victime Ciblée", role: "viewer" }, t.db);
    await changePublicSignUp({ id: "admin", email: "admin@example.org", role: "admin" }, true, t.db);
    const before = env.mailCount();
    const toVictim = () => env.smtp.received.slice(before).filter((m) => m.to.includes(email));
    const warnings: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      warnings.push(String(chunk));
      return true;
    });
    try {
      for (let i = 0; i < 8; i++) {
        const res = await call("/request-password-reset", { email }, `198.51.100.${i + 1}`);
        expect(res.status).toBe(200);
      }
      await expect.poll(() => toVictim().length).toBe(3);
      // « Une inscription a été tentée avec votre adresse »: the same answer, no more mail.
      const signUp = await call("/sign-up/email", { email, password: "autre-mot-de-passe", name: "Intrus" }, "198.51.100.50");
      expect(signUp.status).toBe(200);
      await expect.poll(() => warnings.filter((w) => w.includes("limite par destinataire atteinte")).length).toBe(6);
    } finally {
      spy.mockRestore();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toVictim()).toHaveLength(3);
    expect(toVictim().every((m) => m.subject === "Réinitialisation de votre mot de passe")).toBe(true);
    const capped = warnings.filter((w) => w.includes("limite par destinataire atteinte"));
    expect(capped.join("\n")).toContain('"person":"p-');
    expect(capped.join("\n")).not.toContain(email);
    expect(capped.some((w) => w.includes('"purpose":"existing-account"'))).toBe(true);
  });

  it("allows 10 e-mails a day to one address, spread over the hours, then none until a day has passed", async () => {
    const to = `journee-${t.engine}@example.org`;
    const start = Date.parse("2026-11-20T06:00:00Z");
    const hour = 60 * 60 * 1000;
    const answers: boolean[] = [];
    for (let i = 0; i < 12; i++) answers.push(await reserveAccountMail(to, "reset", { target: t.db, now: start + i * hour }));
    expect(answers).toEqual([...Array<boolean>(10).fill(true), false, false]);
    expect(ACCOUNT_MAIL_CAPS.map((c) => c.max)).toEqual([3, 10]);
    // A day after the first, one slot is free again; housekeeping forgets what is over a day old.
    expect(await reserveAccountMail(to, "reset", { target: t.db, now: start + 24 * hour + 1 })).toBe(true);
    expect(await pruneAccountMailSends(t.db, start + 48 * hour)).toBe(10);
  });
});
