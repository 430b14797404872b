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
}

/**
 * The `.ics` file of a session: one event per day (`sessionDays`), from `dayStart` to `dayEnd`
 * Paris time, written as UTC instants (unambiguous in every calendar, across daylight-saving
 * changes), with the place as location. Built with the `ics` library (RFC 5545 folding, escaping).
 */
export function sessionCalendar(s: CalendarSession): string {
  const days = sessionDays(s.startDate, s.endDate);
  const events: EventAttributes[] = days.map((day, i) => ({
    uid: `${s.sessionId}-${day}@${s.siteHost}`,
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
  const { error, value } = createEvents(events);
  if (error || !value) throw error ?? new Error("Calendrier vide");
  return value;
}

export function calendarAttachment(s: CalendarSession): MailAttachment & { content: string } {
  return { filename: "session.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: sessionCalendar(s) };
}
