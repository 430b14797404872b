import { getMigrations } from "better-auth/db/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SITE, linkIn, authTestEnvironment } from "../../../tests/support/auth-env";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { listAudit } from "~/domain/audit/audit.server";
import { originRefusal } from "~/platform/auth/guard.server";
import { isPublicSignUpOpen, setPublicSignUp } from "~/platform/auth/public-sign-up.server";
import {
  ADDRESS_FREE_FAILURES,
  FORGET_AFTER_MS,
  PAIR_FREE_FAILURES,
  listLockouts,
  lockDelayMs,
  recordSignInFailure,
  signInLockedFor,
} from "~/platform/auth/sign-in-throttle.server";
import { ensureAccount } from "./bootstrap.server";
import { refusal, valueOf } from "~/platform/validation/errors";
import {
  LAST_ADMIN_MESSAGE,
  changePublicSignUp,
  changeUserRole,
  countUsersByRole,
  createCredentialUser,
  exportUserData,
  findUserByEmail,
  liftSignInLock,
  listUsers,
  purgeInactiveAccounts,
  setUserActive,
} from "./users.server";
import { authOnTestDatabase, postToAuth, sessionCookie, type TestAuth } from "./test-auth";

const INTRANET = "https://intranet.example.org";
const env = authTestEnvironment({ TRUSTED_ORIGINS: INTRANET });

