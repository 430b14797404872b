import type { Kysely } from "kysely";
import { tableWithId } from "./columns";

/**
 * Sign-in by link (docs/decisions/0029-space-sign-in-by-link.md):
 * - `link_sign_in_tokens`: the links sent by e-mail, stored as the SHA-256 hash of their secret,
 *   valid 15 minutes and usable once (`used_at`);
 * - `link_sign_in_sessions`: the sessions they open (cookie secret stored as its hash, sliding
 *   expiry), revoked by `revoked_at`;
 * - `space_accesses`: each access to the client's and trainee's space, with pseudonymous ids only
 *   (the person and the client address as keyed hashes).
 * `realm` names the space ("espace": clients and trainees); the trainers' space will be another.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, "link_sign_in_tokens")
    .addColumn("realm", "varchar(40)", (c) => c.notNull())
    .addColumn("subject", "varchar(320)", (c) => c.notNull())
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("next_path", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("expires_at", "varchar(40)", (c) => c.notNull())
    .addColumn("used_at", "varchar(40)")
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("link_sign_in_tokens_expires").on("link_sign_in_tokens").column("expires_at").execute();

  await tableWithId(db, "link_sign_in_sessions")
    .addColumn("realm", "varchar(40)", (c) => c.notNull())
    .addColumn("subject", "varchar(320)", (c) => c.notNull())
    .addColumn("secret_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("expires_at", "varchar(40)", (c) => c.notNull())
    .addColumn("revoked_at", "varchar(40)")
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .addColumn("last_seen_at", "varchar(40)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("link_sign_in_sessions_subject").on("link_sign_in_sessions").columns(["realm", "subject"]).execute();

  await tableWithId(db, "space_accesses")
    .addColumn("person", "varchar(40)", (c) => c.notNull())
    .addColumn("client", "varchar(40)", (c) => c.notNull())
    .addColumn("event", "varchar(40)", (c) => c.notNull())
    .addColumn("path", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("space_accesses_person").on("space_accesses").columns(["person", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("space_accesses").execute();
  await db.schema.dropTable("link_sign_in_sessions").execute();
  await db.schema.dropTable("link_sign_in_tokens").execute();
}
