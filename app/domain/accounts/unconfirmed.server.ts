import { hashPassword, verifyJWT, verifyPassword } from "better-auth/crypto";
import { recordAudit } from "~/domain/audit/audit.server";
import { UNCONFIRMED_ACCOUNT_TTL_DAYS } from "~/platform/auth/auth-mail.server";
import { authSecret, config } from "~/platform/config.server";
import { db, type Db } from "~/platform/db/db.server";
import type { Actor } from "~/platform/db/actor";
import { authBoolean, authTimestamp } from "~/platform/db/dialect";

/**
 * An account whose address was never confirmed belongs to nobody yet: anyone can sign up with any
 * address and a password of their choice. So (docs/architecture.md, « Comptes non confirmés »):
 * - its password never survives the proof of the address unless the person holding the link types
 *   it (confirmation asks for it, or for a new one);
 * - an invitation or `npm run create-admin` for its address replaces it;
 * - it cannot be given a role;
 * - it is deleted UNCONFIRMED_ACCOUNT_TTL_DAYS after its creation.
 */
export { UNCONFIRMED_ACCOUNT_TTL_DAYS };

export const UNCONFIRMED_ROLE_REFUSAL =
  "Ce compte n'a pas encore confirmé son adresse e-mail\u00a0: on ne peut pas lui donner de rôle. Invitez plutôt la personne depuis cette page\u00a0: son compte non confirmé sera remplacé.";

/** Whether the account of this id exists and has not confirmed its address. */
export async function isUnconfirmed(userId: string, target: Db = db()): Promise<boolean> {
  const row = await target
    .selectFrom("users")
    .select("id")
    .where("id", "=", userId)
    .where("email_verified", "=", authBoolean(target, false))
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Deletes the unconfirmed account of this address (its credentials and sessions go with it, by
 * cascade), inside the caller's transaction. Returns its id, or null when the address has no
 * account or a confirmed one. Recorded in the audit log when `actor` is given.
 */
export async function discardUnconfirmedAccount(trx: Db, email: string, actor?: Actor): Promise<string | null> {
  const address = email.trim().toLowerCase();
  const row = await trx
    .selectFrom("users")
    .select("id")
    .where("email", "=", address)
    .where("email_verified", "=", authBoolean(trx, false))
    .executeTakeFirst();
  if (!row) return null;
  await trx.deleteFrom("users").where("id", "=", row.id).execute();
  if (actor) {
    await recordAudit(trx, {
      actor,
      action: "delete",
      entity: "user",
      entityId: row.id,
      summary: `Compte non confirmé de ${address} remplacé (son mot de passe n'avait pas été confirmé par le titulaire de l'adresse)`,
    });
  }
  return row.id;
}

/** Deletes the accounts created more than UNCONFIRMED_ACCOUNT_TTL_DAYS ago that never confirmed their address. */
export async function purgeUnconfirmedAccounts(target: Db = db(), now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNCONFIRMED_ACCOUNT_TTL_DAYS * 24 * 60 * 60 * 1000);
  const result = await target
    .deleteFrom("users")
    .where("email_verified", "=", authBoolean(target, false))
    .where("created_at", "<", authTimestamp(target, cutoff))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The account a confirmation link is for, read without confirming anything. */
export type PendingConfirmation =
  | { state: "pending"; userId: string; email: string }
  | { state: "confirmed" }
  /** Expired, altered, cut by the mail program, or its account is gone. */
  | { state: "invalid" };

/**
 * Reads a confirmation link's token (Better Auth's signed JWT: the address, sometimes the account
 * id) and the state of its account. No side effect: a mail scanner that opens the link confirms
 * nothing.
 */
export async function readConfirmationToken(token: string, target: Db = db()): Promise<PendingConfirmation> {
  if (!token || token.length > 2000) return { state: "invalid" };
  const payload = (await verifyJWT(token, authSecret(config()))) as { email?: unknown; userId?: unknown; updateTo?: unknown } | null;
  if (!payload || typeof payload.email !== "string" || payload.updateTo !== undefined) return { state: "invalid" };
  const user = await target
    .selectFrom("users")
    .select(["id", "email", "email_verified"])
    .where("email", "=", payload.email.toLowerCase())
    .executeTakeFirst();
  if (!user || (typeof payload.userId === "string" && payload.userId !== user.id)) return { state: "invalid" };
  if (user.email_verified === true || user.email_verified === 1) return { state: "confirmed" };
  return { state: "pending", userId: user.id, email: user.email };
}

async function credentialHash(userId: string, target: Db): Promise<string | null> {
  const row = await target
    .selectFrom("accounts")
    .select("password")
    .where("user_id", "=", userId)
    .where("provider_id", "=", "credential")
    .executeTakeFirst();
  return row?.password ?? null;
}

/** Whether `password` is the one the account was created with (the person holding the link typed it). */
export async function isSignUpPassword(userId: string, password: string, target: Db = db()): Promise<boolean> {
  const hash = await credentialHash(userId, target);
  return hash !== null && (await verifyPassword({ hash, password }));
}

/**
 * The person holding the link chose a new password: it replaces the one typed at sign-up (maybe
 * by someone else), and any session of the account is closed, in one transaction.
 */
export async function replaceSignUpPassword(userId: string, newPassword: string, target: Db = db()): Promise<void> {
  const hash = await hashPassword(newPassword);
  await target.transaction().execute(async (trx) => {
    const stamp = authTimestamp(trx, new Date());
    // An unconfirmed account comes from a sign-up, which always writes its credential row.
    await trx
      .updateTable("accounts")
      .set({ password: hash, updated_at: stamp })
      .where("user_id", "=", userId)
      .where("provider_id", "=", "credential")
      .execute();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
  });
}
