import { registrationQuote } from "~/domain/registrations/quote";
import { DEPOSIT_MAX_PERCENT, DEPOSIT_TOO_EARLY, DEPOSIT_TOO_HIGH } from "./labels";

/**
 * The arithmetic of an invoice, in integer cents (docs/decisions/0037-invoices.md, « Arrondis »):
 *
 * - a line's amount HT is its quantity times its unit price HT, both exact (a unit price that would
 *   not be a whole number of cents is not split: the line is then one lot, quantity 1);
 * - the VAT is computed once per invoice (one rate), on the sum of the lines HT, rounded to the
 *   nearest cent, half up — the computation of the registration's quote (`registrationQuote`), which
 *   is also the EN 16931 rule (BR-CO-17: the VAT of a category is its base times its rate);
 * - TTC = HT + VAT, exactly; an exempt invoice has no VAT (TTC = HT, « net de taxe »).
 */

export interface InvoiceLine {
  label: string;
  /** A second line of description (the session's dates, the trainees). */
  detail: string;
  quantity: number;
  unitHtCents: number;
  /** quantity × unitHtCents; negative for the deduction of a deposit. */
  htCents: number;
}

export interface Totals {
  totalHtCents: number;
  vatCents: number;
  totalTtcCents: number;
}

export function line(label: string, detail: string, quantity: number, unitHtCents: number): InvoiceLine {
  return { label, detail, quantity, unitHtCents, htCents: quantity * unitHtCents };
}

/** The lines of `htCents` spread over `quantity` units when it divides exactly, else one lot. */
export function lotLine(label: string, detail: string, quantity: number, htCents: number): InvoiceLine {
  return quantity > 1 && htCents % quantity === 0 ? line(label, detail, quantity, htCents / quantity) : line(label, detail, 1, htCents);
}

/** HT, VAT and TTC of lines: the VAT on their sum, by the quote's computation. */
export function totalsOf(lines: readonly InvoiceLine[], vatExempt: boolean): Totals {
  const ht = lines.reduce((sum, l) => sum + l.htCents, 0);
  if (vatExempt || ht <= 0) return { totalHtCents: ht, vatCents: 0, totalTtcCents: ht };
  const q = registrationQuote(ht, "ht", 1);
  if (q.kind !== "priced") return { totalHtCents: ht, vatCents: 0, totalTtcCents: ht };
  return { totalHtCents: q.totalHtCents, vatCents: q.vatCents, totalTtcCents: q.totalTtcCents };
}

/** The HT part of an amount TTC (a deposit typed as what the individual pays), by the quote's computation. */
export function htOfTtc(ttcCents: number, vatExempt: boolean): number {
  if (vatExempt) return ttcCents;
  const q = registrationQuote(ttcCents, "ttc", 1);
  return q.kind === "priced" ? q.totalHtCents : ttcCents;
}

/**
 * An individual's deposit (article L6353-6 of the Code du travail): only once the withdrawal period
 * is over (the day after `finalOn`, the registration's last day of withdrawal), and 30 % of the price
 * at most (deposits already invoiced included). Null when allowed, else the message with the article.
 */
export function depositRefusal(input: {
  individual: boolean;
  finalOn: string | null;
  today: string;
  amountTtcCents: number;
  priceTtcCents: number;
  alreadyTtcCents: number;
}): string | null {
  if (!input.individual)
    return input.amountTtcCents + input.alreadyTtcCents > input.priceTtcCents ? "L'acompte dépasse le prix de la formation." : null;
  if (!input.finalOn || input.today <= input.finalOn) return DEPOSIT_TOO_EARLY;
  // 30 % at most: amount × 100 ≤ 30 × price, in integers.
  if ((input.amountTtcCents + input.alreadyTtcCents) * 100 > DEPOSIT_MAX_PERCENT * input.priceTtcCents) return DEPOSIT_TOO_HIGH;
  return null;
}

/**
 * A credit note's totals: what it cancels of its invoice, never more than what is left of it. The
 * whole rest (HT) takes the rest of the VAT exactly, so that the credit notes of an invoice add up to
 * it to the cent; a part takes its own VAT, capped by the rest.
 */
export function creditTotals(
  invoice: Totals & { vatExempt: boolean },
  credited: Totals,
  htCents: number,
): { ok: true; totals: Totals } | { ok: false; error: string } {
  const rest = {
    totalHtCents: invoice.totalHtCents - credited.totalHtCents,
    vatCents: invoice.vatCents - credited.vatCents,
    totalTtcCents: invoice.totalTtcCents - credited.totalTtcCents,
  };
  if (!Number.isInteger(htCents) || htCents <= 0) return { ok: false, error: "Indiquez un montant positif." };
  if (rest.totalHtCents <= 0) return { ok: false, error: "Cette facture est déjà entièrement annulée par avoir." };
  if (htCents > rest.totalHtCents)
    return { ok: false, error: "Un avoir ne peut dépasser ce qui reste de la facture (montant hors taxes déjà crédité déduit)." };
  if (htCents === rest.totalHtCents) return { ok: true, totals: rest };
  const own = totalsOf([line("", "", 1, htCents)], invoice.vatExempt);
  const vat = Math.min(own.vatCents, rest.vatCents);
  return { ok: true, totals: { totalHtCents: htCents, vatCents: vat, totalTtcCents: htCents + vat } };
}

/** The state an issued invoice takes from what is paid (credit notes deducted from what is due). */
export function paidStatus(
  current: string,
  dueTtcCents: number,
  paidCents: number,
): "emise" | "envoyee" | "payee_partiellement" | "payee" | "annulee" {
  if (dueTtcCents <= 0) return "annulee";
  if (paidCents >= dueTtcCents) return "payee";
  if (paidCents > 0) return "payee_partiellement";
  return current === "envoyee" ? "envoyee" : "emise";
}

/** A day plus `days` days (YYYY-MM-DD, calendar days). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
