import { createEvents, type EventAttributes } from "ics";
import type { MailAttachment } from "~/platform/email/mailer.server";
import { parisTimeToInstant, sessionDays } from "./calendar";

export interface CalendarSession {
  sessionId: string;
  formationTitle: string;
  startDate: string;
  endDate: string;
  dayStart: string;
  dayEnd: string;
  /** The address, or the remote-session sentence. */
  place: string;
  organisationName: string;
  siteHost: string;
  description: string;
  /** The session's `schedule_sequence`: 0 until its first move, one more at each move. */
  sequence: number;
  /**
   * Days sent before a move that the session no longer has (it got shorter): their events go
   * out again as cancelled, so that calendars remove them.
   */
  previousDayCount?: number;
}

/**
 * The UID of a session's n-th day (1-based). It names the day's rank, not its date, so that a
 * moved session's file updates the events already in the calendars (same UID, higher SEQUENCE).
 */
export function sessionEventUid(sessionId: string, rank: number, siteHost: string): string {
  return `${sessionId}-jour-${rank}@${siteHost}`;
}

/**
 * The `.ics` file of a session: one event per day (`sessionDays`), from `dayStart` to `dayEnd`
 * Paris time, written as UTC instants (unambiguous in every calendar, across daylight-saving
 * changes), with the place as location. Built with the `ics` library (RFC 5545 folding, escaping).
 * Every file of a session carries its current SEQUENCE: a calendar replaces an event by one with
 * the same UID and a higher SEQUENCE (RFC 5545, 3.8.7.4).
 */
export function sessionCalendar(s: CalendarSession): string {
  const days = sessionDays(s.startDate, s.endDate);
  const events: EventAttributes[] = days.map((day, i) => ({
    uid: sessionEventUid(s.sessionId, i + 1, s.siteHost),
    sequence: s.sequence,
    productId: `-//${s.organisationName.replace(/[\r\n/]/g, " ")}//Inscriptions//FR`,
    method: "PUBLISH",
    title: days.length > 1 ? `${s.formationTitle} (jour ${i + 1} sur ${days.length})` : s.formationTitle,
    start: parisTimeToInstant(day, s.dayStart).getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: parisTimeToInstant(day, s.dayEnd).getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    location: s.place,
    description: s.description,
    status: "CONFIRMED",
    busyStatus: "BUSY",
  }));
  // Days dropped by a move: the same UIDs, cancelled, at the last day's times (the calendars drop them).
  const lastDay = days[days.length - 1] ?? s.startDate;
  for (let rank = days.length + 1; rank <= (s.previousDayCount ?? 0); rank++) {
    events.push({
      uid: sessionEventUid(s.sessionId, rank, s.siteHost),
      sequence: s.sequence,
      productId: `-//${s.organisationName.replace(/[\r\n/]/g, " ")}//Inscriptions//FR`,
      method: "PUBLISH",
      title: `${s.formationTitle} (jour ${rank} supprimé)`,
      start: parisTimeToInstant(lastDay, s.dayStart).getTime(),
      startInputType: "utc",
      startOutputType: "utc",
      end: parisTimeToInstant(lastDay, s.dayEnd).getTime(),
      endInputType: "utc",
      endOutputType: "utc",
      status: "CANCELLED",
      busyStatus: "FREE",
    });
  }
  const { error, value } = createEvents(events);
  if (error || !value) throw error ?? new Error("Calendrier vide");
  return value;
}

export function calendarAttachment(s: CalendarSession): MailAttachment & { content: string } {
  return { filename: "session.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: sessionCalendar(s) };
}
