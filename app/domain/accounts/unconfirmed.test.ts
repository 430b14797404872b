import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authTestEnvironment, linkIn } from "../../../tests/support/auth-env";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { setPublicSignUp } from "~/platform/auth/public-sign-up.server";
import { authTimestamp } from "~/platform/db/dialect";
import { refusal, valueOf } from "~/platform/validation/errors";
import { ensureAccount } from "./bootstrap.server";
import { acceptInvitation, inviteStaff } from "./invitations.server";
import {
  UNCONFIRMED_ROLE_REFUSAL,
  isSignUpPassword,
  purgeUnconfirmedAccounts,
  readConfirmationToken,
  replaceSignUpPassword,
} from "./unconfirmed.server";
import { changeUserRole, createCredentialUser, findUserByEmail } from "./users.server";
import { authOnTestDatabase, postToAuth, type TestAuth } from "./test-auth";
import { admin } from "../../../tests/support/actors";

const env = authTestEnvironment();
const ATTACKER = "pirate-secret-1";

describe.each(engines)("accounts never confirmed, on $name", ({ create }) => {
  let t: TestDatabase;
  let auth: TestAuth;
  beforeAll(async () => {
    ({ t, auth } = await authOnTestDatabase(create));
    await setPublicSignUp(true, t.db);
  });
  afterAll(() => t?.cleanup());

  const post = (path: string, body: unknown, ip = "10.1.0.1") => postToAuth(auth, path, body, { "x-client-ip": ip });
  const signUp = (email: string, password = ATTACKER) => post("/sign-up/email", { email, password, name: "Pirate" });
  const signIn = (email: string, password: string) =>
    post("/sign-in/email", { email, password }, `10.1.${Math.floor(Math.random() * 200)}.9`);

  it("cannot be given a role", async () => {
    expect((await signUp("role@example.org")).status).toBe(200);
    const user = (await findUserByEmail("role@example.org", t.db))!;
    expect(user.confirmed).toBe(false);
    expect(await changeUserRole(admin, user.id, "admin", t.db)).toEqual(refusal({ _form: UNCONFIRMED_ROLE_REFUSAL }));
    expect((await findUserByEmail("role@example.org", t.db))!.role).toBe("viewer");
  });

  it("is replaced by an invitation, whether it signed up before the invitation or after", async () => {
    expect((await signUp("avant@example.org")).status).toBe(200);
    const before = (await findUserByEmail("avant@example.org", t.db))!;
    // The sign-up's own e-mail (« Confirmez votre adresse ») is sent in the background: counted before
    // the invitation, so that the invitation is the next e-mail to this address.
    await env.mailTo("avant@example.org");
    const sent = env.mailCount();
    valueOf(await inviteStaff(admin, { email: "avant@example.org", displayName: "Ava Avant", role: "editor" }, t.db));
    expect(await findUserByEmail("avant@example.org", t.db)).toBeNull();
    expect((await signIn("avant@example.org", ATTACKER)).status).toBe(401);
    const token = linkIn(await env.mailTo("avant@example.org", { after: sent }), "/invitation").searchParams.get("token")!;
    // The attacker signs up again while the invitation waits: accepting it replaces that account too.
    expect((await signUp("avant@example.org")).status).toBe(200);
    const user = await acceptInvitation({ token, displayName: "Ava Avant", password: "vrai-secret-1" }, t.db);
    expect(user).toMatchObject({ role: "editor", confirmed: true });
    expect(user.id).not.toBe(before.id);
    expect((await signIn("avant@example.org", ATTACKER)).status).toBe(401);
    expect((await signIn("avant@example.org", "vrai-secret-1")).status).toBe(200);
  });

  it("is replaced, not promoted, by npm run create-admin", async () => {
    expect((await signUp("cli@example.org")).status).toBe(200);
    await expect(ensureAccount({ email: "cli@example.org", role: "admin" }, t.db)).rejects.toThrow(/Il faut un mot de passe/);
    const made = await ensureAccount({ email: "cli@example.org", password: "admin-secret-1", role: "admin" }, t.db);
    expect(made.created).toBe(true);
    expect((await signIn("cli@example.org", ATTACKER)).status).toBe(401);
    expect((await signIn("cli@example.org", "admin-secret-1")).status).toBe(200);
  });

  it("confirmation: the link alone confirms nothing; the password typed at sign-up or a new one is needed", async () => {
    const sent = env.mailCount();
    expect((await signUp("lien@example.org")).status).toBe(200);
    const token = linkIn(await env.mailTo("lien@example.org", { after: sent }), "/login/confirmation").searchParams.get("token")!;
    const pending = await readConfirmationToken(token, t.db);
    expect(pending).toMatchObject({ state: "pending", email: "lien@example.org" });
    if (pending.state !== "pending") return;
    expect(await readConfirmationToken(token.slice(0, -4) + "AAAA", t.db)).toEqual({ state: "invalid" });
    expect(await readConfirmationToken("", t.db)).toEqual({ state: "invalid" });
    expect(await isSignUpPassword(pending.userId, "autre-chose-1", t.db)).toBe(false);
    expect(await isSignUpPassword(pending.userId, ATTACKER, t.db)).toBe(true);
    // The person holding the link chooses a new password: the sign-up's no longer works.
    await replaceSignUpPassword(pending.userId, "vrai-secret-2", t.db);
    expect(await isSignUpPassword(pending.userId, ATTACKER, t.db)).toBe(false);
    const verified = await auth.api.verifyEmail({ query: { token }, headers: new Headers(), asResponse: true });
    expect(verified.status).toBe(200);
    expect(await readConfirmationToken(token, t.db)).toEqual({ state: "confirmed" });
    expect((await signIn("lien@example.org", ATTACKER)).status).toBe(401);
    expect((await signIn("lien@example.org", "vrai-secret-2")).status).toBe(200);
  });

  it("expires three days after its creation; confirmed accounts stay", async () => {
    expect((await signUp("vieux@example.org")).status).toBe(200);
    expect((await signUp("recent@example.org")).status).toBe(200);
    await createCredentialUser({ email: "confirme@example.org", password: "secret-1", displayName: "Con Firmé", role: "viewer" }, t.db);
    const old = authTimestamp(t.db, new Date(Date.now() - 4 * 24 * 60 * 60 * 1000));
    await t.db.updateTable("users").set({ created_at: old }).where("email", "in", ["vieux@example.org", "confirme@example.org"]).execute();
    expect(await purgeUnconfirmedAccounts(t.db)).toBeGreaterThanOrEqual(1);
    expect(await findUserByEmail("vieux@example.org", t.db)).toBeNull();
    expect(await findUserByEmail("recent@example.org", t.db)).not.toBeNull();
    expect(await findUserByEmail("confirme@example.org", t.db)).not.toBeNull();
  });
});
