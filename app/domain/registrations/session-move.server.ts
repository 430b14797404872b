import { sql } from "kysely";
import { enqueueMail } from "~/platform/email/queue.server";
import { db, type Db } from "~/platform/db/db.server";
import { sessionDays } from "./calendar";
import { scheduleText, sessionMovedMail, sessionMovedTraineeMail } from "./mail-content.server";
import { calendarOf, linksOf, loadMailRegistration, type MailSetup } from "./registrations.server";
import { placeOf, type RegistrationSession } from "./sessions.server";

/**
 * Moving a session (its dates, daily hours or place) once registrants hold seats: who is
 * concerned, and the e-mails that tell them, each with the updated calendar file.
 */

/** Registrations that hold seats (received or confirmed) and their trainees: who a move concerns. */
export interface SessionAudience {
  registrations: number;
  trainees: number;
}

const HOLDING = ["recue", "confirmee"] as const;

type Schedule = Pick<RegistrationSession, "startDate" | "endDate" | "dayStart" | "dayEnd" | "address">;

/** Whether the new schedule changes what registrants were told: dates, daily hours or place. */
export function scheduleMoved(before: RegistrationSession, after: Schedule): boolean {
  return (
    before.startDate !== after.startDate ||
    before.endDate !== after.endDate ||
    before.dayStart !== after.dayStart ||
    before.dayEnd !== after.dayEnd ||
    placeOf(before) !== placeOf({ address: after.address, city: before.city })
  );
}

/** Who a move of the session would reach: its registrations and their trainees. */
export async function sessionAudience(sessionId: string, target: Db = db()): Promise<SessionAudience> {
  const row = await target
    .selectFrom("registrations as r")
    .leftJoin("registration_trainees as t", "t.registration_id", "r.id")
    .select([sql<number | string>`count(distinct r.id)`.as("registrations"), sql<number | string>`count(t.id)`.as("trainees")])
    .where("r.session_id", "=", sessionId)
    .where("r.status", "in", HOLDING)
    .executeTakeFirst();
  return { registrations: Number(row?.registrations ?? 0), trainees: Number(row?.trainees ?? 0) };
}

/**
 * Queues, in the transaction that moved the session (already written), one e-mail to each contact
 * and one to each trainee of the registrations holding seats: the old and new schedule and the
 * calendar file with the same UIDs and the session's new SEQUENCE (days the session no longer has
 * go out cancelled). Returns the number of e-mails.
 */
export async function notifySessionMoved(trx: Db, before: RegistrationSession, setup: MailSetup, now: number): Promise<number> {
  const rows = await trx
    .selectFrom("registrations")
    .select("id")
    .where("session_id", "=", before.id)
    .where("status", "in", HOLDING)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const was = scheduleText(before);
  const previousDays = sessionDays(before.startDate, before.endDate).length;
  let sent = 0;
  for (const { id } of rows) {
    const r = await loadMailRegistration(trx, id);
    if (!r) continue;
    const calendar = calendarOf(r, setup, previousDays);
    await enqueueMail(
      trx,
      {
        registrationId: r.id,
        purpose: "session-deplacee",
        to: r.contactEmail,
        replyTo: setup.staff,
        attachments: [calendar],
        ...sessionMovedMail(r, was, linksOf(r, setup), setup.organisation),
      },
      now,
    );
    sent++;
    for (const trainee of r.trainees) {
      await enqueueMail(
        trx,
        {
          registrationId: r.id,
          purpose: "deplacee-stagiaire",
          to: trainee.email,
          replyTo: setup.staff,
          attachments: [calendar],
          ...sessionMovedTraineeMail(trainee, r, was, setup.organisation, setup.siteUrl),
        },
        now,
      );
      sent++;
    }
  }
  return sent;
}
