import type { Kysely } from "kysely";

/**
 * A session's schedule changes (dates, daily hours, place) once registrants hold seats:
 * `schedule_sequence` is the SEQUENCE of its calendar events (each move sends the same UIDs with
 * the next number, so calendars update the event), `schedule_changed_at` the last move, against
 * which documents issued earlier are « à régénérer ».
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("formation_sessions")
    .addColumn("schedule_sequence", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("formation_sessions").addColumn("schedule_changed_at", "varchar(40)").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("formation_sessions").dropColumn("schedule_changed_at").execute();
  await db.schema.alterTable("formation_sessions").dropColumn("schedule_sequence").execute();
}
