import type { Kysely } from "kysely";
import { sessionContentTrigger } from "../content-triggers";
import { SESSION_CONTENT_COLUMNS } from "./202612020410_seat_changes_spool_heartbeats";

/**
 * Every column of `formation_sessions` but the seat counter is content
 * (202612020410_seat_changes_spool_heartbeats): the columns that record a move of the session
 * (202612020420_session_schedule) bump the content version too, like its dates.
 */
const CONTENT_COLUMNS = [...SESSION_CONTENT_COLUMNS, "schedule_sequence", "schedule_changed_at"];

export async function up(db: Kysely<any>): Promise<void> {
  await sessionContentTrigger(db, CONTENT_COLUMNS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sessionContentTrigger(db, SESSION_CONTENT_COLUMNS);
}
