import type { Kysely } from "kysely";

/**
 * Webhook deliveries of one resource (a registration, a lead, a formation) reach an endpoint in the
 * order their events happened: each delivery names its resource, and one is not sent while an
 * earlier delivery of the same resource to the same endpoint waits (docs/decisions/0013-webhooks.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("webhook_deliveries")
    .addColumn("resource", "varchar(120)", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_resource_idx")
    .on("webhook_deliveries")
    .columns(["endpoint_id", "resource", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("webhook_deliveries_resource_idx").execute();
  await db.schema.alterTable("webhook_deliveries").dropColumn("resource").execute();
}
