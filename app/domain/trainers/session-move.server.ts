import { recordAudit } from "~/domain/audit/audit.server";
import {
  updateSessionDetails,
  type SessionDates,
  type SessionDatesFollower,
  type SessionSaveResult,
} from "~/domain/registrations/admin.server";
import { sessionHalfDays } from "~/domain/registrations/calendar";
import type { SessionDetailsInput } from "~/domain/registrations/model";
import { getSession } from "~/domain/registrations/sessions.server";
import type { Actor } from "~/platform/db/actor";
import { db, nowIso, type Db } from "~/platform/db/db.server";
import { isUniqueViolation } from "~/platform/db/errors";
import { formatCount } from "~/platform/format";
import { conflictMessage, insertTrainerSlots } from "./trainers.server";

/**
 * Moving a session moves its trainers' half-days (docs/decisions/0032-trainers-follow-a-moved-session.md).
 * Each half-day keeps its rank: the morning of the first day stays the morning of the first day. A
 * trainer who taught every half-day teaches every half-day of the moved session; one who taught
 * some keeps the same ranks, and those the session no longer has (a shorter session) are dropped.
 * If a trainer teaches another session or is unavailable at the new dates, the move is refused.
 */

interface Assignment {
  trainerId: string;
  name: string;
  slots: string[];
  createdBy: string;
}

async function assignments(trx: Db, sessionId: string): Promise<Assignment[]> {
  const rows = await trx
    .selectFrom("trainer_slots as t")
    .innerJoin("trainers as r", "r.id", "t.trainer_id")
    .select(["t.trainer_id", "r.name", "t.slot", "t.created_by"])
    .where("t.session_id", "=", sessionId)
    .orderBy("r.name")
    .orderBy("t.slot")
    .execute();
  const byTrainer = new Map<string, Assignment>();
  for (const r of rows) {
    const a = byTrainer.get(r.trainer_id) ?? { trainerId: r.trainer_id, name: r.name, slots: [], createdBy: r.created_by };
    a.slots.push(r.slot);
    byTrainer.set(r.trainer_id, a);
  }
  return [...byTrainer.values()];
}

/** The half-days a trainer teaches once the session moved from `from` to `to` (same ranks; all of them for a trainer who taught all). */
export function followedSlots(slots: readonly string[], from: SessionDates, to: SessionDates): string[] {
  const before: string[] = sessionHalfDays(from.startDate, from.endDate);
  const after: string[] = sessionHalfDays(to.startDate, to.endDate);
  if (before.length > 0 && before.every((h) => slots.includes(h))) return after;
  return slots
    .map((slot) => before.indexOf(slot))
    .filter((rank) => rank >= 0 && rank < after.length)
    .map((rank) => after[rank]!);
}

/** Why the trainers cannot follow: the first trainer busy or unavailable at the new dates, named, with the other session. */
async function refusal(trx: Db, sessionId: string, from: SessionDates, to: SessionDates): Promise<string | null> {
  for (const a of await assignments(trx, sessionId)) {
    const busy = await conflictMessage(a.trainerId, followedSlots(a.slots, from, to), sessionId, trx, a.name);
    if (busy)
      return `La session n'a pas été déplacée\u00a0: ${busy} Choisissez d'autres dates, ou retirez d'abord ce formateur de la session.`;
  }
  return null;
}

/** The trainers' half-days follow the move, in the transaction that moves the session (the UNIQUE (trainer_id, slot) still guards). */
function follower(actor: Actor): SessionDatesFollower {
  return {
    refusal,
    async follow(trx, sessionId, from, to) {
      const list = await assignments(trx, sessionId);
      if (!list.length) return;
      await trx.deleteFrom("trainer_slots").where("session_id", "=", sessionId).execute();
      const now = nowIso();
      for (const a of list) {
        const slots = followedSlots(a.slots, from, to);
        if (slots.length) await insertTrainerSlots(trx, { trainerId: a.trainerId, sessionId, slots, createdBy: a.createdBy, now });
        const dropped = a.slots.length - slots.length;
        await recordAudit(trx, {
          actor,
          action: "assign",
          entity: "trainer",
          entityId: a.trainerId,
          summary: `${a.name} suit le déplacement de la session (${formatCount(slots.length, "demi-journée")}${dropped > 0 ? `, ${formatCount(dropped, "demi-journée")} en moins` : ""}).`,
        });
      }
    },
  };
}

/**
 * Staff save the session's kind, dates, hours and address (app/domain/registrations/admin.server.ts,
 * `updateSessionDetails`) with its trainers following the new dates: refused, nothing saved, when
 * one of them teaches another session or is unavailable then. The calendar feed of each trainer
 * reads their half-days, so it shows the new dates at its next refresh.
 */
export async function updateSessionWithTrainers(
  id: string,
  input: Omit<SessionDetailsInput, "startDate" | "endDate" | "confirmation"> & Partial<SessionDetailsInput>,
  actor: Actor,
  target: Db = db(),
  now = Date.now(),
): Promise<SessionSaveResult> {
  try {
    return await updateSessionDetails(id, input, actor, target, now, follower(actor));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A trainer was booked on one of the new half-days between the check and the write (another instance).
    const session = await getSession(id, target);
    const to = { startDate: input.startDate ?? session?.startDate ?? "", endDate: input.endDate ?? session?.endDate ?? "" };
    return {
      ok: false,
      conflict:
        (session && (await refusal(target, id, session, to))) ??
        "La session n'a pas été déplacée\u00a0: un de ses formateurs vient d'être affecté ailleurs sur ces dates.",
    };
  }
}
