import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Every column of `formation_sessions` but the seat counter is content
 * (202612020410_seat_changes_spool_heartbeats): the columns that record a move of the session
 * (202612020420_session_schedule) bump the content version too, like its dates.
 */
const CONTENT_COLUMNS = [
  "id",
  "formation_id",
  "start_date",
  "end_date",
  "city_id",
  "kind",
  "day_start",
  "day_end",
  "address",
  "created_at",
  "schedule_sequence",
  "schedule_changed_at",
];

async function contentTrigger(db: Kysely<any>, columns: string[]): Promise<void> {
  const list = columns.join(", ");
  if (isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS formation_sessions_content_version ON formation_sessions`.execute(db);
    await sql
      .raw(
        `CREATE TRIGGER formation_sessions_content_version AFTER INSERT OR DELETE OR UPDATE OF ${list} ON formation_sessions FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version()`,
      )
      .execute(db);
    return;
  }
  await sql`DROP TRIGGER IF EXISTS formation_sessions_content_version_update`.execute(db);
  await sql
    .raw(
      `CREATE TRIGGER formation_sessions_content_version_update AFTER UPDATE OF ${list} ON formation_sessions BEGIN UPDATE site_state SET content_version = content_version + 1 WHERE id = 1; END`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await contentTrigger(db, CONTENT_COLUMNS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await contentTrigger(
    db,
    CONTENT_COLUMNS.filter((c) => !c.startsWith("schedule_")),
  );
}
