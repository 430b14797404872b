import { VAT_LABELS, type VatMode } from "~/domain/formations/labels";
import { registrationQuote, VAT_RATE_PERCENT, type RegistrationQuote } from "~/domain/registrations/quote";

/**
 * The price lines of a convention or a contract: the same figures as the registration form, its
 * confirmation and its e-mails, computed once by `registrationQuote` (integer cents, VAT computed on
 * the total and rounded to the cent): per trainee (the quote of one seat) and for the registration's
 * seats. HT + TVA = TTC in each column.
 */

export interface PriceLine {
  label: string;
  perTrainee: number;
  total: number;
}

export type PriceBreakdown =
  | { kind: "quote" }
  | { kind: "taxed"; seats: number; lines: PriceLine[] }
  | { kind: "exempt"; seats: number; lines: PriceLine[]; mention: string };

type Priced = Extract<RegistrationQuote, { kind: "priced" }>;

export function priceBreakdown(priceInter: number | null, vatMode: VatMode, seats: number): PriceBreakdown {
  const cents = priceInter === null ? null : Math.round(priceInter * 100);
  const one = registrationQuote(cents, vatMode, 1);
  const all = registrationQuote(cents, vatMode, seats);
  if (one.kind !== "priced" || all.kind !== "priced") return { kind: "quote" };
  const line = (label: string, amount: (q: Priced) => number): PriceLine => ({
    label,
    perTrainee: amount(one) / 100,
    total: amount(all) / 100,
  });
  if (one.vatMode === "exonere")
    return {
      kind: "exempt",
      seats: all.trainees,
      lines: [line("Prix net de taxe", (q) => q.totalTtcCents)],
      mention: VAT_LABELS.exonere.note,
    };
  return {
    kind: "taxed",
    seats: all.trainees,
    lines: [
      line("Prix hors taxes (HT)", (q) => q.totalHtCents),
      line(`TVA (${VAT_RATE_PERCENT}\u00a0%)`, (q) => q.vatCents),
      line("Prix toutes taxes comprises (TTC)", (q) => q.totalTtcCents),
    ],
  };
}
