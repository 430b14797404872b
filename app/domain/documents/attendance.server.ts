import { recordAudit } from "~/domain/audit/audit.server";
import type { Actor } from "~/platform/db/actor";
import { db, nowIso, type Db } from "~/platform/db/db.server";
import type { FailureKind } from "~/platform/validation/errors";
import { sessionHalfDays, type AttendanceInput } from "./model";

/**
 * Staff mark, per trainee, the half-days attended and the assessment result (before the
 * certificates). A trainee of another session, or a half-day outside the session, is refused.
 */
export async function markAttendance(
  sessionId: string,
  input: AttendanceInput,
  actor: Actor,
  target: Db = db(),
): Promise<{ ok: true } | { ok: false; kind: FailureKind; error: string }> {
  const row = await target
    .selectFrom("registration_trainees as t")
    .innerJoin("registrations as r", "r.id", "t.registration_id")
    .innerJoin("formation_sessions as s", "s.id", "r.session_id")
    .select(["t.id", "t.first_name", "t.last_name", "s.start_date", "s.end_date"])
    .where("t.id", "=", input.stagiaire)
    .where("r.session_id", "=", sessionId)
    .where("r.status", "in", ["recue", "confirmee"])
    .executeTakeFirst();
  if (!row) return { ok: false, kind: "not-found", error: "Ce stagiaire n'est pas inscrit sur cette session." };
  const valid = sessionHalfDays(row.start_date, row.end_date);
  const unknown = input.presence.find((h) => !valid.includes(h as (typeof valid)[number]));
  if (unknown) return { ok: false, kind: "invalid", error: "Une demi-journée cochée n'appartient pas à cette session." };
  const halfDays = JSON.stringify(valid.filter((h) => input.presence.includes(h)));
  const iso = nowIso();
  await target.transaction().execute(async (trx) => {
    await trx
      .insertInto("session_attendance")
      .values({
        trainee_id: row.id,
        session_id: sessionId,
        half_days: halfDays,
        result: input.resultat,
        updated_by: actor.email,
        updated_at: iso,
      })
      .onConflict((oc) =>
        oc.column("trainee_id").doUpdateSet({ half_days: halfDays, result: input.resultat, updated_by: actor.email, updated_at: iso }),
      )
      .execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "session",
      entityId: sessionId,
      summary: `Présence et résultat de ${row.first_name} ${row.last_name} enregistrés.`,
    });
  });
  return { ok: true };
}
