import { PostgresAdapter, type Kysely } from "kysely";

/**
 * `users.permissions` (free-form extra grants) was stored and parsed but no guard ever checked it:
 * the role alone decides (docs/spec.md#rôles). The column goes, so that nothing pretends otherwise.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("permissions").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const json = db.getExecutor().adapter instanceof PostgresAdapter ? "jsonb" : "text";
  await db.schema.alterTable("users").addColumn("permissions", json).execute();
}
