import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { PostgresAdapter, type Kysely } from "kysely";

/**
 * Inserts a verified account with a password straight into a site database (SQLite or
 * PostgreSQL), as Better Auth would store it: tests get staff accounts without spawning a
 * process or going through the public sign-up.
 */
export async function insertAccount(
  db: Kysely<any>,
  {
    email,
    password,
    role,
    name = "Compte de test",
  }: { email: string; password: string; role: "viewer" | "editor" | "admin"; name?: string },
): Promise<{ id: string; email: string; password: string }> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const now = new Date();
  const date = postgres ? now : now.toISOString();
  const id = randomUUID().replace(/-/g, "");
  await db
    .insertInto("users")
    .values({
      id,
      display_name: name,
      email: email.toLowerCase(),
      email_verified: postgres ? true : 1,
      image: null,
      role,
      created_at: date,
      updated_at: date,
    })
    .execute();
  await db
    .insertInto("accounts")
    .values({
      id: randomUUID().replace(/-/g, ""),
      account_id: id,
      provider_id: "credential",
      user_id: id,
      password: await hashPassword(password),
      created_at: date,
      updated_at: date,
    })
    .execute();
  return { id, email: email.toLowerCase(), password };
}
