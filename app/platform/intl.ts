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

/** The calendar day (YYYY-MM-DD) of an instant in Paris, the site's time zone. */
export function parisCalendarDay(instant: Date): string {
  return parisCalendar().format(instant);
}
