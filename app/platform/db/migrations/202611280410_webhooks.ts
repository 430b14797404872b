import type { Kysely } from "kysely";
import { createdAndUpdated, leaseColumns, tableWithId } from "./columns";

/**
 * Webhooks (docs/decisions/0013-webhooks.md): the endpoints admins register, the events written in
 * the same transaction as what causes them, one delivery per (event, endpoint) worked by the job
 * runner, and the log of every attempt with its HTTP status.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, "webhook_endpoints")
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("secret", "varchar(200)", (c) => c.notNull())
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("consecutive_failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("disabled_at", "varchar(40)")
    .addColumn("disabled_reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_by_email", "varchar(320)", (c) => c.notNull())
    .$call(createdAndUpdated)
    .execute();
  await tableWithId(db, "webhook_events")
    .addColumn("type", "varchar(60)", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .execute();
  await tableWithId(db, "webhook_deliveries")
    .addColumn("event_id", "varchar(36)", (c) => c.notNull().references("webhook_events.id").onDelete("cascade"))
    .addColumn("endpoint_id", "varchar(36)", (c) => c.notNull().references("webhook_endpoints.id").onDelete("cascade"))
    .addColumn("state", "varchar(20)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "varchar(40)", (c) => c.notNull())
    .$call(leaseColumns)
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("delivered_at", "varchar(40)")
    .$call(createdAndUpdated)
    .execute();
  await db.schema.createIndex("webhook_deliveries_due_idx").on("webhook_deliveries").columns(["state", "next_attempt_at"]).execute();
  await db.schema.createIndex("webhook_deliveries_endpoint_idx").on("webhook_deliveries").columns(["endpoint_id", "created_at"]).execute();
  await tableWithId(db, "webhook_attempts")
    .addColumn("delivery_id", "varchar(36)", (c) => c.notNull().references("webhook_deliveries.id").onDelete("cascade"))
    .addColumn("attempted_at", "varchar(40)", (c) => c.notNull())
    .addColumn("status_code", "integer")
    .addColumn("error", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("duration_ms", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("webhook_attempts_delivery_idx").on("webhook_attempts").columns(["delivery_id", "attempted_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("webhook_attempts").execute();
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.dropTable("webhook_events").execute();
  await db.schema.dropTable("webhook_endpoints").execute();
}
