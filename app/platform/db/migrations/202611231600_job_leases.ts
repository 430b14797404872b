import type { Kysely } from "kysely";

/**
 * `job_leases`: named leases shared by every instance (see docs/decisions/0004-job-queue.md).
 * - "startup": held while migrations and seeding run (SQLite; PostgreSQL uses an advisory lock);
 * - "housekeeping": the leader lock, so that one instance at a time runs the housekeeping tasks;
 * - "task:<name>": when each housekeeping task is next due (`next_run_at`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("job_leases")
    .addColumn("name", "varchar(100)", (c) => c.primaryKey())
    .addColumn("holder", "varchar(200)")
    .addColumn("expires_at", "varchar(40)")
    .addColumn("next_run_at", "varchar(40)")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("job_leases").execute();
}
