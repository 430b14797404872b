/**
 * The French forms of euros, numbers, plurals, dates and times, for screens, e-mails and documents.
 * One rule each, the same on the server and in the browser (times in Europe/Paris):
 *
 * - euros: whole amounts without cents (« 1 200 € »), others always with two (« 22,50 € », never
 *   « 22,5 € »); documents and invoices that total amounts print every amount with cents
 *   (`formatEurosWithCents`, « 1 250,00 € ») so that a column reads one way;
 * - groups of digits separated by a narrow no-break space (U+202F), « € » and units after a no-break
 *   space (U+00A0), as `Intl` writes them for fr-FR;
 * - times « 9 h », « 9 h 30 », « de 9 h à 17 h »; dates « 1er mars 2027 », « 21 novembre 2026 à 14 h 05 »;
 * - plurals: 0 and 1 take the singular (« 0 place », « 1 place », « 2 places »), or « aucun » for 0 where
 *   the caller says so (« aucune formation »).
 */
import { lazily } from "~/platform/intl";

const NBSP = "\u00a0";
const TIME_ZONE = "Europe/Paris";

const euroWhole = lazily(() => new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR", maximumFractionDigits: 0 }));
const euroCents = lazily(
  () => new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR", minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/** Rounded to the cent, without the binary noise of 0.1 + 0.2. */
function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** 1200 → « 1 200 € », 22.5 → « 22,50 € », 0 → « 0 € ». */
export function formatEuros(amount: number): string {
  const cents = toCents(amount);
  return cents % 100 === 0 ? euroWhole().format(cents / 100) : euroCents().format(cents / 100);
}

/** 1250 → « 1 250,00 € »: every amount of a document that adds amounts up. */
export function formatEurosWithCents(amount: number): string {
  return euroCents().format(toCents(amount) / 100);
}

/** An amount kept in integer cents (invoices): 125000 → « 1 250,00 € ». */
export function formatCents(cents: number): string {
  return euroCents().format(Math.round(cents) / 100);
}

/**
 * An amount in integer cents as a plain decimal with a comma, no space nor sign of the euro:
 * 125050 → « 1250,50 », -1250 → « -12,50 ». For what is typed back (a field's value) or read by a
 * spreadsheet (CSV), where « 1 250,50 € » would not be read as a number.
 */
export function centsDecimal(cents: number): string {
  return (cents / 100).toFixed(2).replace(".", ",");
}

const numberFormats = new Map<number, Intl.NumberFormat>();

/** 1250 → « 1 250 », 3.5 → « 3,5 » (at most `maxFractionDigits` decimals, none when whole). */
export function formatNumber(n: number, maxFractionDigits = 2): string {
  let format = numberFormats.get(maxFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: maxFractionDigits });
    numberFormats.set(maxFractionDigits, format);
  }
  return format.format(n);
}

/** « 94 % » from 0.94 (a share) — no-break space before « % ». */
export function formatPercent(share: number): string {
  return `${formatNumber(Math.round(share * 100), 0)}${NBSP}%`;
}

/**
 * The word for a count, French rule (0 and 1 singular): plural(1, "place") → « place »,
 * plural(3, "place") → « places », plural(2, "cheval", "chevaux") → « chevaux ».
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return Math.abs(count) < 2 ? singular : pluralForm;
}

/**
 * « 1 place », « 12 places », « 1 250 stagiaires »; the number and its word never split across lines.
 * `none`, when given, is said for 0 instead: formatCount(0, "éditeur", "éditeurs", "aucun éditeur").
 */
export function formatCount(count: number, singular: string, pluralForm?: string, none?: string): string {
  if (count === 0 && none !== undefined) return none;
  return `${formatNumber(count)}${NBSP}${plural(count, singular, pluralForm)}`;
}

/** Hours of training: 14 → « 14 h », 3.5 → « 3,5 h ». */
export function formatHours(hours: number): string {
  return `${formatNumber(hours, 2)}${NBSP}h`;
}

/** Days of training: 1 → « 1 jour », 0.5 → « 0,5 jour », 2 → « 2 jours ». */
export function formatDays(days: number): string {
  return `${formatNumber(days, 1)}${NBSP}${days >= 2 ? "jours" : "jour"}`;
}

/** A time of day « HH:MM » (or « H:MM ») → « 9 h », « 9 h 30 », « 0 h 05 ». Anything else is returned as is. */
export function formatTime(hhmm: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(hhmm.trim());
  if (!match) return hhmm;
  const hours = Number(match[1]);
  const minutes = match[2];
  return minutes === "00" ? `${hours}${NBSP}h` : `${hours}${NBSP}h${NBSP}${minutes}`;
}

/** « de 9 h à 17 h ». */
export function formatTimeRange(start: string, end: string): string {
  return `de ${formatTime(start)} à ${formatTime(end)}`;
}

const dayFormat = lazily(() => new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }));
const weekdayFormat = lazily(
  () => new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
);
const abbreviatedDayFormat = lazily(
  () => new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
);
const shortDayFormat = lazily(
  () => new Intl.DateTimeFormat("fr-FR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" }),
);
const parisParts = lazily(
  () =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone: TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    }),
);

