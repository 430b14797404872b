import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import { recordAudit } from "~/domain/audit/audit.server";
import { sendAccountMail } from "~/platform/auth/auth-mail.server";
import { pseudonym } from "~/platform/privacy/pseudonym.server";
import { ROLE_LABELS, normalizeRole, type Role } from "~/platform/auth/roles";
import { config } from "~/platform/config.server";
import { db, type Db } from "~/platform/db/db.server";
import type { InvitationsTable } from "~/platform/db/schema";
import { log } from "~/platform/log.server";
import { INVITATION_REFUSALS, INVITATION_TTL_DAYS, type InvitationState, type InvitationSummary } from "./model";
import { discardUnconfirmedAccount } from "./unconfirmed.server";
import { AccountRuleError, findUserByEmail, hashPassword, insertCredentialUser, type UserSummary } from "./users.server";
import type { Actor } from "~/platform/db/actor";
import { accepted, refusal, type Outcome } from "~/platform/validation/errors";

const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

function stateOf(row: Selectable<InvitationsTable>, now: number): InvitationState {
  if (row.accepted_at) return "accepted";
  if (row.revoked_at) return "revoked";
  return Date.parse(row.expires_at) <= now ? "expired" : "pending";
}

function toSummary(row: Selectable<InvitationsTable>, now = Date.now()): InvitationSummary {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    role: normalizeRole(row.role),
    state: stateOf(row, now),
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    createdByEmail: row.created_by_email,
    lastSentAt: row.last_sent_at,
    sendCount: row.send_count,
  };
}

/** A fresh link token: the mail carries the token, the database only its SHA-256. */
function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function invitationUrl(token: string): string {
  return `${config().siteUrl}/invitation?token=${encodeURIComponent(token)}`;
}

/** "en tant qu'éditeur", "en tant qu'administrateur". */
function asRole(role: Role): string {
  return `en tant qu'${ROLE_LABELS[role].toLowerCase()}`;
}

async function sendInvitationMail(invitation: InvitationSummary, token: string, inviter: string, target: Db): Promise<boolean> {
  try {
    await sendAccountMail(
      {
        to: invitation.email,
        name: invitation.displayName,
        subject: "Invitation à rejoindre l'équipe du site",
        paragraphs: [
          `${inviter} vous invite à rejoindre l'équipe du site ${config().siteUrl} ${asRole(invitation.role)}.`,
          "Pour accepter, ouvrez ce lien et choisissez votre mot de passe\u00a0: vous arriverez ensuite dans l'administration du site.",
        ],
        link: {
          url: invitationUrl(token),
          label: "Accepter l'invitation",
          note: `lien valable ${INVITATION_TTL_DAYS}\u00a0jours, utilisable une seule fois`,
        },
        closing: ["Si vous ne vous attendiez pas à cette invitation, ignorez ce message\u00a0: aucun compte ne sera créé."],
      },
      target,
    );
    return true;
  } catch (error) {
    log.error("Envoi de l'invitation impossible", { error, person: pseudonym(invitation.email) });
    return false;
  }
}

async function loadInvitation(id: string, target: Db): Promise<Selectable<InvitationsTable> | undefined> {
  return target.selectFrom("invitations").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The refusal of a change on the users screen: its message is for the whole form or row. */
function refused(message: string) {
  return refusal({ _form: message });
}

const NO_SUCH_INVITATION = "Cette invitation n'existe pas ou a été supprimée.";

/**
 * An admin invites a staff member: the invitation is recorded, then its mail sent. `sent` is
 * false when the mail could not leave (the invitation stays, to be resent). An address that has an
 * account, or a pending invitation, is a refusal.
 */
export async function inviteStaff(
  actor: Actor,
  input: { email: string; displayName: string; role: "editor" | "admin" },
  target: Db = db(),
): Promise<Outcome<{ invitation: InvitationSummary; sent: boolean }>> {
  const email = input.email.trim().toLowerCase();
  // An account that never confirmed its address is nobody's yet: the invitation replaces it.
  await target.transaction().execute((trx) => discardUnconfirmedAccount(trx, email, actor));
  if (await findUserByEmail(email, target)) {
    return refused("Un compte existe déjà avec cette adresse\u00a0: changez plutôt son rôle dans la liste des comptes.");
  }
  const nowMs = Date.now();
  const waiting = await target
    .selectFrom("invitations")
    .select("id")
    .where("email", "=", email)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", new Date(nowMs).toISOString())
    .executeTakeFirst();
  if (waiting) return refused("Une invitation attend déjà une réponse à cette adresse\u00a0: renvoyez-la ou révoquez-la.");
  const { token, hash } = newToken();
  const now = new Date(nowMs).toISOString();
  const row = {
    id: randomUUID(),
    email,
    display_name: input.displayName,
    role: input.role,
    token_hash: hash,
    expires_at: new Date(nowMs + INVITATION_TTL_MS).toISOString(),
    created_at: now,
    created_by_email: actor.email,
    last_sent_at: now,
    send_count: 1,
    accepted_at: null,
    accepted_user_id: null,
    revoked_at: null,
  };
  await target.transaction().execute(async (trx) => {
    await trx.insertInto("invitations").values(row).execute();
    await recordAudit(trx, {
      actor,
      action: "invite",
      entity: "user",
      entityId: row.id,
      summary: `Invitation de ${email} ${asRole(input.role)}`,
    });
  });
  const invitation = toSummary(row, nowMs);
  return accepted({ invitation, sent: await sendInvitationMail(invitation, token, actor.email, target) });
}

/** Sends a new link (the previous one stops working) valid for another INVITATION_TTL_DAYS; refused once accepted or revoked. */
export async function resendInvitation(
  actor: Actor,
  id: string,
  target: Db = db(),
): Promise<Outcome<{ invitation: InvitationSummary; sent: boolean }>> {
  const row = await loadInvitation(id, target);
  if (!row) return refused(NO_SUCH_INVITATION);
  const state = stateOf(row, Date.now());
  if (state === "accepted") return refused("Cette invitation a déjà été acceptée.");
  if (state === "revoked") return refused("Cette invitation a été révoquée\u00a0: invitez à nouveau la personne.");
  const { token, hash } = newToken();
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const expires = new Date(nowMs + INVITATION_TTL_MS).toISOString();
  await target.transaction().execute(async (trx) => {
    await trx
      .updateTable("invitations")
      .set((eb) => ({ token_hash: hash, expires_at: expires, last_sent_at: now, send_count: eb("send_count", "+", 1) }))
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "invite",
      entity: "user",
      entityId: id,
      summary: `Nouvel envoi de l'invitation de ${row.email}`,
    });
  });
  const invitation = toSummary({ ...row, token_hash: hash, expires_at: expires, last_sent_at: now, send_count: row.send_count + 1 }, nowMs);
  return accepted({ invitation, sent: await sendInvitationMail(invitation, token, actor.email, target) });
}

