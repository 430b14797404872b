import { generateId } from "better-auth";
import { APIError } from "better-auth/api";
import { hashPassword } from "better-auth/crypto";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AccountHooks } from "~/platform/auth/auth.server";
import { eraseCopies } from "~/platform/privacy/erasure.server";
import { db, type Db } from "~/platform/db/db.server";
import { authBoolean, authTimestamp, containsIgnoringCase, lockForUpdate } from "~/platform/db/dialect";
import { setPublicSignUp } from "~/platform/auth/public-sign-up.server";
import { ROLE_LABELS, normalizeRole, type Role } from "~/platform/auth/roles";
import { liftLockout, type Lockout } from "~/platform/auth/sign-in-throttle.server";
import type { Actor } from "~/platform/db/actor";
import { accepted, refusal, type Outcome } from "~/platform/validation/errors";
import { UNCONFIRMED_ROLE_REFUSAL, isUnconfirmed } from "./unconfirmed.server";
import { listPage } from "~/platform/db/pages";

/** A rule of the accounts area was broken; the message is French and meant for the user. */
export class AccountRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AccountRuleError";
  }
}

export const LAST_ADMIN_MESSAGE = "Impossible : c'est le dernier administrateur actif. Nommez d'abord un autre administrateur.";

/** A user as the admin list shows it. */
export interface UserSummary {
  id: string;
  email: string;
  displayName: string;
  role: Role;
  active: boolean;
  /** The address was proven (confirmation link, invitation, reset link, command line). */
  confirmed: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Better Auth stores dates natively on PostgreSQL and as ISO text on SQLite: one ISO string for both. */
export function toIso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : d.toISOString();
}

type UserRow = {
  id: string;
  email: string;
  display_name: string;
  role: string;
  deactivated_at: Date | string | null;
  email_verified: boolean | number;
  created_at: Date | string;
  updated_at: Date | string;
};

function toSummary(r: UserRow): UserSummary {
  return {
    id: r.id,
    email: r.email,
    displayName: r.display_name,
    role: normalizeRole(r.role),
    active: r.deactivated_at === null,
    confirmed: r.email_verified === true || r.email_verified === 1,
    createdAt: toIso(r.created_at)!,
    updatedAt: toIso(r.updated_at)!,
  };
}

const USER_COLUMNS = ["id", "email", "display_name", "role", "deactivated_at", "email_verified", "created_at", "updated_at"] as const;

export const USERS_PAGE_SIZE = 25;

/** The users list of /admin/utilisateurs: search by e-mail or name, filter by role, newest first. */
export async function listUsers(
  filter: { q?: string; role?: Role; page?: number },
  target: Db = db(),
): Promise<{ users: UserSummary[]; total: number; page: number; pageCount: number }> {
  let query = target.selectFrom("users");
  if (filter.role) query = query.where("role", "=", filter.role);
  if (filter.q) {
    const q = filter.q;
    query = query.where((eb) => eb.or([containsIgnoringCase("email", q), containsIgnoringCase("display_name", q)]));
  }
  const { rows, total, page, pageCount } = await listPage(query, Math.max(1, filter.page ?? 1), USERS_PAGE_SIZE, (q) =>
    q
      .select([...USER_COLUMNS])
      .orderBy("created_at", "desc")
      .orderBy("id"),
  );
  return { users: rows.map(toSummary), total, page, pageCount };
}

export async function getUser(id: string, target: Db = db()): Promise<UserSummary | null> {
  const row = await target
    .selectFrom("users")
    .select([...USER_COLUMNS])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toSummary(row) : null;
}

export async function findUserByEmail(email: string, target: Db = db()): Promise<UserSummary | null> {
  const row = await target
    .selectFrom("users")
    .select([...USER_COLUMNS])
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return row ? toSummary(row) : null;
}

