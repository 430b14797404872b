import { recordAudit } from "~/domain/audit/audit.server";
import { createAuth } from "~/platform/auth/auth.server";
import { db as siteDb, dbEngine, type Db, type DbEngine } from "~/platform/db/db.server";
import { checkPassword } from "./password-policy";
import { displayNameSchema, emailSchema } from "./model";
import { AccountRuleError, findUserByEmail, type UserSummary } from "./users.server";
import { config } from "~/platform/config.server";
import type { Role } from "./roles";

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
export async function ensureAccount(
  input: EnsureAccountInput,
  target: { db: Db; engine: DbEngine } = { db: siteDb(), engine: dbEngine() },
): Promise<{ user: UserSummary; created: boolean }> {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AccountRuleError("L'adresse e-mail n'est pas valide.");
  const existing = await findUserByEmail(email.data, target.db);
  const actor = { id: null, email: "ligne de commande", role: "admin" as const };
  if (existing) {
    const now = new Date();
    const stamp = target.engine === "postgres" ? now : now.toISOString();
    await target.db.updateTable("users").set({ role: input.role, deactivated_at: null, updated_at: stamp }).where("id", "=", existing.id).execute();
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
  await auth.api.signUpEmail({ body: { email: email.data, password: input.password, name: name.success ? name.data : "Administrateur" } });
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
