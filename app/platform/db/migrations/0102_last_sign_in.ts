import { PostgresAdapter, type Kysely } from "kysely";

/** When each account last signed in: the privacy policy deletes viewer accounts unused for 3 years. */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable("users")
    .addColumn("last_sign_in_at", pg ? "timestamptz" : "date")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("last_sign_in_at").execute();
}
