/**
 * A value built on first use. For Intl formatters: building the first one loads locale data, which
 * takes tens of milliseconds on a phone; built while a module loads, it delays every page, even
 * those that never format a date.
 */
export function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const parisCalendar = lazily(
  () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" }),
);

/** The last day computed, valid until the start of the next minute (Paris days change on a minute). */
let lastDay = { day: "", from: Infinity, until: -Infinity };

/**
 * The calendar day (YYYY-MM-DD) of an instant in Paris, the site's time zone. A page asks it many
 * times (each list of sessions): within one minute the answer is the one already formatted, since
 * Paris changes day only on a whole minute.
 */
export function parisCalendarDay(instant: Date): string {
  const time = instant.getTime();
  if (time >= lastDay.from && time < lastDay.until) return lastDay.day;
  const from = Math.floor(time / 60_000) * 60_000;
  lastDay = { day: parisCalendar().format(instant), from, until: from + 60_000 };
  return lastDay.day;
}