function parisPartsOf(instant: Date): Record<string, string> {
  return Object.fromEntries(
    parisParts()
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
}

/** The calendar day and the time in Paris of an instant: { day: "2026-11-21", time: "14:05" }. */
export function parisDayAndTime(instant: Date): { day: string; time: string } {
  const parts = parisPartsOf(instant);
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The wall clock in Paris at an instant, as numbers (month 1 to 12). */
export function parisWallClock(instant: Date): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = parisPartsOf(instant);
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Milliseconds Paris is ahead of UTC at an instant (one hour in winter, two in summer). */
export function parisOffsetMs(instant: number): number {
  const w = parisWallClock(new Date(instant));
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant (milliseconds) of a Paris wall-clock time written as if it were UTC (`Date.UTC` of the
 * wall clock's fields), daylight-saving time included: the offset at the guessed instant, corrected
 * once (around a change of time).
 */
export function parisWallToInstant(wall: number): number {
  return wall - parisOffsetMs(wall - parisOffsetMs(wall));
}

/**
 * The calendar day a value names: a bare day (« 2026-11-21 ») is that day; an instant (ISO with a
 * time, or a Date) is its day in Paris. Undefined when unreadable.
 */
function calendarDay(value: string | Date): Date | undefined {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(d.getTime()) ? undefined : d;
  }
  const instant = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) return undefined;
  return new Date(`${parisDayAndTime(instant).day}T00:00:00Z`);
}

function firstOfMonth(text: string, d: Date): string {
  return d.getUTCDate() === 1 ? text.replace(/(^|\s)1 /, "$11er ") : text;
}

/** « 21 novembre 2026 », « 1er mars 2027 ». Unreadable input is returned as is. */
export function formatDate(value: string | Date): string {
  const d = calendarDay(value);
  return d ? firstOfMonth(dayFormat().format(d), d) : String(value);
}

/** « samedi 21 novembre 2026 ». */
export function formatDateWithWeekday(value: string | Date): string {
  const d = calendarDay(value);
  return d ? firstOfMonth(weekdayFormat().format(d), d) : String(value);
}

/** « 21/11/2026 » (tables, file names). */
export function formatDateShort(value: string | Date): string {
  const d = calendarDay(value);
  return d ? shortDayFormat().format(d) : String(value);
}

/** « 21 nov. 2026 » (lists of the admin screens). */
export function formatDateAbbreviated(value: string | Date): string {
  const d = calendarDay(value);
  return d ? abbreviatedDayFormat().format(d) : String(value);
}

/** An instant in Paris time, for tables: « 21/11/2026 14:05 ». */
export function formatDateTimeShort(value: string | Date): string {
  const instant = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) return String(value);
  const { day, time } = parisDayAndTime(instant);
  return `${formatDateShort(day)} ${time}`;
}

/** An instant in Paris time: « 21 novembre 2026 à 14 h 05 ». */
export function formatDateTime(value: string | Date): string {
  const instant = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) return String(value);
  const { day, time } = parisDayAndTime(instant);
  const hhmm = time.startsWith("0") ? time.slice(1) : time;
  const [h, m] = hhmm.split(":");
  return `${formatDate(day)} à ${h}${NBSP}h${NBSP}${m}`;
}

/** « du 2 au 3 mars 2027 », « le 2 mars 2027 », « du 30 mars au 2 avril 2027 », across years in full. */
export function formatDayRange(startDay: string, endDay: string): string {
  if (startDay === endDay) return `le ${formatDate(startDay)}`;
  const start = formatDate(startDay);
  const end = formatDate(endDay);
  if (startDay.slice(0, 4) !== endDay.slice(0, 4)) return `du ${start} au ${end}`;
  if (startDay.slice(0, 7) !== endDay.slice(0, 7)) return `du ${start.replace(/ \d{4}$/, "")} au ${end}`;
  return `du ${start.replace(/ \S+ \d{4}$/, "")} au ${end}`;
}

/** « 123 456 789 00012 »: a SIRET as people read it. */
export function formatSiret(siret: string): string {
  const s = siret.replace(/\s+/g, "");
  return `${s.slice(0, 3)} ${s.slice(3, 6)} ${s.slice(6, 9)} ${s.slice(9)}`;
}

/** A phone number as shown: no-break spaces between digit groups, so it never wraps (« 04 65 71 00 12 »). */
export function formatPhoneFr(phone: string): string {
  return phone.trim().replace(/\s+/g, NBSP);
}

/** « 04 65 71 00 12 » → « tel:0465710012 ». */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

const NNBSP = "\u202f";

/**
 * French typography for text a person typed (titles, excerpts, notes, messages, Markdown text): the
 * ordinary space before « ; ! ? » becomes a narrow no-break space (U+202F), before « : » a no-break
 * space (U+00A0), and so do the spaces inside « ». Only a space that stands alone before the sign
 * and is followed by a space, a closing sign or the end: « 10:30 », « https://… », « ?page=2 » stay
 * as they are. Already-correct text is returned unchanged.
 */
export function frenchSpacing(text: string): string {
  if (!/[ \t][:;!?»]|«[ \t]/.test(text)) return text;
  return text
    .replace(/[ \t]+([:;!?])(?=$|[\s)»"'’.,…]|[:;!?])/gmu, (_, sign: string) => `${sign === ":" ? NBSP : NNBSP}${sign}`)
    .replace(/«[ \t]+/gu, `«${NBSP}`)
    .replace(/[ \t]+»/gu, `${NBSP}»`);
}