/** Revokes an invitation that has not been accepted (refused once accepted): its link stops working. */
export async function revokeInvitation(actor: Actor, id: string, target: Db = db()): Promise<Outcome<InvitationSummary>> {
  const row = await loadInvitation(id, target);
  if (!row) return refused(NO_SUCH_INVITATION);
  if (row.accepted_at) return refused("Cette invitation a déjà été acceptée\u00a0: désactivez plutôt le compte.");
  if (row.revoked_at) return accepted(toSummary(row));
  const now = new Date().toISOString();
  await target.transaction().execute(async (trx) => {
    await trx.updateTable("invitations").set({ revoked_at: now }).where("id", "=", id).where("accepted_at", "is", null).execute();
    await recordAudit(trx, {
      actor,
      action: "revoke",
      entity: "user",
      entityId: id,
      summary: `Révocation de l'invitation de ${row.email}`,
    });
  });
  return accepted(toSummary({ ...row, revoked_at: now }));
}

/** The invitations of the users screen, newest first. */
export async function listInvitations(target: Db = db(), limit = 50): Promise<InvitationSummary[]> {
  const rows = await target.selectFrom("invitations").selectAll().orderBy("created_at", "desc").orderBy("id").limit(limit).execute();
  const now = Date.now();
  return rows.map((r) => toSummary(r, now));
}

/** The invitation a link opens, with its state (null: no such link). */
export async function findInvitationByToken(token: string, target: Db = db()): Promise<InvitationSummary | null> {
  if (!token || token.length > 200) return null;
  const row = await target.selectFrom("invitations").selectAll().where("token_hash", "=", hashToken(token)).executeTakeFirst();
  return row ? toSummary(row) : null;
}

/** Thrown when a link cannot be accepted; `message` is one of INVITATION_REFUSALS. */
export class InvitationRefused extends AccountRuleError {
  constructor(readonly reason: keyof typeof INVITATION_REFUSALS) {
    super(INVITATION_REFUSALS[reason]);
    this.name = "InvitationRefused";
  }
}

/**
 * The invited person chooses a password: the account is created with the invitation's role (its
 * address confirmed by the link), and the invitation is used up, in one transaction. A second
 * use, an expired or a revoked link is refused.
 */
export async function acceptInvitation(
  input: { token: string; displayName: string; password: string },
  target: Db = db(),
): Promise<UserSummary> {
  const hash = hashToken(input.token);
  const passwordHash = await hashPassword(input.password);
  return target.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const used = await trx
      .updateTable("invitations")
      .set({ accepted_at: now })
      .where("token_hash", "=", hash)
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) {
      const row = await trx.selectFrom("invitations").selectAll().where("token_hash", "=", hash).executeTakeFirst();
      const state = row ? stateOf(row, Date.now()) : "unknown";
      throw new InvitationRefused(state === "pending" ? "accepted" : state);
    }
    const row = await trx.selectFrom("invitations").selectAll().where("token_hash", "=", hash).executeTakeFirstOrThrow();
    // Signed up (unconfirmed) since the invitation left: the invitation, proof of the address, wins.
    await discardUnconfirmedAccount(trx, row.email, { id: null, email: row.email, role: "viewer" });
    const user = await insertCredentialUser(
      trx,
      { email: row.email, displayName: input.displayName, role: normalizeRole(row.role) },
      passwordHash,
    );
    await trx.updateTable("invitations").set({ accepted_user_id: user.id }).where("id", "=", row.id).execute();
    await recordAudit(trx, {
      actor: { id: user.id, email: user.email, role: user.role },
      action: "create",
      entity: "user",
      entityId: user.id,
      summary: `Création du compte ${user.email} (${ROLE_LABELS[user.role]}) sur invitation de ${row.created_by_email}`,
    });
    return user;
  });
}
