import type { Kysely } from "kysely";
import { createdAndUpdated, tableWithId } from "./columns";

/**
 * Trainers (docs/decisions/0030-trainer-slots.md):
 * - `trainers`: who teaches, internal (salaried) or external (independent or a subcontracting
 *   company, with its SIRET and activity declaration number); qualifications, areas and
 *   competence updates as JSON lists; `archived` hides a trainer from new assignments;
 *   `feed_token_hash` the SHA-256 of the secret of their calendar subscription link (null: none).
 * - `trainer_slots`: one row per trainer and half-day (`2027-03-25:matin`), either taught on a
 *   session (`session_id`) or declared unavailable (`session_id` null). The UNIQUE pair
 *   (trainer_id, slot) is what refuses a double booking, on every instance and both engines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createdAndUpdated(
    tableWithId(db, "trainers")
      .addColumn("name", "varchar(120)", (c) => c.notNull())
      .addColumn("email", "varchar(320)", (c) => c.notNull())
      .addColumn("phone", "varchar(40)", (c) => c.notNull().defaultTo(""))
      .addColumn("status", "varchar(20)", (c) => c.notNull())
      .addColumn("company_name", "varchar(200)", (c) => c.notNull().defaultTo(""))
      .addColumn("siret", "varchar(14)", (c) => c.notNull().defaultTo(""))
      .addColumn("nda", "varchar(20)", (c) => c.notNull().defaultTo(""))
      .addColumn("qualifications", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("areas", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("competences", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("archived", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("feed_token_hash", "varchar(64)", (c) => c.unique()),
  ).execute();

  await tableWithId(db, "trainer_slots")
    .addColumn("trainer_id", "varchar(36)", (c) => c.notNull().references("trainers.id"))
    .addColumn("slot", "varchar(24)", (c) => c.notNull())
    .addColumn("session_id", "varchar(64)", (c) => c.references("formation_sessions.id").onDelete("cascade"))
    .addColumn("created_by", "varchar(320)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .addUniqueConstraint("trainer_slots_trainer_slot", ["trainer_id", "slot"])
    .execute();
  await db.schema.createIndex("trainer_slots_session").on("trainer_slots").column("session_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("trainer_slots").execute();
  await db.schema.dropTable("trainers").execute();
}
