import { normalizeText } from "./slug";

/**
 * A formation's price as French offices write it (pure, runs anywhere): one reading for the editor's
 * field and for every import. « 1 200 € », « 1.200 € », « 1 200,00 € HT », « 1200,5 », a no-break
 * space (U+00A0) or a narrow one (U+202F) between thousands; « Sur devis » or nothing means no price.
 * What stays ambiguous (« 1,200 »: mille deux cents in English, un virgule deux in French) is refused
 * with a French message quoting the value: a price is never stored different from what was typed,
 * beyond rounding to the cent (docs/decisions/0021-prices-as-offices-write-them.md).
 */

export type PriceReading = { ok: true; price: number | null } | { ok: false; message: string };

/** What a price cell says when there is no price: the price is given on request. */
const ON_QUOTE_WORDS = new Set([
  "sur devis",
  "devis",
  "sur demande",
  "nous consulter",
  "nous contacter",
  "a definir",
  "selon devis",
  "sur devis uniquement",
  "prix sur devis",
  "tarif sur devis",
  "nc",
  "n c",
  "on quote",
  "on request",
]);

const key = (s: string) =>
  normalizeText(s)
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** Whether a price says « sur devis » rather than giving a price (the page then shows « Sur devis »). */
export function isOnQuote(value: unknown): boolean {
  return typeof value === "string" && ON_QUOTE_WORDS.has(key(value));
}

/** Currency and tax words around the amount: « € », « EUR », « HT », « TTC », « par personne »… */
const AROUND_AMOUNT =
  /€|(?<!\p{L})(?:eur|euros?|ht|h\.t\.|ttc|t\.t\.c\.|net de taxes?|hors taxes?|toutes taxes comprises|par (?:personne|participant|stagiaire|jour))(?![\p{L}\d])|\/\s*(?:pers(?:onne)?|participant|stagiaire)\b\.?/giu;

/** Spaces written between thousands: ordinary, no-break (U+00A0), narrow no-break (U+202F), thin (U+2009). */
const SPACES = /[\s\u00a0\u202f\u2007\u2009]+/g;

/** « 1 200 » or « 1.200.000 »: groups of three digits after the first (1 to 3 digits, not a leading 0). */
const grouped = (integer: string, separator: string) => new RegExp(`^[1-9]\\d{0,2}(?:\\${separator}\\d{3})+$`).test(integer);

const cents = (n: number) => Math.round(n * 100) / 100;

/** The value as typed, on one line (its no-break spaces kept, so that the import sees it quoted). */
function quoted(value: string): string {
  const one = value.replace(/[\r\n\t]+/g, " ").trim();
  return one.length > 60 ? `${one.slice(0, 59)}…` : one;
}

function unreadable(written: string): PriceReading {
  return {
    ok: false,
    message: `« ${quoted(written)} » n'est pas un prix : écrivez un montant en euros, par exemple 1 200 ou 1 200,50 (ou laissez vide pour « sur devis »).`,
  };
}

function ambiguous(written: string, before: string, after: string): PriceReading {
  const withCents = `${before},${after.replace(/0$/, "")}`;
  return {
    ok: false,
    message: `« ${quoted(written)} » est ambigu : la virgule sépare-t-elle les milliers ou les centimes ? Écrivez « ${before} ${after} » ou « ${withCents} ».`,
  };
}

/**
 * Reads a price: a number as it is (rounded to the cent), a text as French offices write it.
 * Empty and « sur devis » give null (price on quote).
 */
export function readPrice(value: unknown): PriceReading {
  if (value === null || value === undefined) return { ok: true, price: null };
  if (typeof value === "number") return Number.isFinite(value) ? { ok: true, price: cents(value) } : unreadable(String(value));
  if (typeof value !== "string") return unreadable(String(value));
  const written = value.trim();
  if (written === "" || isOnQuote(written)) return { ok: true, price: null };
  const amount = written.replace(AROUND_AMOUNT, " ").replace(SPACES, " ").trim();
  if (amount === "") return unreadable(written);
  const m = /^([-+]?)\s*(\d[\d .,]*)$/.exec(amount);
  if (!m) return unreadable(written);
  const sign = m[1] === "-" ? -1 : 1;
  const digits = m[2]!.trim();
  const spaced = digits.includes(" ");
  const lastComma = digits.lastIndexOf(",");
  const lastDot = digits.lastIndexOf(".");

  // The decimal separator, if any: the last of « , » and « . » when both are written; otherwise the
  // one written once, unless it separates thousands (« 1.200 », « 1,200,000 »).
  let integer = digits;
  let decimals = "";
  let thousands = spaced ? " " : "";
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? "," : ".";
    const other = decimal === "," ? "." : ",";
    const at = Math.max(lastComma, lastDot);
    integer = digits.slice(0, at);
    decimals = digits.slice(at + 1);
    if (integer.includes(decimal) || spaced) return unreadable(written);
    thousands = other;
  } else if (lastComma >= 0 || lastDot >= 0) {
    const separator = lastComma >= 0 ? "," : ".";
    const parts = digits.split(separator);
    if (parts.length > 2) {
      // Written several times: it separates thousands (« 1.200.000 »).
      if (spaced) return unreadable(written);
      thousands = separator;
    } else {
      const [before, after] = [parts[0]!, parts[1]!];
      const couldBeThousands = !spaced && after.length === 3 && /^[1-9]\d{0,2}$/.test(before);
      if (couldBeThousands && separator === ",") {
        // « 1,200 »: mille deux cents (English) or un virgule deux (French).
        return ambiguous(written, before, after);
      }
      if (couldBeThousands) thousands = ".";
      else {
        integer = before;
        decimals = after;
      }
    }
  }
  if (decimals !== "" && !/^\d+$/.test(decimals)) return unreadable(written);
  if (thousands && integer.includes(thousands) && !grouped(integer, thousands)) return unreadable(written);
  if (!thousands && !/^\d+$/.test(integer)) return unreadable(written);
  const whole = thousands ? integer.split(thousands).join("") : integer;
  if (!/^\d+$/.test(whole)) return unreadable(written);
  const n = Number(decimals ? `${whole}.${decimals}` : whole);
  return Number.isFinite(n) ? { ok: true, price: sign * cents(n) } : unreadable(written);
}
