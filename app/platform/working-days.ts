/**
 * Working days (« jours ouvrés ») in metropolitan France: Monday to Friday, except the eleven public
 * holidays of the Code du travail (article L3133-1: 1 January, Easter Monday, 1 May, 8 May,
 * Ascension Day, Whit Monday, 14 July, 15 August, 1 November, 11 November, 25 December). Days are
 * calendar days written « 2026-12-02 » (a day in Paris). Pure: runs in the browser and on the server.
 *
 * The complaints register counts its answer delay in them (docs/decisions/0035-complaints-register.md).
 */

const DAY_MS = 86_400_000;

function toTime(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

function toDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** Easter Sunday of a year (Gregorian calendar, the anonymous algorithm of Meeus, Jones and Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const holidayCache = new Map<number, Set<string>>();

/** The eleven public holidays of a year (Code du travail, L3133-1). */
export function publicHolidays(year: number): Set<string> {
  let days = holidayCache.get(year);
  if (!days) {
    const easter = toTime(easterSunday(year));
    days = new Set([
      ...["01-01", "05-01", "05-08", "07-14", "08-15", "11-01", "11-11", "12-25"].map((md) => `${year}-${md}`),
      toDay(easter + DAY_MS), // Easter Monday
      toDay(easter + 39 * DAY_MS), // Ascension Day
      toDay(easter + 50 * DAY_MS), // Whit Monday
    ]);
    holidayCache.set(year, days);
  }
  return days;
}

/** True from Monday to Friday, public holidays excepted. */
export function isWorkingDay(day: string): boolean {
  const weekday = new Date(toTime(day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !publicHolidays(Number(day.slice(0, 4))).has(day);
}

/** The `n`-th working day after `day` (`day` itself when `n` is 0). */
export function addWorkingDays(day: string, n: number): string {
  let time = toTime(day);
  for (let left = n; left > 0;) {
    time += DAY_MS;
    if (isWorkingDay(toDay(time))) left--;
  }
  return toDay(time);
}

/** Working days after `from` up to `to` included: 0 the same day, 1 from a Friday to the Monday after; 0 when `to` is before `from`. */
export function workingDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let time = toTime(from) + DAY_MS, end = toTime(to); time <= end; time += DAY_MS) if (isWorkingDay(toDay(time))) count++;
  return count;
}
