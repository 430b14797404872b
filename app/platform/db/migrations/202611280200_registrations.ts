import type { Kysely } from "kysely";
import { createdAndUpdated, tableWithId, addColumns } from "./columns";

/**
 * Online registration to inter-company sessions (docs/decisions/0011-registrations-seats.md).
 *
 * - `formation_sessions` gains what a registration needs: the kind (`inter` takes registrations
 *   online, `intra` keeps the quote path), the daily hours and the address (empty: the city's).
 *   `seats_left` stays the one counter of free seats: a registration takes its seats with one
 *   conditional UPDATE (`seats_left >= n`), the same on both engines and with several instances.
 * - `registrations`: who pays (company or individual), the company and its address (for the
 *   convention), the contact, the funding intention, the accessibility needs, the versions of the
 *   CGV and of the règlement intérieur accepted, the status and the seats it holds.
 * - `registration_trainees`: its trainees (50 at most).
 * - `registration_status_history`: every status with who, when and why.
 * - `registration_offers`: a seat offered to the first of the waiting list (a registration in
 *   status `en_attente`), held until the link expires.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, "formation_sessions", [
    ["kind", "varchar(10)", (c) => c.notNull().defaultTo("inter")],
    ["day_start", "varchar(5)", (c) => c.notNull().defaultTo("09:00")],
    ["day_end", "varchar(5)", (c) => c.notNull().defaultTo("17:00")],
    ["address", "varchar(300)", (c) => c.notNull().defaultTo("")],
  ]);

  await tableWithId(db, "registrations")
    .addColumn("reference", "varchar(20)", (c) => c.notNull().unique())
    .addColumn("session_id", "varchar(36)", (c) => c.notNull())
    .addColumn("formation_id", "varchar(36)", (c) => c.notNull())
    .addColumn("buyer_kind", "varchar(20)", (c) => c.notNull())
    .addColumn("company_name", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("siret", "varchar(14)", (c) => c.notNull().defaultTo(""))
    .addColumn("street", "varchar(300)", (c) => c.notNull())
    .addColumn("postal_code", "varchar(10)", (c) => c.notNull())
    .addColumn("city", "varchar(120)", (c) => c.notNull())
    .addColumn("contact_name", "varchar(160)", (c) => c.notNull())
    .addColumn("contact_email", "varchar(254)", (c) => c.notNull())
    .addColumn("contact_phone", "varchar(40)", (c) => c.notNull().defaultTo(""))
    .addColumn("funding", "varchar(30)", (c) => c.notNull())
    .addColumn("opco", "varchar(40)", (c) => c.notNull().defaultTo(""))
    .addColumn("accessibility_needs", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("cgv_version_id", "varchar(36)")
    .addColumn("ri_version_id", "varchar(36)")
    .addColumn("status", "varchar(20)", (c) => c.notNull())
    .addColumn("seats", "integer", (c) => c.notNull())
    .addColumn("source", "varchar(20)", (c) => c.notNull().defaultTo("en_ligne"))
    .addColumn("waitlisted_at", "varchar(40)")
    .addColumn("final_on", "varchar(10)")
    .addColumn("form_token", "varchar(200)", (c) => c.unique())
    .$call(createdAndUpdated)
    .execute();
  await db.schema.createIndex("registrations_session_idx").on("registrations").columns(["session_id", "status", "waitlisted_at"]).execute();

  await tableWithId(db, "registration_trainees")
    .addColumn("registration_id", "varchar(36)", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("first_name", "varchar(80)", (c) => c.notNull())
    .addColumn("last_name", "varchar(80)", (c) => c.notNull())
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    .addColumn("job_title", "varchar(120)", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createIndex("registration_trainees_registration_idx")
    .on("registration_trainees")
    .columns(["registration_id", "position"])
    .execute();

  await tableWithId(db, "registration_status_history")
    .addColumn("registration_id", "varchar(36)", (c) => c.notNull())
    .addColumn("status", "varchar(20)", (c) => c.notNull())
    .addColumn("actor_id", "varchar(64)")
    .addColumn("actor_label", "varchar(254)", (c) => c.notNull())
    .addColumn("reason", "varchar(1000)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("registration_status_history_registration_idx")
    .on("registration_status_history")
    .columns(["registration_id", "created_at"])
    .execute();

  await tableWithId(db, "registration_offers")
    .addColumn("registration_id", "varchar(36)", (c) => c.notNull())
    .addColumn("session_id", "varchar(36)", (c) => c.notNull())
    .addColumn("seats", "integer", (c) => c.notNull())
    .addColumn("state", "varchar(20)", (c) => c.notNull())
    .addColumn("expires_at", "varchar(40)", (c) => c.notNull())
    .$call(createdAndUpdated)
    .execute();
  await db.schema.createIndex("registration_offers_state_idx").on("registration_offers").columns(["state", "expires_at"]).execute();
  await db.schema
    .createIndex("registration_offers_registration_idx")
    .on("registration_offers")
    .columns(["registration_id", "state"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["registration_offers", "registration_status_history", "registration_trainees", "registrations"]) {
    await db.schema.dropTable(table).execute();
  }
  for (const column of ["address", "day_end", "day_start", "kind"]) {
    await db.schema.alterTable("formation_sessions").dropColumn(column).execute();
  }
}
