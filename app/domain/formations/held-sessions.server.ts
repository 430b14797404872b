import type { Db } from "~/platform/db/db.server";

/**
 * Sessions that registrations hold: a registration is never lost, so neither the formation editor,
 * nor the catalogue import, nor the deletion of a formation removes such a session
 * (docs/decisions/0011-registrations-seats.md). `active`: registrations still running (received,
 * confirmed, waiting); `all`: cancelled ones too, whose history stays attached to the session.
 * Returns how many registrations each held session has.
 */
export async function sessionsWithRegistrations(
  target: Db,
  where: { sessionIds?: readonly string[]; formationIds?: readonly string[] },
  { statuses = "active" }: { statuses?: "active" | "all" } = {},
): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  const ids = [...new Set(where.sessionIds ?? where.formationIds ?? [])];
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    let query = target
      .selectFrom("registrations as r")
      .innerJoin("formation_sessions as s", "s.id", "r.session_id")
      .select(["r.session_id", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where(where.sessionIds ? "s.id" : "s.formation_id", "in", part)
      .groupBy("r.session_id");
    if (statuses === "active") query = query.where("r.status", "!=", "annulee");
    for (const row of await query.execute()) held.set(row.session_id, Number(row.n));
  }
  return held;
}

/**
 * Sessions among `sessionIds` that have trainers assigned (app/domain/trainers): their dates move on
 * the session's page only, where the trainers' half-days follow them
 * (docs/decisions/0032-trainers-follow-a-moved-session.md).
 */
export async function sessionsWithTrainers(target: Db, sessionIds: readonly string[]): Promise<Set<string>> {
  const taught = new Set<string>();
  const ids = [...new Set(sessionIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await target
      .selectFrom("trainer_slots")
      .select("session_id")
      .distinct()
      .where("session_id", "in", ids.slice(i, i + 500))
      .execute();
    for (const r of rows) if (r.session_id) taught.add(r.session_id);
  }
  return taught;
}
