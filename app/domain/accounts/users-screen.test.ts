import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authTestEnvironment } from "../../../tests/support/auth-env";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { PAIR_FREE_FAILURES, listLockouts, recordSignInFailure } from "~/platform/auth/sign-in-throttle.server";
import { valueOf } from "~/platform/validation/errors";
import { inviteStaff, revokeInvitation } from "./invitations.server";
import { usersScreenAction } from "./users-screen.server";
import { LAST_ADMIN_MESSAGE, createCredentialUser, getUser } from "./users.server";

authTestEnvironment();

/** The posted form of a row or of the invitation form, as a browser sends it. */
function posted(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe.each(engines)("the users screen's action on $name", ({ create }) => {
  let t: TestDatabase;
  let admin: { id: string; email: string; role: "admin" };
  let viewerId: string;

  beforeAll(async () => {
    t = await create();
    const me = await createCredentialUser({ email: "chef@example.org", password: "secret-chef", displayName: "Chef", role: "admin" }, t.db);
    admin = { id: me.id, email: me.email, role: "admin" };
    const viewer = await createCredentialUser(
      { email: "lea@example.org", password: "secret-lea", displayName: "Léa", role: "viewer" },
      t.db,
    );
    viewerId = viewer.id;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const act = (fields: Record<string, string>) => usersScreenAction(admin, posted(fields), t.db);

  it("refuses a row form with bad input (400), the message beside its row, what was sent kept, nothing changed", async () => {
    expect(await act({ intent: "role", target: viewerId, role: "chef" })).toEqual({
      ok: false,
      kind: "invalid",
      reply: {
        intent: "role",
        target: viewerId,
        errors: { role: "Requête invalide." },
        values: { intent: "role", target: viewerId, role: "chef" },
      },
    });
    expect(await act({ intent: "active", target: viewerId, active: "peut-être" })).toMatchObject({
      ok: false,
      kind: "invalid",
      reply: { intent: "active", target: viewerId, errors: { active: "Requête invalide." } },
    });
    expect(await act({ intent: "unlock", target: "" })).toMatchObject({
      ok: false,
      kind: "invalid",
      reply: { errors: { target: "Requête invalide." } },
    });
    expect(await act({ intent: "unlock", target: "x".repeat(501) })).toMatchObject({ ok: false, kind: "invalid" });
    expect(await act({ intent: "sign-up", target: "sign-up" })).toMatchObject({
      ok: false,
      kind: "invalid",
      reply: { errors: { open: "Requête invalide." } },
    });
    expect(await act({ intent: "tout-casser", target: viewerId })).toMatchObject({
      ok: false,
      kind: "invalid",
      reply: { intent: "tout-casser", target: viewerId, errors: { intent: "Requête invalide." } },
    });
    expect(await act({ target: viewerId })).toMatchObject({ ok: false, kind: "invalid", reply: { intent: "unknown" } });
    expect((await getUser(viewerId, t.db))?.role).toBe("viewer");
  });

  it("refuses the domain's rules (409) with their French message: last admin, own account, missing account, lock already lifted", async () => {
    expect(await act({ intent: "role", target: admin.id, role: "editor" })).toEqual({
      ok: false,
      kind: "conflict",
      reply: {
        intent: "role",
        target: admin.id,
        formError: LAST_ADMIN_MESSAGE,
        values: { intent: "role", target: admin.id, role: "editor" },
      },
    });
    expect(await act({ intent: "active", target: admin.id, active: "false" })).toMatchObject({
      ok: false,
      kind: "conflict",
      reply: { intent: "active", target: admin.id, formError: "Vous ne pouvez pas désactiver votre propre compte." },
    });
    expect(await act({ intent: "active", target: "inconnu", active: "false" })).toMatchObject({
      ok: false,
      kind: "conflict",
      reply: { target: "inconnu", formError: "Ce compte n'existe pas ou a été supprimé." },
    });
    expect(await act({ intent: "resend", target: "inconnue" })).toMatchObject({
      ok: false,
      kind: "conflict",
      reply: { intent: "resend", formError: "Cette invitation n'existe pas ou a été supprimée." },
    });
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) await recordSignInFailure("lea@example.org", "10.9.0.1", t.db);
    const lock = (await listLockouts(t.db)).find((l) => l.email === "lea@example.org")!;
    expect(await act({ intent: "unlock", target: lock.key })).toEqual({
      ok: true,
      toast: { kind: "success", title: "Blocage levé", description: "lea@example.org peut de nouveau se connecter depuis 10.9.0.1." },
    });
    expect(await act({ intent: "unlock", target: lock.key })).toMatchObject({
      ok: false,
      kind: "conflict",
      reply: { intent: "unlock", target: lock.key, formError: "Ce blocage a déjà pris fin." },
    });
  });

  it("refuses a revoked invitation's resend, a bad invitation form and an address already invited", async () => {
    const { invitation } = valueOf(await inviteStaff(admin, { email: "rex@example.org", displayName: "Rex Martin", role: "editor" }, t.db));
    valueOf(await revokeInvitation(admin, invitation.id, t.db));
    expect(await act({ intent: "resend", target: invitation.id })).toMatchObject({
      ok: false,
      kind: "conflict",
      reply: {
        intent: "resend",
        target: invitation.id,
        formError: "Cette invitation a été révoquée\u00a0: invitez à nouveau la personne.",
      },
    });
    const bad = await act({ intent: "invite", email: "pas-une-adresse", displayName: "R", role: "viewer" });
    expect(bad).toMatchObject({
      ok: false,
      kind: "invalid",
      reply: { intent: "invite", values: { email: "pas-une-adresse", displayName: "R" } },
    });
    expect(!bad.ok && Object.keys(bad.reply.errors ?? {}).sort()).toEqual(["displayName", "email", "role"]);
    expect(await act({ intent: "invite", email: "lea@example.org", displayName: "Léa", role: "editor" })).toMatchObject({
      ok: false,
      kind: "conflict",
      reply: {
        intent: "invite",
        formError: "Un compte existe déjà avec cette adresse\u00a0: changez plutôt son rôle dans la liste des comptes.",
      },
    });
  });

  it("makes a valid change and answers its toast", async () => {
    expect(await act({ intent: "role", target: viewerId, role: "editor" })).toEqual({
      ok: true,
      toast: { kind: "success", title: "Modification enregistrée", description: "lea@example.org est maintenant éditeur." },
    });
    expect((await getUser(viewerId, t.db))?.role).toBe("editor");
  });
});
