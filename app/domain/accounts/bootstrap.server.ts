import { recordAudit } from "~/domain/audit/audit.server";
import { displayNameSchema, emailSchema } from "~/platform/auth/forms";
import { checkPassword } from "~/platform/auth/password-policy";
import { ROLE_LABELS, type Role } from "~/platform/auth/roles";
import { config } from "~/platform/config.server";
import { db as siteDb, type Db } from "~/platform/db/db.server";
import { authTimestamp } from "~/platform/db/dialect";
import { log } from "~/platform/log.server";
import { discardUnconfirmedAccount } from "./unconfirmed.server";
import { AccountRuleError, createCredentialUser, findUserByEmail, type UserSummary } from "./users.server";

export interface EnsureAccountInput {
  email: string;
  /** Needed to create the account; an existing account keeps its own. */
  password?: string;
  displayName?: string;
  role: Role;
}

/**
 * Creates an account with the given role (its address confirmed), or, when the address has a
 * confirmed account, gives it that role and reactivates it (its password is left unchanged). An
 * unconfirmed account of that address is replaced by a new one (its password may be anyone's). Used by
 * `npm run create-admin` and the development demo accounts. Recorded in the audit log.
 */
export async function ensureAccount(input: EnsureAccountInput, database: Db = siteDb()): Promise<{ user: UserSummary; created: boolean }> {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AccountRuleError("L'adresse e-mail n'est pas valide.");
  const actor = { id: null, email: "ligne de commande", role: "admin" as const };
  // An account that never confirmed its address is replaced, never promoted (its password may be anyone's).
  await database.transaction().execute((trx) => discardUnconfirmedAccount(trx, email.data, actor));
  const existing = await findUserByEmail(email.data, database);
  if (existing) {
    await database
      .updateTable("users")
      .set({
        role: input.role,
        deactivated_at: null,
        updated_at: authTimestamp(database, new Date()),
      })
      .where("id", "=", existing.id)
      .execute();
    if (existing.role !== input.role || !existing.active) {
      await recordAudit(database, {
        actor,
        action: "role",
        entity: "user",
        entityId: existing.id,
        summary: `Rôle de ${existing.email}\u00a0: ${ROLE_LABELS[input.role]} (ligne de commande)`,
      });
    }
    return { user: { ...existing, role: input.role, active: true }, created: false };
  }
  if (!input.password) throw new AccountRuleError("Il faut un mot de passe pour créer le compte.");
  const problem = checkPassword(input.password, config().passwordPolicy);
  if (problem) throw new AccountRuleError(problem);
  const name = displayNameSchema.safeParse(input.displayName ?? email.data.split("@")[0]);
  if (!name.success && input.displayName !== undefined) throw new AccountRuleError(name.error.issues[0]!.message);
  const user = await createCredentialUser(
    { email: email.data, password: input.password, displayName: name.success ? name.data : "Administrateur", role: input.role },
    database,
  );
  await recordAudit(database, {
    actor,
    action: "create",
    entity: "user",
    entityId: user.id,
    summary: `Création du compte ${user.email} (${ROLE_LABELS[input.role]}, ligne de commande)`,
  });
  return { user, created: true };
}

/** Development only: three demo accounts, one per role, printed in the log when created. */
export const DEMO_ACCOUNTS: EnsureAccountInput[] = [
  { email: "admin@demo.local", password: "Demo-Admin-2026!", displayName: "Alice Admin", role: "admin" },
  { email: "editeur@demo.local", password: "Demo-Editeur-2026!", displayName: "Étienne Éditeur", role: "editor" },
  { email: "lecteur@demo.local", password: "Demo-Lecteur-2026!", displayName: "Léa Lectrice", role: "viewer" },
];

export async function seedDemoAccounts(database: Db = siteDb()): Promise<number> {
  if (config().env !== "development") return 0;
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(account.email, database)) continue;
    await ensureAccount(account, database);
    created++;
    log.info("Compte de démonstration créé", { email: account.email, password: account.password, role: account.role });
  }
  return created;
}
