import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Better Auth's tables (users, sessions, accounts, verifications, rate_limits), written by hand so
 * that they follow our versioned migrations, with the names and columns `app/platform/auth/auth.server.ts`
 * maps (snake_case). Better Auth writes dates and booleans natively on PostgreSQL (timestamptz, boolean)
 * and as ISO-8601 text and 0/1 integers on SQLite, so the column types follow the engine.
 * Plus sign_in_failures: the per-account counter of wrong passwords.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const date = pg ? "timestamptz" : "date";
  const bool = pg ? "boolean" : "integer";
  const json = pg ? "jsonb" : "text";
  const falseValue = pg ? sql`false` : sql`0`;

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("display_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("email_verified", bool, (c) => c.notNull().defaultTo(falseValue))
    .addColumn("image", "text")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("viewer"))
    .addColumn("permissions", json)
    .addColumn("deactivated_at", date)
    .addColumn("created_at", date, (c) => c.notNull())
    .addColumn("updated_at", date, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("users_role_idx").on("users").column("role").execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expires_at", date, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("created_at", date, (c) => c.notNull())
    .addColumn("updated_at", date, (c) => c.notNull())
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("access_token", "text")
    .addColumn("refresh_token", "text")
    .addColumn("id_token", "text")
    .addColumn("access_token_expires_at", date)
    .addColumn("refresh_token_expires_at", date)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("created_at", date, (c) => c.notNull())
    .addColumn("updated_at", date, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("accounts_user_id_idx").on("accounts").column("user_id").execute();

  await db.schema
    .createTable("verifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expires_at", date, (c) => c.notNull())
    .addColumn("created_at", date, (c) => c.notNull())
    .addColumn("updated_at", date, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("verifications_identifier_idx").on("verifications").column("identifier").execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("last_request", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sign_in_failures")
    .addColumn("email", "varchar(320)", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("window_start", "varchar(40)", (c) => c.notNull())
    .addColumn("last_failure_at", "varchar(40)", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["sign_in_failures", "rate_limits", "verifications", "accounts", "sessions", "users"]) {
    await db.schema.dropTable(table).execute();
  }
}
