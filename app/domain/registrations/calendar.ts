/**
 * Session days and Paris wall-clock times (zod-free, no server import: the confirmation page and
 * the e-mails use the same days as the calendar file).
 */

import { formatDateWithWeekday, parisWallToInstant } from "~/platform/format";

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

const isWeekend = (day: string) => weekday(day) === 0 || weekday(day) === 6;

/**
 * The days a session takes place, from its first to its last day. Saturdays and Sundays in between
 * are left out, unless the session starts or ends on one (a weekend session).
 */
export function sessionDays(startDate: string, endDate: string): string[] {
  const days: string[] = [];
  const keepWeekends = isWeekend(startDate) || isWeekend(endDate);
  for (let day = startDate; day <= endDate && days.length < 366; day = addDays(day, 1)) {
    if (keepWeekends || !isWeekend(day)) days.push(day);
  }
  return days;
}

export const HALF_DAYS = ["matin", "apres-midi"] as const;
export type HalfDay = `${string}:${(typeof HALF_DAYS)[number]}`;

/** Every half-day of a session, in order: "2027-03-25:matin", "2027-03-25:apres-midi", … (attendance, trainers' slots). */
export function sessionHalfDays(startDate: string, endDate: string): HalfDay[] {
  return sessionDays(startDate, endDate).flatMap((day) => HALF_DAYS.map((h) => `${day}:${h}` as HalfDay));
}

/** « mardi 10 mars 2099, matin » */
export function halfDayLabel(halfDay: string): string {
  const [day = "", part] = halfDay.split(":");
  return `${formatDateWithWeekday(day)}, ${part === "matin" ? "matin" : "après-midi"}`;
}

/** The instant of a Paris wall-clock time (`2027-03-29`, `09:00`), daylight-saving time included. */
export function parisTimeToInstant(day: string, time: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  return new Date(parisWallToInstant(Date.UTC(y, m - 1, d, hh, mm)));
}

/** Days before the first day: the last day a registrant may still cancel online. */
export function deadlineDay(startDate: string, daysBefore: number): string {
  return addDays(startDate, -daysBefore);
}

/** « 9 h », « 17 h 30 » (French time of day). */
export function timeLabel(time: string): string {
  const [h, m] = time.split(":");
  return `${Number(h)} h${m && m !== "00" ? ` ${m}` : ""}`;
}

export { addDays };
