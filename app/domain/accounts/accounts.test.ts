import { getMigrations } from "better-auth/db/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { listAudit } from "~/domain/audit/audit.server";
import { createAuth } from "~/platform/auth/auth.server";
import {
  SIGN_IN_FAILURE_WINDOW_MS,
  SIGN_IN_MAX_FAILURES,
  recordSignInFailure,
  signInLockedFor,
} from "~/platform/auth/sign-in-throttle.server";
import { ensureAccount } from "./bootstrap.server";
import {
  AccountRuleError,
  LAST_ADMIN_MESSAGE,
  changeUserRole,
  countUsersByRole,
  exportUserData,
  findUserByEmail,
  listUsers,
  purgeInactiveAccounts,
  setUserActive,
} from "./users.server";

process.env.AUTH_SECRET ??= "test-secret-for-integration-tests-0123456789";

const ORIGIN = "http://localhost:3000";

describe.each(engines)("accounts on $name", ({ create }) => {
  let t: TestDatabase;
  let auth: ReturnType<typeof createAuth>;

  beforeAll(async () => {
    t = await create();
    auth = createAuth({ db: t.db, engine: t.engine });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  async function call(path: string, body: unknown, headers: Record<string, string> = {}) {
    return auth.handler(
      new Request(`${ORIGIN}/api/auth${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN, "x-client-ip": "10.0.0.1", ...headers },
        body: JSON.stringify(body),
      }),
    );
  }

  it("our migrations hold every table and column Better Auth needs", async () => {
    const { toBeCreated, toBeAdded } = await getMigrations(auth.options);
    expect(toBeCreated).toEqual([]);
    expect(toBeAdded).toEqual([]);
  });

  it("signs up a viewer even when the request asks for admin, and shows the role in get-session", async () => {
    const res = await call("/sign-up/email", { email: "Alice@Example.org", password: "secret1", name: "Alice Martin", role: "admin" });
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const user = await findUserByEmail("alice@example.org", t.db);
    expect(user?.role).toBe("viewer");
    expect(user?.displayName).toBe("Alice Martin");

    const session = await auth.handler(
      new Request(`${ORIGIN}/api/auth/get-session`, { headers: { cookie: cookie.split(";")[0]!, "x-client-ip": "10.0.0.1" } }),
    );
    const json = (await session.json()) as { user: { role: string; email: string } };
    expect(json.user.role).toBe("viewer");
    expect(json.user.email).toBe("alice@example.org");
  });

  it("refuses a password that breaks the policy, with a French message", async () => {
    const res = await call("/sign-up/email", { email: "bob@example.org", password: "abc", name: "Bob" });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { message: string };
    expect(json.message).toMatch(/Au moins 6 caractères|au moins 6 caractères/);
    expect(await findUserByEmail("bob@example.org", t.db)).toBeNull();
  });

  it("locks an address after repeated wrong passwords (429), and a right password clears the count", async () => {
    await call("/sign-up/email", { email: "carol@example.org", password: "correct-horse", name: "Carol" });
    for (let i = 0; i < SIGN_IN_MAX_FAILURES; i++) {
      const res = await call("/sign-in/email", { email: "carol@example.org", password: "wrong" }, { "x-client-ip": `10.0.1.${i}` });
      expect(res.status).toBe(401);
    }
    const locked = await call("/sign-in/email", { email: "carol@example.org", password: "correct-horse" }, { "x-client-ip": "10.0.2.1" });
    expect(locked.status).toBe(429);
    await t.db.deleteFrom("sign_in_failures").execute();
    const ok = await call("/sign-in/email", { email: "carol@example.org", password: "correct-horse" }, { "x-client-ip": "10.0.2.2" });
    expect(ok.status).toBe(200);
  });

  it("the wrong-password lock lasts one window, then counting starts again", async () => {
    const t0 = Date.parse("2026-01-10T10:00:00Z");
    for (let i = 0; i < SIGN_IN_MAX_FAILURES; i++) await recordSignInFailure("Window@Example.org", t.db, t0 + i * 1000);
    expect(await signInLockedFor("window@example.org", t.db, t0 + 10_000)).toBeGreaterThan(0);
    expect(await signInLockedFor("window@example.org", t.db, t0 + SIGN_IN_FAILURE_WINDOW_MS)).toBe(0);
    await recordSignInFailure("window@example.org", t.db, t0 + SIGN_IN_FAILURE_WINDOW_MS + 1);
    const row = await t.db.selectFrom("sign_in_failures").selectAll().where("email", "=", "window@example.org").executeTakeFirstOrThrow();
    expect(row.failures).toBe(1);
  });

  it("creates or promotes an admin, and keeps the last active admin", async () => {
    const first = await ensureAccount({ email: "root@example.org", password: "admin-pass", role: "admin" }, t.db);
    expect(first.created).toBe(true);
    expect(first.user.role).toBe("admin");
    const again = await ensureAccount({ email: "root@example.org", password: "ignored", role: "admin" }, t.db);
    expect(again.created).toBe(false);

    const admin = { id: first.user.id, email: first.user.email, role: "admin" as const };
    await expect(changeUserRole(admin, first.user.id, "editor", t.db)).rejects.toThrow(LAST_ADMIN_MESSAGE);
    await expect(setUserActive(admin, first.user.id, false, t.db)).rejects.toThrow(AccountRuleError);

    const alice = (await findUserByEmail("alice@example.org", t.db))!;
    const promoted = await changeUserRole(admin, alice.id, "admin", t.db);
    expect(promoted.role).toBe("admin");
    // Now two admins: one may step down.
    const stepped = await changeUserRole(admin, first.user.id, "editor", t.db);
    expect(stepped.role).toBe("editor");
    const counts = await countUsersByRole(t.db);
    expect(counts.admin).toBe(1);
    await expect(setUserActive({ ...admin, id: "someone-else" }, alice.id, false, t.db)).rejects.toThrow(LAST_ADMIN_MESSAGE);

    const journal = await listAudit(t.db, { page: 1 });
    expect(journal.entries.some((e) => e.action === "role" && e.entityId === alice.id)).toBe(true);
    const filtered = await listAudit(t.db, { page: 1, q: "alice@" });
    expect(filtered.entries.every((e) => e.summary.includes("alice@"))).toBe(true);
  });

  it("a deactivated account cannot sign in, and its sessions are closed", async () => {
    const carol = (await findUserByEmail("carol@example.org", t.db))!;
    const alice = (await findUserByEmail("alice@example.org", t.db))!;
    const actor = { id: alice.id, email: alice.email, role: "admin" as const };
    await setUserActive(actor, carol.id, false, t.db);
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", carol.id).execute()).toEqual([]);
    const res = await call("/sign-in/email", { email: "carol@example.org", password: "correct-horse" }, { "x-client-ip": "10.0.3.1" });
    expect(res.status).toBe(403);
    await setUserActive(actor, carol.id, true, t.db);
    const back = await call("/sign-in/email", { email: "carol@example.org", password: "correct-horse" }, { "x-client-ip": "10.0.3.2" });
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
    await call("/sign-up/email", { email: "recent@example.org", password: "secret12", name: "Récent" });
    const recent = await findUserByEmail("recent@example.org", t.db);
    const row = await t.db.selectFrom("users").select("last_sign_in_at").where("id", "=", recent!.id).executeTakeFirstOrThrow();
    expect(row.last_sign_in_at).not.toBeNull();

    const old = new Date("2020-01-15T10:00:00Z");
    const stamp = t.engine === "postgres" ? old : old.toISOString();
    await call("/sign-up/email", { email: "ancien@example.org", password: "secret12", name: "Ancien" });
    await call("/sign-up/email", { email: "ancien-staff@example.org", password: "secret12", name: "Ancienne équipe" });
    for (const email of ["ancien@example.org", "ancien-staff@example.org"]) {
      await t.db.updateTable("users").set({ last_sign_in_at: stamp, created_at: stamp }).where("email", "=", email).execute();
    }
    await t.db.updateTable("users").set({ role: "editor" }).where("email", "=", "ancien-staff@example.org").execute();

    const deleted = await purgeInactiveAccounts(t.db, new Date("2026-11-21T00:00:00Z"));
    expect(deleted).toBe(1);
    expect(await findUserByEmail("ancien@example.org", t.db)).toBeNull();
    expect(await findUserByEmail("ancien-staff@example.org", t.db)).not.toBeNull();
    expect(await findUserByEmail("recent@example.org", t.db)).not.toBeNull();
    // Idempotent.
    expect(await purgeInactiveAccounts(t.db, new Date("2026-11-21T00:00:00Z"))).toBe(0);
  });
});
