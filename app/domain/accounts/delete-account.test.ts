import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SITE, authTestEnvironment } from "../../../tests/support/auth-env";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { deleteAccountOnServer } from "~/platform/auth/auth-forms.server";
import { createCredentialUser, findUserByEmail } from "./users.server";
import { authOnTestDatabase, postToAuth, sessionCookie, type TestAuth } from "./test-auth";

authTestEnvironment();

function posted(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe.each(engines)("« Supprimer mon compte » on the server, on $name", ({ create }) => {
  let t: TestDatabase;
  let auth: TestAuth;
  beforeAll(async () => {
    ({ t, auth } = await authOnTestDatabase(create));
  });
  afterAll(() => t?.cleanup());

  /** The dialog's POST, from a signed-in user's browser. */
  async function signedInRequest(email: string, password: string): Promise<Request> {
    const signIn = await postToAuth(auth, "/sign-in/email", { email, password }, { "x-client-ip": "10.7.0.1" });
    const cookie = sessionCookie(signIn)!;
    return new Request(`${TEST_SITE}/api/account/delete`, {
      method: "POST",
      headers: { cookie, origin: TEST_SITE, "x-client-ip": "10.7.0.1" },
    });
  }

  it("refuses bad input beside the fields (no confirmation, no password), never sending the password back", async () => {
    await createCredentialUser({ email: "ana@example.org", password: "secret-ana", displayName: "Ana", role: "viewer" }, t.db);
    const request = await signedInRequest("ana@example.org", "secret-ana");
    expect(await deleteAccountOnServer(request, posted({ password: "secret-ana" }), auth)).toEqual({
      ok: false,
      status: 400,
      reply: { errors: { confirm: "Cochez la case pour confirmer la suppression." } },
    });
    expect(await deleteAccountOnServer(request, posted({ password: "", confirm: "on" }), auth)).toEqual({
      ok: false,
      status: 400,
      reply: { errors: { password: "Saisissez votre mot de passe." } },
    });
    expect(await deleteAccountOnServer(request, posted({ password: "pas-le-bon", confirm: "on" }), auth)).toMatchObject({
      ok: false,
      reply: { errors: { password: "Mot de passe incorrect." } },
      failure: "Mot de passe incorrect.",
    });
    expect(await findUserByEmail("ana@example.org", t.db)).not.toBeNull();
  });

  it("refuses the last active admin for the whole form", async () => {
    await createCredentialUser({ email: "seul@example.org", password: "secret-seul", displayName: "Seul", role: "admin" }, t.db);
    const request = await signedInRequest("seul@example.org", "secret-seul");
    const answer = await deleteAccountOnServer(request, posted({ password: "secret-seul", confirm: "on" }), auth);
    expect(answer).toMatchObject({ ok: false, status: 400, reply: { formError: expect.stringMatching(/dernier administrateur actif/) } });
    expect(await findUserByEmail("seul@example.org", t.db)).not.toBeNull();
  });

  it("deletes the account with the right password and ends its session", async () => {
    await createCredentialUser({ email: "bea@example.org", password: "secret-bea", displayName: "Béa", role: "viewer" }, t.db);
    const request = await signedInRequest("bea@example.org", "secret-bea");
    const answer = await deleteAccountOnServer(request, posted({ password: "secret-bea", confirm: "on" }), auth);
    expect(answer.ok).toBe(true);
    expect(answer.ok && answer.cookies.some((c) => /session_token=;/.test(c))).toBe(true);
    expect(await findUserByEmail("bea@example.org", t.db)).toBeNull();
  });
});
