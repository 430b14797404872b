import { PostgresAdapter, sql, type Kysely } from "kysely";
import { tableWithId } from "./columns";

/**
 * Accounts, second step:
 * - `invitations`: an admin invites a staff member; the mail carries a single-use link (only the
 *   SHA-256 of its token is stored) that expires;
 * - `sign_in_throttles` replaces `sign_in_failures`: wrong passwords are counted per (account,
 *   client address) pair and per client address, never per account alone, so that nobody can
 *   lock someone else out from elsewhere;
 * - sign-up now asks new accounts to confirm their address: every account that existed before
 *   is marked confirmed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;

  await tableWithId(db, "invitations")
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    .addColumn("display_name", "varchar(200)", (c) => c.notNull())
    .addColumn("role", "varchar(20)", (c) => c.notNull())
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("expires_at", "varchar(40)", (c) => c.notNull())
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .addColumn("created_by_email", "varchar(254)", (c) => c.notNull())
    .addColumn("last_sent_at", "varchar(40)", (c) => c.notNull())
    .addColumn("send_count", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("accepted_at", "varchar(40)")
    .addColumn("accepted_user_id", "text")
    .addColumn("revoked_at", "varchar(40)")
    .execute();
  await db.schema.createIndex("invitations_email_idx").on("invitations").column("email").execute();

  await db.schema
    .createTable("sign_in_throttles")
    .addColumn("key", "varchar(400)", (c) => c.primaryKey())
    .addColumn("kind", "varchar(10)", (c) => c.notNull())
    .addColumn("email", "varchar(320)")
    .addColumn("address", "varchar(100)", (c) => c.notNull())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("last_failure_at", "varchar(40)", (c) => c.notNull())
    .addColumn("locked_until", "varchar(40)")
    .execute();
  await db.schema.createIndex("sign_in_throttles_locked_idx").on("sign_in_throttles").column("locked_until").execute();
  await db.schema.dropTable("sign_in_failures").execute();

  await db
    .updateTable("users")
    .set({ email_verified: pg ? sql`true` : sql`1` })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sign_in_throttles").execute();
  await db.schema.dropTable("invitations").execute();
  await db.schema
    .createTable("sign_in_failures")
    .addColumn("email", "varchar(320)", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("window_start", "varchar(40)", (c) => c.notNull())
    .addColumn("last_failure_at", "varchar(40)", (c) => c.notNull())
    .execute();
}