describe.each(engines)("accounts on $name", ({ create }) => {
  let t: TestDatabase;
  let auth: TestAuth;
  beforeAll(async () => {
    ({ t, auth } = await authOnTestDatabase(create));
  });
  afterAll(() => t?.cleanup());

  const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    postToAuth(auth, path, body, { "x-client-ip": "10.0.0.1", ...headers });

  async function get(pathWithQuery: string, headers: Record<string, string> = {}) {
    return auth.handler(new Request(`${TEST_SITE}/api/auth${pathWithQuery}`, { headers: { "x-client-ip": "10.0.0.1", ...headers } }));
  }

  it("our migrations hold every table and column Better Auth needs", async () => {
    const { toBeCreated, toBeAdded } = await getMigrations(auth.options);
    expect(toBeCreated).toEqual([]);
    expect(toBeAdded).toEqual([]);
  });

  it("public sign-up is closed by default: refused in French, nothing written", async () => {
    expect(await isPublicSignUpOpen(t.db)).toBe(false);
    const res = await call("/sign-up/email", { email: "ferme@example.org", password: "secret12", name: "Porte Close" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: "SIGN_UP_CLOSED",
      message: expect.stringMatching(/inscriptions en ligne sont fermées/),
    });
    expect(await findUserByEmail("ferme@example.org", t.db)).toBeNull();
  });

  it("sign-up answers the same for a new and a known address; each mail says what happened; the link signs in", async () => {
    await changePublicSignUp({ id: "admin", email: "admin@example.org", role: "admin" }, true, t.db);
    const before = env.mailCount();
    const toAlice = () => env.smtp.received.slice(before).filter((m) => m.to.includes("alice@example.org"));
    const fresh = await call("/sign-up/email", { email: "Alice@Example.org", password: "secret1", name: "  Alice Martin ", role: "admin" });
    expect(fresh.status).toBe(200);
    // No session: the account waits for its address to be confirmed.
    expect(sessionCookie(fresh)).toBeUndefined();
    expect(await findUserByEmail("alice@example.org", t.db)).toMatchObject({ role: "viewer", displayName: "Alice Martin" });
    await expect.poll(() => toAlice().length).toBe(1);
    expect(toAlice()[0]!.subject).toBe("Confirmez votre adresse e-mail");

    // Not confirmed yet: the right password is answered 403 (and a new link leaves).
    const early = await call("/sign-in/email", { email: "alice@example.org", password: "secret1" }, { "x-client-ip": "10.0.9.1" });
    expect(early.status).toBe(403);
    expect((await early.json()).code).toBe("EMAIL_NOT_VERIFIED");
    await expect.poll(() => toAlice().length).toBe(2);

    const token = linkIn(toAlice()[1]!, "/login/confirmation").searchParams.get("token")!;
    // Better Auth's endpoint is closed: the address is confirmed by the site's screen, after the password step.
    expect((await get(`/verify-email?token=${encodeURIComponent(token)}`)).status).toBe(403);
    const verified = await auth.api.verifyEmail({ query: { token }, headers: new Headers(), asResponse: true });
    expect(verified.status).toBe(200);
    const cookie = sessionCookie(verified)!;
    expect(cookie).toBeTruthy();
    const session = (await (await get("/get-session", { cookie })).json()) as { user: Record<string, unknown> };
    expect(session.user).toMatchObject({ role: "viewer", email: "alice@example.org", emailVerified: true });

    // The same address again: the same answer, nothing changes, and the owner is told.
    const again = await call("/sign-up/email", { email: "alice@example.org", password: "autre-secret", name: "Imposteur" });
    expect(again.status).toBe(200);
    expect(sessionCookie(again)).toBeUndefined();
    const [a, b] = (await Promise.all([fresh.json(), again.json()])) as Array<{ token: unknown; user: Record<string, unknown> }>;
    const shape = (u: Record<string, unknown>) => ({
      ...u,
      id: typeof u.id,
      createdAt: typeof u.createdAt,
      updatedAt: typeof u.updatedAt,
      name: 0,
    });
    expect(shape(b.user)).toEqual(shape(a.user));
    expect(b.token).toBe(a.token);
    await expect.poll(() => toAlice().length).toBe(3);
    expect(toAlice()[2]!.subject).toBe("Une inscription a été tentée avec votre adresse");
    expect(toAlice()[2]!.body).toContain("aucun nouveau compte n'a été créé et votre mot de passe reste inchangé");
    expect((await call("/sign-in/email", { email: "alice@example.org", password: "secret1" }, { "x-client-ip": "10.0.9.2" })).status).toBe(
      200,
    );
    expect(
      (await call("/sign-in/email", { email: "alice@example.org", password: "autre-secret" }, { "x-client-ip": "10.0.9.3" })).status,
    ).toBe(401);
  });

  it("accepts sign-in and admin changes from SITE_URL and TRUSTED_ORIGINS only, and says why otherwise", async () => {
    await createCredentialUser(
      { email: "origine@example.org", password: "secret12", displayName: "Olivier Origine", role: "viewer" },
      t.db,
    );
    const from = (origin: string) =>
      call(
        "/sign-in/email",
        { email: "origine@example.org", password: "secret12" },
        { origin, "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "x-client-ip": "10.0.7.1" },
      );
    expect((await from(TEST_SITE)).status).toBe(200);
    expect((await from(INTRANET)).status).toBe(200);
    const refused = await from("http://192.168.1.10:3000");
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe("INVALID_ORIGIN");

    const post = (headers: Record<string, string>) => new Request(`${TEST_SITE}/admin/utilisateurs`, { method: "POST", headers });
    expect(originRefusal(post({ origin: TEST_SITE }))).toBeUndefined();
    expect(originRefusal(post({ origin: INTRANET }))).toBeUndefined();
    expect(originRefusal(post({ referer: `${INTRANET}/admin` }))).toBeUndefined();
    expect(originRefusal(new Request(`${TEST_SITE}/admin`, { headers: { origin: "https://ailleurs.example" } }))).toBeUndefined();
    for (const headers of [{ origin: "https://ailleurs.example" }, { origin: "null" }, {}] as Record<string, string>[]) {
      expect(originRefusal(post(headers))).toBe(
        `Cette page n'est pas ouverte depuis l'adresse officielle du site (${TEST_SITE})\u00a0: par sécurité, la connexion et les modifications n'y sont pas acceptées. Ouvrez le site à son adresse habituelle, puis recommencez.`,
      );
    }
  });

  it("refuses a password that breaks the policy, with a French message", async () => {
    const res = await call("/sign-up/email", { email: "bob@example.org", password: "abc", name: "Bob Dupont" });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { message: string };
    expect(json.message).toMatch(/au moins 6 caractères/);
    expect(await findUserByEmail("bob@example.org", t.db)).toBeNull();
  });

  it("the display-name rule holds on sign-up and on update-user: blank and 5,000,000 characters refused", async () => {
    for (const name of ["   ", "x", "y".repeat(81)]) {
      const res = await call("/sign-up/email", { email: "nom@example.org", password: "secret12", name });
      expect(res.status, JSON.stringify(name.slice(0, 10))).toBe(400);
      expect((await res.json()).code).toBe("INVALID_NAME");
    }
    const user = await createCredentialUser(
      { email: "profil@example.org", password: "secret12", displayName: "Paul Profil", role: "viewer" },
      t.db,
    );
    const cookie = sessionCookie(await call("/sign-in/email", { email: user.email, password: "secret12" }, { "x-client-ip": "10.0.8.1" }))!;
    for (const name of ["", "  ", "n".repeat(5_000_000)]) {
      const res = await call("/update-user", { name }, { cookie });
      expect(res.status).toBe(400);
      const json = (await res.json()) as { code: string; message: string };
      expect(json.code).toBe("INVALID_NAME");
      expect(json.message).toMatch(/Le nom affiché comporte/);
    }
    expect((await findUserByEmail(user.email, t.db))?.displayName).toBe("Paul Profil");
    const ok = await call("/update-user", { name: "  Paul Nouveau  " }, { cookie });
    expect(ok.status).toBe(200);
    expect((await findUserByEmail(user.email, t.db))?.displayName).toBe("Paul Nouveau");
    expect((await call("/update-user", { image: "data:image/png;base64,AAAA" }, { cookie })).status).toBe(400);
  });

  it("a locked (account, address) pair leaves the account open from another address and through a reset link", async () => {
    await createCredentialUser(
      { email: "carol@example.org", password: "correct-horse", displayName: "Carol Durand", role: "editor" },
      t.db,
    );
    const from = (ip: string, password: string) => call("/sign-in/email", { email: "carol@example.org", password }, { "x-client-ip": ip });
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) expect((await from("10.0.1.1", `faux-${i}`)).status).toBe(401);
    // The attacker's address is locked, even with the right password...
    const locked = await from("10.0.1.1", "correct-horse");
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBe("60");
    expect((await locked.json()).message).toMatch(/Réessayez dans 1 minute, ou choisissez un nouveau mot de passe/);
    // ...the owner, elsewhere, is not.
    expect((await from("10.0.1.2", "correct-horse")).status).toBe(200);
    const lockouts = await listLockouts(t.db);
    expect(lockouts).toEqual([expect.objectContaining({ kind: "pair", email: "carol@example.org", address: "10.0.1.1", failures: 5 })]);

    // The reset link lifts the account's locks, from every address.
    const before = env.mailCount();
    expect((await call("/request-password-reset", { email: "carol@example.org" }, { "x-client-ip": "10.0.1.1" })).status).toBe(200);
    const token = linkIn(await env.mailTo("carol@example.org", { after: before }), "/login").searchParams.get("token")!;
    expect((await call("/reset-password", { token, newPassword: "nouveau-cheval" }, { "x-client-ip": "10.0.1.1" })).status).toBe(200);
    expect(await listLockouts(t.db)).toEqual([]);
    expect((await from("10.0.1.1", "nouveau-cheval")).status).toBe(200);
  });

  it("an address that fails on many accounts is slowed down for every account, and other addresses are not", async () => {
    await createCredentialUser({ email: "dora@example.org", password: "bon-mot-de-passe", displayName: "Dora Roux", role: "viewer" }, t.db);
    for (let i = 1; i < ADDRESS_FREE_FAILURES; i++) await recordSignInFailure(`inconnu-${i}@example.org`, "10.0.2.1", t.db);
    const last = await call("/sign-in/email", { email: "inconnu-0@example.org", password: "x" }, { "x-client-ip": "10.0.2.1" });
    expect(last.status).toBe(401);
    const stuffing = await call(
      "/sign-in/email",
      { email: "dora@example.org", password: "bon-mot-de-passe" },
      { "x-client-ip": "10.0.2.1" },
    );
    expect(stuffing.status).toBe(429);
    const owner = await call("/sign-in/email", { email: "dora@example.org", password: "bon-mot-de-passe" }, { "x-client-ip": "10.0.2.2" });
    expect(owner.status).toBe(200);
    const lock = (await listLockouts(t.db)).find((l) => l.kind === "address" && l.address === "10.0.2.1")!;
    expect(lock).toBeTruthy();
    const admin = { id: "admin", email: "admin@example.org", role: "admin" as const };
    valueOf(await liftSignInLock(admin, lock.key, t.db));
    expect(await liftSignInLock(admin, lock.key, t.db)).toEqual(refusal({ _form: "Ce blocage a déjà pris fin." }));
    const lifted = await call("/sign-in/email", { email: "dora@example.org", password: "bon-mot-de-passe" }, { "x-client-ip": "10.0.2.1" });
    expect(lifted.status).toBe(200);
    const journal = await listAudit(t.db, { page: 1, q: "10.0.2.1" });
    expect(journal.entries.map((e) => e.summary)).toEqual(["Déblocage des connexions de l'adresse 10.0.2.1"]);
  });

  it("delays grow with each failure (1, 3, 9, then 15 minutes) and a quiet hour forgets the count", async () => {
    expect([4, 5, 6, 7, 8, 12].map((n) => lockDelayMs(n, PAIR_FREE_FAILURES) / 60_000)).toEqual([0, 1, 3, 9, 15, 15]);
    const t0 = Date.parse("2026-01-10T10:00:00Z");
    const email = "Window@Example.org";
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) await recordSignInFailure(email, "10.0.3.1", t.db, t0 + i * 1000);
    const last = t0 + (PAIR_FREE_FAILURES - 1) * 1000;
    expect(await signInLockedFor("window@example.org", "10.0.3.1", t.db, last + 1000)).toBe(59);
    expect(await signInLockedFor("window@example.org", "10.0.3.2", t.db, last + 1000)).toBe(0);
    await recordSignInFailure(email, "10.0.3.1", t.db, last + 61_000);
    expect(await signInLockedFor(email, "10.0.3.1", t.db, last + 62_000)).toBe(179);
    // An hour after the last failure, once the lock has passed, counting starts again.
    await recordSignInFailure(email, "10.0.3.1", t.db, last + 61_000 + FORGET_AFTER_MS + 1);
    const row = await t.db
      .selectFrom("sign_in_throttles")
      .selectAll()
      .where("key", "=", "pair:window@example.org 10.0.3.1")
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(1);
    expect(await signInLockedFor(email, "10.0.3.1", t.db, last + 62_000 + FORGET_AFTER_MS)).toBe(0);
  });

  it("creates or promotes an admin (address confirmed), and keeps the last active admin", async () => {
    const first = await ensureAccount({ email: "root@example.org", password: "admin-pass", role: "admin" }, t.db);
    expect(first.created).toBe(true);
    expect(first.user.role).toBe("admin");
    expect(
      (await call("/sign-in/email", { email: "root@example.org", password: "admin-pass" }, { "x-client-ip": "10.0.4.1" })).status,
    ).toBe(200);
    const again = await ensureAccount({ email: "root@example.org", role: "admin" }, t.db);
    expect(again.created).toBe(false);
    await expect(ensureAccount({ email: "sans-mot@example.org", role: "admin" }, t.db)).rejects.toThrow(/Il faut un mot de passe/);

    const admin = { id: first.user.id, email: first.user.email, role: "admin" as const };
    expect(await changeUserRole(admin, first.user.id, "editor", t.db)).toEqual(refusal({ _form: LAST_ADMIN_MESSAGE }));
    expect(await setUserActive(admin, first.user.id, false, t.db)).toEqual(
      refusal({ _form: "Vous ne pouvez pas désactiver votre propre compte." }),
    );

    const alice = (await findUserByEmail("alice@example.org", t.db))!;
    const promoted = valueOf(await changeUserRole(admin, alice.id, "admin", t.db));
    expect(promoted.role).toBe("admin");
    // Now two admins: one may step down.
    const stepped = valueOf(await changeUserRole(admin, first.user.id, "editor", t.db));
    expect(stepped.role).toBe("editor");
    const counts = await countUsersByRole(t.db);
    expect(counts.admin).toBe(1);
    expect(await setUserActive({ ...admin, id: "someone-else" }, alice.id, false, t.db)).toEqual(refusal({ _form: LAST_ADMIN_MESSAGE }));

    const journal = await listAudit(t.db, { page: 1 });
    expect(journal.entries.some((e) => e.action === "role" && e.entityId === alice.id)).toBe(true);
    const filtered = await listAudit(t.db, { page: 1, q: "alice@" });
    expect(filtered.entries.every((e) => e.summary.includes("alice@"))).toBe(true);
  });

  it("a deactivated account cannot sign in, and its sessions are closed", async () => {
    const carol = (await findUserByEmail("carol@example.org", t.db))!;
    const alice = (await findUserByEmail("alice@example.org", t.db))!;
    const actor = { id: alice.id, email: alice.email, role: "admin" as const };
    valueOf(await setUserActive(actor, carol.id, false, t.db));
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", carol.id).execute()).toEqual([]);
    const res = await call("/sign-in/email", { email: "carol@example.org", password: "nouveau-cheval" }, { "x-client-ip": "10.0.3.1" });
    expect(res.status).toBe(403);
    valueOf(await setUserActive(actor, carol.id, true, t.db));
    const back = await call("/sign-in/email", { email: "carol@example.org", password: "nouveau-cheval" }, { "x-client-ip": "10.0.3.2" });
    expect(back.status).toBe(200);
  });

  it("lists, searches and exports users without secrets", async () => {
    const list = await listUsers({ q: "CAROL" }, t.db);
    expect(list.users.map((u) => u.email)).toEqual(["carol@example.org"]);
    const carol = list.users[0]!;
    const data = await exportUserData(carol.id, t.db);
    expect(data?.profile.email).toBe("carol@example.org");
    expect(JSON.stringify(data)).not.toMatch(/token|password"/i);
  });

  it("stores rate-limit counters in the database", async () => {
    const rows = await t.db.selectFrom("rate_limits").selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
  });

  it("records the last sign-in, and deletes only viewers unused for 3 years", async () => {
    for (const [email, role] of [
      ["recent@example.org", "viewer"],
      ["ancien@example.org", "viewer"],
      ["ancien-staff@example.org", "editor"],
    ] as const) {
      await createCredentialUser({ email, password: "secret12", displayName: "Compte Ancien", role }, t.db);
    }
    await call("/sign-in/email", { email: "recent@example.org", password: "secret12" }, { "x-client-ip": "10.0.5.1" });
    const recent = await findUserByEmail("recent@example.org", t.db);
    const row = await t.db.selectFrom("users").select("last_sign_in_at").where("id", "=", recent!.id).executeTakeFirstOrThrow();
    expect(row.last_sign_in_at).not.toBeNull();

    const old = new Date("2020-01-15T10:00:00Z");
    const stamp = t.engine === "postgres" ? old : old.toISOString();
    for (const email of ["ancien@example.org", "ancien-staff@example.org"]) {
      await t.db.updateTable("users").set({ last_sign_in_at: stamp, created_at: stamp }).where("email", "=", email).execute();
    }
    const deleted = await purgeInactiveAccounts(t.db, new Date("2026-11-21T00:00:00Z"));
    expect(deleted).toBe(1);
    expect(await findUserByEmail("ancien@example.org", t.db)).toBeNull();
    expect(await findUserByEmail("ancien-staff@example.org", t.db)).not.toBeNull();
    expect(await findUserByEmail("recent@example.org", t.db)).not.toBeNull();
    // Idempotent.
    expect(await purgeInactiveAccounts(t.db, new Date("2026-11-21T00:00:00Z"))).toBe(0);
  });

  it("closing sign-up again is recorded in the journal", async () => {
    await changePublicSignUp({ id: "admin", email: "admin@example.org", role: "admin" }, false, t.db);
    expect(await isPublicSignUpOpen(t.db)).toBe(false);
    const journal = await listAudit(t.db, { page: 1, q: "Inscriptions en ligne" });
    expect(journal.entries.map((e) => e.summary)).toEqual(["Inscriptions en ligne fermées", "Inscriptions en ligne ouvertes"]);
    await setPublicSignUp(false, t.db);
  });
});
