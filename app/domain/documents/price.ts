import { priceExcludingVat, VAT_LABELS, type VatMode } from "~/domain/formations/labels";

/**
 * The price lines of a convention or a contract, from the formation's price per trainee and its VAT
 * mode (HT, TTC or exempt): per trainee and for the registration's seats, in cents so that the
 * lines add up exactly (HT + TVA = TTC on each column, total = price per trainee × seats).
 */

/** The French standard rate, the one the site announces (« TVA de 20 % en sus »). */
export const VAT_RATE = 0.2;

export interface PriceLine {
  label: string;
  perTrainee: number;
  total: number;
}

export type PriceBreakdown =
  | { kind: "quote" }
  | { kind: "taxed"; seats: number; lines: PriceLine[] }
  | { kind: "exempt"; seats: number; lines: PriceLine[]; mention: string };

export function priceBreakdown(priceInter: number | null, vatMode: VatMode, seats: number): PriceBreakdown {
  if (priceInter === null) return { kind: "quote" };
  const line = (label: string, perTraineeCents: number): PriceLine => ({
    label,
    perTrainee: perTraineeCents / 100,
    total: (perTraineeCents * seats) / 100,
  });
  if (vatMode === "exonere")
    return {
      kind: "exempt",
      seats,
      lines: [line("Prix net de taxe", Math.round(priceInter * 100))],
      mention: VAT_LABELS.exonere.note,
    };
  // A price entered TTC is the price paid: HT is brought back from it and the VAT is the difference.
  const ht = Math.round((priceExcludingVat(priceInter, vatMode) ?? 0) * 100);
  const ttc = vatMode === "ttc" ? Math.round(priceInter * 100) : ht + Math.round(ht * VAT_RATE);
  return {
    kind: "taxed",
    seats,
    lines: [
      line("Prix hors taxes (HT)", ht),
      line(`TVA (${VAT_RATE * 100}\u00a0%)`, ttc - ht),
      line("Prix toutes taxes comprises (TTC)", ttc),
    ],
  };
}
