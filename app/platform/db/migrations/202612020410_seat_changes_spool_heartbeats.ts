import { sql, type Kysely } from "kysely";
import { sessionContentTrigger } from "../content-triggers";
import { isPostgres } from "../dialect";

/**
 * 1. A registration no longer empties every page cache. Taking or giving back seats (an UPDATE of
 *    `formation_sessions` that sets only `seats_left` and `updated_at`) no longer bumps the content
 *    version (`site_state`, one row every writer queued on); it appends a row to `seat_changes`
 *    instead, read by every instance to drop only the cached pages that show that session's seats.
 *    Any other change of a session (dates, place, kind, hours, address, an admin's seat count set
 *    with the rest) still bumps the content version. See docs/decisions/0003-caching.md.
 * 2. `spool_heartbeats`: each instance's local spool (host and DATA_DIR), its pending count and
 *    oldest item, refreshed every few seconds, so that the admin of any instance sees a spool that
 *    waits on another machine (docs/decisions/0010-lead-spool.md).
 */

/** The columns of formation_sessions whose change reaches pages as content (all but the seat counter). */
export const SESSION_CONTENT_COLUMNS = [
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
];

const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("seat_changes")
    .addColumn("seq", pg ? "bigserial" : "integer", (c) => c.primaryKey())
    .addColumn("session_id", "varchar(100)", (c) => c.notNull())
    .addColumn("changed_at", "varchar(40)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("seat_changes_changed_at").on("seat_changes").column("changed_at").execute();

  await db.schema
    .createTable("spool_heartbeats")
    .addColumn("spool_id", "varchar(100)", (c) => c.primaryKey())
    .addColumn("instance_id", "varchar(100)", (c) => c.notNull())
    .addColumn("host", "varchar(255)", (c) => c.notNull())
    .addColumn("data_dir", "varchar(1000)", (c) => c.notNull())
    .addColumn("pending", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("oldest_pending_at", "varchar(40)")
    .addColumn("beat_at", "varchar(40)", (c) => c.notNull())
    .execute();

  await sessionContentTrigger(db, SESSION_CONTENT_COLUMNS);
  if (pg) {
    await sql`CREATE FUNCTION note_seat_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO seat_changes (session_id, changed_at)
  VALUES (NEW.id, to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  RETURN NULL;
END $$`.execute(db);
    await sql`CREATE TRIGGER formation_sessions_seat_change AFTER UPDATE OF seats_left ON formation_sessions FOR EACH ROW WHEN (OLD.seats_left IS DISTINCT FROM NEW.seats_left) EXECUTE FUNCTION note_seat_change()`.execute(
      db,
    );
    return;
  }
  await sql
    .raw(
      `CREATE TRIGGER formation_sessions_seat_change AFTER UPDATE OF seats_left ON formation_sessions WHEN OLD.seats_left IS NOT NEW.seats_left BEGIN INSERT INTO seat_changes (session_id, changed_at) VALUES (NEW.id, ${SQLITE_NOW}); END`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS formation_sessions_seat_change ON formation_sessions`.execute(db);
    await sql`DROP FUNCTION IF EXISTS note_seat_change()`.execute(db);
    await sql`DROP TRIGGER IF EXISTS formation_sessions_content_version ON formation_sessions`.execute(db);
    await sql`CREATE TRIGGER formation_sessions_content_version AFTER INSERT OR UPDATE OR DELETE ON formation_sessions FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version()`.execute(
      db,
    );
  } else {
    await sql`DROP TRIGGER IF EXISTS formation_sessions_seat_change`.execute(db);
    await sql`DROP TRIGGER IF EXISTS formation_sessions_content_version_update`.execute(db);
    await sql`CREATE TRIGGER formation_sessions_content_version_update AFTER UPDATE ON formation_sessions BEGIN UPDATE site_state SET content_version = content_version + 1 WHERE id = 1; END`.execute(
      db,
    );
  }
  await db.schema.dropTable("spool_heartbeats").execute();
  await db.schema.dropTable("seat_changes").execute();
}
