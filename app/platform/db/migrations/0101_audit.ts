import type { Kysely } from "kysely";
import { tableWithId } from "./columns";

/**
 * The audit log: who changed what, when. The actor is copied (id, e-mail, role) rather than
 * referenced, so that entries outlive a deleted account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, "audit_log")
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .addColumn("actor_id", "varchar(64)")
    .addColumn("actor_email", "varchar(320)", (c) => c.notNull())
    .addColumn("actor_role", "varchar(20)", (c) => c.notNull())
    .addColumn("action", "varchar(40)", (c) => c.notNull())
    .addColumn("entity", "varchar(60)", (c) => c.notNull())
    .addColumn("entity_id", "varchar(200)")
    .addColumn("summary", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created_at_idx").on("audit_log").column("created_at").execute();
  await db.schema.createIndex("audit_log_entity_idx").on("audit_log").columns(["entity", "created_at"]).execute();
  await db.schema.createIndex("audit_log_actor_idx").on("audit_log").columns(["actor_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
}
