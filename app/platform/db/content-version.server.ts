import { sql } from "kysely";
import { db, type Db } from "./db.server";
import { isPostgres } from "./dialect";

/** The content version (see content-triggers.ts): one indexed row read, cheap enough to poll. */
export async function readContentVersion(target: Db = db()): Promise<number> {
  const row = await target.selectFrom("site_state").select("content_version").where("id", "=", 1).executeTakeFirst();
  return Number(row?.content_version ?? 0);
}

/** How far back each poll reads `seat_changes`: longer than any seat-taking transaction, by far. */
export const SEAT_CHANGES_WINDOW_SECONDS = 30;

/**
 * The seat changes of the last SEAT_CHANGES_WINDOW_SECONDS (by the database's clock, so that the
 * instances' clocks do not matter), each with its sequence number. The window is read again at
 * every poll: a change committed after a later one was read is still seen.
 */
export async function recentSeatChanges(target: Db = db()): Promise<Array<{ seq: string; sessionId: string }>> {
  const since = isPostgres(target)
    ? sql<string>`to_char((clock_timestamp() - interval '${sql.raw(String(SEAT_CHANGES_WINDOW_SECONDS))} seconds') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${SEAT_CHANGES_WINDOW_SECONDS} seconds`})`;
  const rows = await target.selectFrom("seat_changes").select(["seq", "session_id"]).where("changed_at", ">=", since).execute();
  return rows.map((r) => ({ seq: String(r.seq), sessionId: r.session_id }));
}

/** Forgets the seat changes older than ten minutes (every instance, with its heartbeat). */
export async function pruneSeatChanges(target: Db = db(), now = Date.now()): Promise<void> {
  await target
    .deleteFrom("seat_changes")
    .where("changed_at", "<", new Date(now - 10 * 60_000).toISOString())
    .execute();
}
