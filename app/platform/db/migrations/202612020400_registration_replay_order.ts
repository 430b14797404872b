import type { Kysely } from "kysely";

/**
 * A registration kept in an instance's spool during an outage is stored, once the database answers,
 * with `spool_pending_at` (when it was stored): its seats are decided later, in arrival order with
 * the other instances' replays (docs/decisions/0011-registrations-seats.md). Null once decided.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("registrations").addColumn("spool_pending_at", "varchar(40)").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("registrations").dropColumn("spool_pending_at").execute();
}
