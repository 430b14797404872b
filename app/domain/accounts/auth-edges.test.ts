import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SITE, authTestEnvironment } from "../../../tests/support/auth-env";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { cleanDisplayName } from "~/platform/auth/forms";
import { changePublicSignUp, createCredentialUser, findUserByEmail } from "./users.server";
import { authOnTestDatabase, postToAuth, sessionCookie, type TestAuth } from "./test-auth";

/** What any visitor could cause with odd input: a 4xx (never a 500), one-line names, no session left behind. */
authTestEnvironment();

describe.each(engines)("authentication edge cases on $name", ({ create }) => {
  let t: TestDatabase;
  let auth: TestAuth;
  beforeAll(async () => {
    ({ t, auth } = await authOnTestDatabase(create));
  });
  afterAll(() => t?.cleanup());

  const call = (path: string, body: unknown, cookie?: string) =>
    postToAuth(auth, path, body, { "x-client-ip": "10.9.0.1", ...(cookie ? { cookie } : {}) });
  const sessionOf = async (cookie: string) =>
    (await (await auth.handler(new Request(`${TEST_SITE}/api/auth/get-session`, { headers: { cookie } }))).json()) as {
      user?: unknown;
    } | null;

  it("answers 4xx to a sign-in whose callbackURL holds characters a header cannot carry", async () => {
    await createCredentialUser(
      { email: "retour@example.org", password: "mot-de-passe-long", displayName: "Rémi Retour", role: "viewer" },
      t.db,
    );
    for (const callbackURL of ["/admin/\u2028x", "/formations/日本語", "/blog\u0000"]) {
      const res = await call("/sign-in/email", { email: "retour@example.org", password: "mot-de-passe-long", callbackURL });
      // 400 from the site's check (403 when Better Auth's own origin check refuses it first): never a 500.
      expect([400, 403], callbackURL).toContain(res.status);
      expect(await res.json()).toMatchObject({ code: "INVALID_CALLBACK_URL" });
    }
    const unicode = await call("/sign-in/email", {
      email: "retour@example.org",
      password: "mot-de-passe-long",
      callbackURL: "/formations/日本語",
    });
    expect(await unicode.json()).toMatchObject({ message: "L'adresse de retour est invalide." });
    const fine = await call("/sign-in/email", {
      email: "retour@example.org",
      password: "mot-de-passe-long",
      callbackURL: "/admin/%C3%A9t%C3%A9",
    });
    expect(fine.status).toBe(200);
  });

  it("strips line breaks and other control characters from display names, on sign-up and on update", async () => {
    expect(cleanDisplayName(" Alice\r\nMartin\u202e\u200b\t ")).toBe("Alice Martin");
    await changePublicSignUp({ id: "admin", email: "admin@example.org", role: "admin" }, true, t.db);
    const res = await call("/sign-up/email", {
      email: "lignes@example.org",
      password: "mot-de-passe-long",
      name: "Léa\nMartin\u0007\u2029Admin",
    });
    expect(res.status).toBe(200);
    expect(await findUserByEmail("lignes@example.org", t.db)).toMatchObject({ displayName: "Léa Martin Admin" });
    // Nothing visible left: refused as too short, in French.
    const empty = await call("/sign-up/email", { email: "vide@example.org", password: "mot-de-passe-long", name: "\n\u200b\n" });
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("Le nom affiché comporte au moins 2 caractères.");

    await createCredentialUser(
      { email: "profil@example.org", password: "mot-de-passe-long", displayName: "Paul Profil", role: "viewer" },
      t.db,
    );
    const cookie = sessionCookie(await call("/sign-in/email", { email: "profil@example.org", password: "mot-de-passe-long" }))!;
    expect((await call("/update-user", { name: "Paul\r\nX-Injected: oui" }, cookie)).status).toBe(200);
    expect(await findUserByEmail("profil@example.org", t.db)).toMatchObject({ displayName: "Paul X-Injected: oui" });
  });

  it("changing the password ends the account's other sessions, as a reset does", async () => {
    await createCredentialUser(
      { email: "sessions@example.org", password: "ancien-mot-de-passe", displayName: "Sam Sessions", role: "viewer" },
      t.db,
    );
    const signIn = () => call("/sign-in/email", { email: "sessions@example.org", password: "ancien-mot-de-passe" });
    const laptop = sessionCookie(await signIn())!;
    const stolen = sessionCookie(await signIn())!;
    expect(await sessionOf(stolen)).toMatchObject({ user: expect.anything() });

    // The client does not ask for it: the other sessions end anyway.
    const changed = await call("/change-password", { currentPassword: "ancien-mot-de-passe", newPassword: "nouveau-mot-de-passe" }, laptop);
    expect(changed.status).toBe(200);
    expect(await sessionOf(stolen)).toBeNull();
    // The device that changed it stays signed in (with a new session).
    const renewed = sessionCookie(changed)!;
    expect(renewed).toBeTruthy();
    expect(await sessionOf(renewed)).toMatchObject({ user: expect.anything() });
  });
});
