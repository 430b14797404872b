import { db, type Db } from "~/platform/db/db.server";
import { log } from "~/platform/log.server";
import { storage } from "~/platform/storage/storage.server";
import { ATTENDANCE_RETENTION_YEARS } from "./model";

/**
 * How long attendance proofs are kept (docs/legal/attendance.md): the signatures, statuses and files
 * of a session stay ATTENDANCE_RETENTION_YEARS full years after the end of the year the session
 * ended in (the funders' control period), then everything of that session is deleted: records,
 * chain heads, files. The one-time e-mail codes go one day after they expired.
 */

/** The last session end date (YYYY-MM-DD) whose proofs are past their retention at `now`. */
export function attendanceCutoff(now: number): string {
  const year = new Date(now).getUTCFullYear() - ATTENDANCE_RETENTION_YEARS - 1;
  return `${year}-12-31`;
}

export async function pruneAttendance(target: Db = db(), now = Date.now()): Promise<number> {
  const codes = await target
    .deleteFrom("attendance_email_codes")
    .where("expires_at", "<", new Date(now - 86_400_000).toISOString())
    .executeTakeFirst();
  const sessions = (
    await target
      .selectFrom("attendance_half_days as h")
      .innerJoin("formation_sessions as s", "s.id", "h.session_id")
      .select("h.session_id")
      .where("s.end_date", "<=", attendanceCutoff(now))
      .distinct()
      .execute()
  ).map((r) => r.session_id);
  let removed = Number(codes.numDeletedRows ?? 0);
  for (const sessionId of sessions) {
    const files = await target
      .selectFrom("attendance_records")
      .select("file_key")
      .where("session_id", "=", sessionId)
      .where("file_key", "!=", "")
      .execute();
    await target.transaction().execute(async (trx) => {
      const records = await trx.deleteFrom("attendance_records").where("session_id", "=", sessionId).executeTakeFirst();
      await trx.deleteFrom("attendance_half_days").where("session_id", "=", sessionId).execute();
      removed += Number(records.numDeletedRows ?? 0);
    });
    for (const f of files)
      await storage()
        .delete(f.file_key)
        .catch(() => {});
    log.info("Émargement : preuves supprimées au terme de leur conservation", { sessionId });
  }
  return removed;
}

/** What the site keeps of a trainee's attendance, for their data export (RGPD art. 15): every record about them, pictures left out. */
export async function traineeAttendanceRecords(traineeIds: string[], target: Db = db()) {
  if (!traineeIds.length) return [];
  const rows = await target
    .selectFrom("attendance_records")
    .select(["half_day", "event", "status", "method", "signature_kind", "reason", "ip", "user_agent", "created_at", "hash"])
    .where("trainee_id", "in", traineeIds)
    .orderBy("created_at")
    .execute();
  return rows.map((r) => ({ ...r, signature: r.signature_kind ? "(gardée avec la feuille d'émargement)" : "" }));
}
