import type { Kysely } from "kysely";

/**
 * The simulator's funding rules: one row per OPCO and headcount band.
 * Amounts in cents (integers), booleans 0/1, schemes as a JSON array, dates as ISO text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("funding_rules")
    .addColumn("opco", "varchar(40)", (c) => c.notNull())
    .addColumn("band", "varchar(10)", (c) => c.notNull())
    .addColumn("plan_funded", "integer", (c) => c.notNull())
    .addColumn("hourly_cap_cents", "integer")
    .addColumn("annual_ceiling_cents", "integer")
    .addColumn("schemes", "text", (c) => c.notNull())
    .addColumn("checked_on", "varchar(10)", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("updated_at", "varchar(40)", (c) => c.notNull())
    .addPrimaryKeyConstraint("funding_rules_pk", ["opco", "band"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("funding_rules").execute();
}
