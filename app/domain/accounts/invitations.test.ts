import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn, authTestEnvironment } from "../../../tests/support/auth-env";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { listAudit } from "~/domain/audit/audit.server";
import {
  InvitationRefused,
  acceptInvitation,
  findInvitationByToken,
  inviteStaff,
  listInvitations,
  resendInvitation,
  revokeInvitation,
} from "./invitations.server";
import { refusal as refused, valueOf } from "~/platform/validation/errors";
import { INVITATION_REFUSALS } from "./model";
import { createCredentialUser, findUserByEmail } from "./users.server";
import { authOnTestDatabase, postToAuth, type TestAuth } from "./test-auth";
import { admin } from "../../../tests/support/actors";

const env = authTestEnvironment();

describe.each(engines)("invitations on $name", ({ create }) => {
  let t: TestDatabase;
  let auth: TestAuth;
  beforeAll(async () => {
    ({ t, auth } = await authOnTestDatabase(create));
  });
  afterAll(() => t?.cleanup());

  async function tokenSentTo(email: string, after: number): Promise<string> {
    const mail = await env.mailTo(email, { after });
    return linkIn(mail, "/invitation").searchParams.get("token")!;
  }

  const signIn = (email: string, password: string) =>
    postToAuth(auth, "/sign-in/email", { email, password }, { "x-client-ip": "10.1.0.1" });

  it("an admin invites an editor: one mail with a 7-day single-use link; accepting creates the confirmed account with that role", async () => {
    const before = env.mailCount();
    const { invitation, sent } = valueOf(
      await inviteStaff(admin, { email: "Eve@Example.org", displayName: "Ève Dupuis", role: "editor" }, t.db),
    );
    expect(sent).toBe(true);
    expect(invitation).toMatchObject({ email: "eve@example.org", role: "editor", state: "pending", createdByEmail: admin.email });
    const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)) / 86_400_000;
    expect(days).toBe(7);
    const mail = await env.mailTo("eve@example.org", { after: before });
    expect(mail.subject).toBe("Invitation à rejoindre l'équipe du site");
    expect(mail.body).toContain("vous invite à rejoindre l'équipe du site http://localhost:3000 en tant qu'éditeur");
    const token = linkIn(mail, "/invitation").searchParams.get("token")!;
    // Only the token's hash is stored.
    const stored = await t.db.selectFrom("invitations").select("token_hash").executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect((await findInvitationByToken(token, t.db))?.state).toBe("pending");

    const user = await acceptInvitation({ token, displayName: "Ève D.", password: "mot-de-passe-eve" }, t.db);
    expect(user).toMatchObject({ email: "eve@example.org", role: "editor", displayName: "Ève D." });
    expect((await signIn("eve@example.org", "mot-de-passe-eve")).status).toBe(200);
    expect((await findInvitationByToken(token, t.db))?.state).toBe("accepted");

    // Used once: a second use is refused, and nothing else is created.
    await expect(acceptInvitation({ token, displayName: "Autre", password: "encore-un-autre" }, t.db)).rejects.toThrow(
      INVITATION_REFUSALS.accepted,
    );
    expect((await signIn("eve@example.org", "encore-un-autre")).status).toBe(401);
    const journal = await listAudit(t.db, { page: 1, q: "eve@example.org" });
    expect(journal.entries.map((e) => e.summary)).toEqual([
      `Création du compte eve@example.org (Éditeur) sur invitation de ${admin.email}`,
      "Invitation de eve@example.org en tant qu'éditeur",
    ]);
  });

  it("a revoked, an expired or an unknown link is refused; resending replaces the link", async () => {
    let before = env.mailCount();
    const { invitation } = valueOf(await inviteStaff(admin, { email: "rex@example.org", displayName: "Rex Martin", role: "admin" }, t.db));
    const first = await tokenSentTo("rex@example.org", before);
    // Already waiting: no second invitation to the same address.
    const twice = await inviteStaff(admin, { email: "rex@example.org", displayName: "Rex Martin", role: "admin" }, t.db);
    expect(!twice.ok && twice.errors._form).toMatch(/attend déjà/);

    before = env.mailCount();
    valueOf(await resendInvitation(admin, invitation.id, t.db));
    const second = await tokenSentTo("rex@example.org", before);
    expect(second).not.toBe(first);
    await expect(acceptInvitation({ token: first, displayName: "Rex", password: "secret-rex" }, t.db)).rejects.toThrow(
      INVITATION_REFUSALS.unknown,
    );

    const revoked = valueOf(await revokeInvitation(admin, invitation.id, t.db));
    expect(revoked.state).toBe("revoked");
    await expect(acceptInvitation({ token: second, displayName: "Rex", password: "secret-rex" }, t.db)).rejects.toThrow(
      INVITATION_REFUSALS.revoked,
    );
    expect(await resendInvitation(admin, invitation.id, t.db)).toEqual(
      refused({ _form: "Cette invitation a été révoquée\u00a0: invitez à nouveau la personne." }),
    );
    expect(await findUserByEmail("rex@example.org", t.db)).toBeNull();

    before = env.mailCount();
    const again = valueOf(await inviteStaff(admin, { email: "rex@example.org", displayName: "Rex Martin", role: "admin" }, t.db));
    const third = await tokenSentTo("rex@example.org", before);
    await t.db.updateTable("invitations").set({ expires_at: "2020-01-01T00:00:00.000Z" }).where("id", "=", again.invitation.id).execute();
    const refusal = await acceptInvitation({ token: third, displayName: "Rex", password: "secret-rex" }, t.db).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(InvitationRefused);
    expect((refusal as InvitationRefused).reason).toBe("expired");
    const states = (await listInvitations(t.db)).filter((i) => i.email === "rex@example.org").map((i) => i.state);
    expect(states).toEqual(["expired", "revoked"]);
    await expect(acceptInvitation({ token: "nimporte-quoi", displayName: "Rex", password: "secret-rex" }, t.db)).rejects.toThrow(
      INVITATION_REFUSALS.unknown,
    );
  });

  it("an address that already has an account is not invited", async () => {
    await createCredentialUser({ email: "deja@example.org", password: "secret12", displayName: "Déjà Là", role: "viewer" }, t.db);
    const existing = await inviteStaff(admin, { email: "DEJA@example.org", displayName: "Déjà Là", role: "editor" }, t.db);
    expect(!existing.ok && existing.errors._form).toMatch(/Un compte existe déjà avec cette adresse/);
  });
});