/** Number of accounts per role (dashboard). */
export async function countUsersByRole(target: Db = db()): Promise<Record<Role, number>> {
  const rows = await target
    .selectFrom("users")
    .select(["role", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy("role")
    .execute();
  const counts: Record<Role, number> = { viewer: 0, editor: 0, admin: 0 };
  for (const r of rows) counts[normalizeRole(r.role)] += Number(r.n);
  return counts;
}

/** Active admins, other than `exceptId`; on PostgreSQL their rows stay locked until the transaction ends. */
async function otherActiveAdmins(trx: Db, exceptId: string): Promise<number> {
  const query = trx
    .selectFrom("users")
    .select("id")
    .where("role", "=", "admin")
    .where("deactivated_at", "is", null)
    .where("id", "<>", exceptId);
  return (await lockForUpdate(query, trx).execute()).length;
}

/** The refusal of a change on the users screen: its message is for the whole row. */
function refused(message: string) {
  return refusal({ _form: message });
}

async function loadForChange(trx: Db, userId: string): Promise<UserSummary | null> {
  const query = trx
    .selectFrom("users")
    .select([...USER_COLUMNS])
    .where("id", "=", userId);
  const row = await lockForUpdate(query, trx).executeTakeFirst();
  return row ? toSummary(row) : null;
}

const NO_SUCH_USER = "Ce compte n'existe pas ou a été supprimé.";

export interface NewCredentialUser {
  email: string;
  displayName: string;
  role: Role;
  password: string;
}

/**
 * Writes an account that signs in with a password, its address already confirmed (an admin's
 * invitation, the command line): the same rows as Better Auth's sign-up, the password hashed with
 * Better Auth's own hasher. The caller has validated the e-mail, the name and the password.
 * Refused when the address already has an account.
 */
export async function createCredentialUser(input: NewCredentialUser, target: Db = db()): Promise<UserSummary> {
  const hash = await hashPassword(input.password);
  return target.transaction().execute((trx) => insertCredentialUser(trx, input, hash));
}

/** The writes of `createCredentialUser`, inside the caller's transaction, with the password already hashed (`hashPassword`). */
export async function insertCredentialUser(
  trx: Db,
  input: Omit<NewCredentialUser, "password">,
  passwordHash: string,
): Promise<UserSummary> {
  const now = new Date();
  const stamp = authTimestamp(trx, now);
  const id = generateId(32);
  const email = input.email.trim().toLowerCase();
  if (await trx.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()) {
    throw new AccountRuleError("Un compte existe déjà avec cette adresse e-mail.");
  }
  await trx
    .insertInto("users")
    .values({
      id,
      email,
      display_name: input.displayName,
      email_verified: authBoolean(trx, true),
      image: null,
      role: input.role,
      deactivated_at: null,
      created_at: stamp,
      updated_at: stamp,
      last_sign_in_at: null,
    })
    .execute();
  await trx
    .insertInto("accounts")
    .values({
      id: generateId(32),
      account_id: id,
      provider_id: "credential",
      user_id: id,
      access_token: null,
      refresh_token: null,
      id_token: null,
      access_token_expires_at: null,
      refresh_token_expires_at: null,
      scope: null,
      password: passwordHash,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return {
    id,
    email,
    displayName: input.displayName,
    role: input.role,
    active: true,
    confirmed: true,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

export { hashPassword };

/**
 * Changes a user's role (admin only, checked by the route's guard). The last active admin
 * cannot lose the admin role (a refusal, as is a missing account). Recorded in the audit log, in the
 * same transaction.
 */
export async function changeUserRole(actor: Actor, userId: string, role: Role, target: Db = db()): Promise<Outcome<UserSummary>> {
  return target.transaction().execute(async (trx) => {
    const user = await loadForChange(trx, userId);
    if (!user) return refused(NO_SUCH_USER);
    if (user.role === role) return accepted(user);
    if (await isUnconfirmed(user.id, trx)) return refused(UNCONFIRMED_ROLE_REFUSAL);
    if (user.role === "admin" && user.active && (await otherActiveAdmins(trx, user.id)) === 0) return refused(LAST_ADMIN_MESSAGE);
    const now = new Date();
    await trx
      .updateTable("users")
      .set({ role, updated_at: authTimestamp(trx, now) })
      .where("id", "=", userId)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "role",
      entity: "user",
      entityId: user.id,
      summary: `Rôle de ${user.email} : ${ROLE_LABELS[user.role]} → ${ROLE_LABELS[role]}`,
    });
    return accepted({ ...user, role, updatedAt: now.toISOString() });
  });
}

/**
 * Deactivates (sessions closed, sign-in refused) or reactivates an account. Nobody deactivates
 * their own account here, and the last active admin stays active (refusals, as is a missing account).
 */
export async function setUserActive(actor: Actor, userId: string, active: boolean, target: Db = db()): Promise<Outcome<UserSummary>> {
  return target.transaction().execute(async (trx) => {
    const user = await loadForChange(trx, userId);
    if (!user) return refused(NO_SUCH_USER);
    if (user.active === active) return accepted(user);
    if (!active && user.id === actor.id) return refused("Vous ne pouvez pas désactiver votre propre compte.");
    if (!active && user.role === "admin" && (await otherActiveAdmins(trx, user.id)) === 0) return refused(LAST_ADMIN_MESSAGE);
    const now = new Date();
    const stamp = authTimestamp(trx, now);
    await trx
      .updateTable("users")
      .set({ deactivated_at: active ? null : stamp, updated_at: stamp })
      .where("id", "=", userId)
      .execute();
    if (!active) await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    await recordAudit(trx, {
      actor,
      action: active ? "reactivate" : "deactivate",
      entity: "user",
      entityId: user.id,
      summary: `${active ? "Réactivation" : "Désactivation"} du compte ${user.email}`,
    });
    return accepted({ ...user, active, updatedAt: now.toISOString() });
  });
}

/**
 * An admin lifts a sign-in lock (see the lockout policy in sign-in-throttle.server.ts); recorded in the
 * journal. A lock that has already ended is a refusal.
 */
export async function liftSignInLock(actor: Actor, key: string, target: Db = db()): Promise<Outcome<Lockout>> {
  return target.transaction().execute(async (trx) => {
    const lifted = await liftLockout(key, trx);
    if (!lifted) return refused("Ce blocage a déjà pris fin.");
    const what = lifted.kind === "pair" ? `de ${lifted.email} depuis l'adresse ${lifted.address}` : `de l'adresse ${lifted.address}`;
    await recordAudit(trx, { actor, action: "unlock", entity: "user", entityId: null, summary: `Déblocage des connexions ${what}` });
    return accepted(lifted);
  });
}

/** An admin opens or closes public sign-up; recorded in the journal. */
export async function changePublicSignUp(actor: Actor, open: boolean, target: Db = db()): Promise<void> {
  await target.transaction().execute(async (trx) => {
    await setPublicSignUp(open, trx);
    await recordAudit(trx, {
      actor,
      action: "settings",
      entity: "settings",
      entityId: null,
      summary: open ? "Inscriptions en ligne ouvertes" : "Inscriptions en ligne fermées",
    });
  });
}

/** Before a user deletes their own account: the last active admin may not. */
export async function assertCanDeleteSelf(userId: string, target: Db = db()): Promise<void> {
  const user = await getUser(userId, target);
  if (user?.role === "admin" && user.active && (await otherActiveAdmins(target, userId)) === 0) {
    throw new APIError("BAD_REQUEST", {
      message: "Vous êtes le dernier administrateur actif : nommez d'abord un autre administrateur avant de supprimer votre compte.",
      code: "LAST_ADMIN",
    });
  }
}

/**
 * Everything the site keeps about one user (GDPR right of access), as a JSON-ready object.
 * Never includes password hashes or session tokens.
 */
export async function exportUserData(userId: string, target: Db = db()) {
  const user = await getUser(userId, target);
  if (!user) return null;
  const [sessions, accounts, audit] = await Promise.all([
    target
      .selectFrom("sessions")
      .select(["created_at", "updated_at", "expires_at", "ip_address", "user_agent"])
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .execute(),
    target.selectFrom("accounts").select(["provider_id", "created_at", "updated_at"]).where("user_id", "=", userId).execute(),
    target
      .selectFrom("audit_log")
      .select(["created_at", "action", "entity", "entity_id", "summary"])
      .where("actor_id", "=", userId)
      .orderBy("created_at", "desc")
      .execute(),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      role: user.role,
      active: user.active,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    },
    sessions: sessions.map((s) => ({
      createdAt: toIso(s.created_at),
      updatedAt: toIso(s.updated_at),
      expiresAt: toIso(s.expires_at),
      ipAddress: s.ip_address,
      userAgent: s.user_agent,
    })),
    signInMethods: accounts.map((a) => ({
      provider: a.provider_id === "credential" ? "e-mail et mot de passe" : a.provider_id,
      createdAt: toIso(a.created_at),
      updatedAt: toIso(a.updated_at),
    })),
    adminActions: audit.map((a) => ({
      at: a.created_at,
      action: a.action,
      entity: a.entity,
      entityId: a.entity_id,
      summary: a.summary,
    })),
  };
}

/** Viewer accounts unused for this long are deleted (privacy policy: « suppression après 3 ans sans connexion »). */
export const INACTIVE_ACCOUNT_YEARS = 3;

/** Records a sign-in (called when Better Auth creates a session). */
export async function touchLastSignIn(userId: string, target: Db = db(), now = new Date()): Promise<void> {
  await target
    .updateTable("users")
    .set({ last_sign_in_at: authTimestamp(target, now) })
    .where("id", "=", userId)
    .execute();
}

/**
 * Deletes the viewer accounts (visitors) that have not signed in for INACTIVE_ACCOUNT_YEARS
 * (or, never signed in, were created that long ago), with their sessions. Staff accounts
 * (editor, admin) are left to the admins. Returns the number of accounts deleted.
 */
export async function purgeInactiveAccounts(target: Db = db(), now = new Date()): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - INACTIVE_ACCOUNT_YEARS);
  const limit = authTimestamp(target, cutoff);
  const result = await target
    .deleteFrom("users")
    .where("role", "=", "viewer")
    .where((eb) => eb.or([eb.and([eb("last_sign_in_at", "is", null), eb("created_at", "<", limit)]), eb("last_sign_in_at", "<", limit)]))
    .returning("email")
    .execute();
  // Their e-mails in the local outbox, and (SQLite) the write-ahead log, go too.
  if (result.length > 0)
    await eraseCopies(
      target,
      result.map((r) => r.email),
    );
  return result.length;
}

/** What the accounts do in Better Auth's life (registered by app/composition at startup). */
export const accountAuthHooks: AccountHooks = {
  beforeDeleteUser: (userId, target) => assertCanDeleteSelf(userId, target),
  afterSessionCreated: (userId, target) => touchLastSignIn(userId, target),
};
