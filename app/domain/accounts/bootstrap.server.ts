import { recordAudit } from "~/domain/audit/audit.server";
import { createAuth } from "~/platform/auth/auth.server";
import { PostgresAdapter } from "kysely";
import { db as siteDb, type Db, type DbEngine } from "~/platform/db/db.server";
import { checkPassword } from "~/platform/auth/password-policy";
import { displayNameSchema, emailSchema } from "~/platform/auth/forms";
import { AccountRuleError, findUserByEmail, type UserSummary } from "./users.server";
import { config } from "~/platform/config.server";
import { log } from "~/platform/log.server";
import type { Role } from "~/platform/auth/roles";

export interface EnsureAccountInput {
  email: string;
  password: string;
  displayName?: string;
  role: Role;
}

/**
 * Creates an account with the given role, or, when the address exists, gives it that role and
 * reactivates it (its password is left unchanged). Used by `npm run create-admin` and the
 * development demo accounts. Goes through Better Auth for the hashing.
 */
export async function ensureAccount(input: EnsureAccountInput, database: Db = siteDb()): Promise<{ user: UserSummary; created: boolean }> {
  const target: { db: Db; engine: DbEngine } = {
    db: database,
    engine: database.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite",
  };
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AccountRuleError("L'adresse e-mail n'est pas valide.");
  const existing = await findUserByEmail(email.data, target.db);
  const actor = { id: null, email: "ligne de commande", role: "admin" as const };
  if (existing) {
    const now = new Date();
    const stamp = target.engine === "postgres" ? now : now.toISOString();
    await target.db
      .updateTable("users")
      .set({ role: input.role, deactivated_at: null, updated_at: stamp })
      .where("id", "=", existing.id)
      .execute();
    if (existing.role !== input.role || !existing.active) {
      await recordAudit(target.db, {
        actor,
        action: "role",
        entity: "user",
        entityId: existing.id,
        summary: `Rôle de ${existing.email} : ${input.role} (ligne de commande)`,
      });
    }
    return { user: { ...existing, role: input.role, active: true }, created: false };
  }
  const problem = checkPassword(input.password, config().passwordPolicy);
  if (problem) throw new AccountRuleError(problem);
  const name = displayNameSchema.safeParse(input.displayName ?? email.data.split("@")[0]);
  const auth = createAuth(target);
  const body = { email: email.data, password: input.password, name: name.success ? name.data : "Administrateur" };
  // Another process (the running site) may write to the same SQLite file: retry a transaction it made stale.
  for (let attempt = 1; ; attempt++) {
    try {
      await auth.api.signUpEmail({ body });
      break;
    } catch (error) {
      if (attempt >= 5 || !isBusy(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
  const created = await findUserByEmail(email.data, target.db);
  if (!created) throw new Error("Le compte n'a pas été créé.");
  await target.db.updateTable("users").set({ role: input.role }).where("id", "=", created.id).execute();
  // Signing up opened a session the script does not use.
  await target.db.deleteFrom("sessions").where("user_id", "=", created.id).execute();
  await recordAudit(target.db, {
    actor,
    action: "create",
    entity: "user",
    entityId: created.id,
    summary: `Création du compte ${created.email} (${input.role}, ligne de commande)`,
  });
  return { user: { ...created, role: input.role }, created: true };
}

function isBusy(error: unknown): boolean {
  const text = JSON.stringify(error, Object.getOwnPropertyNames(error ?? {})) + String((error as { cause?: unknown })?.cause ?? "");
  return /SQLITE_BUSY|Failed to create user/.test(text);
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
