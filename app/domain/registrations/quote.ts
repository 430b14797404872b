import { VAT_LABELS, type VatMode } from "~/domain/formations/labels";
import { formatCount, formatEuros } from "~/platform/format";

/**
 * What a registration costs: the formation's price per person times the number of trainees, in
 * integer cents, by the formation's VAT mode (zod-free: the form, the confirmation page and the
 * e-mails show the same figures, computed on the server and in the browser alike).
 *
 * Rounding: amounts are whole cents; the VAT is computed once, on the total (never per trainee), and
 * rounded to the nearest cent, half a cent up. A price entered HT gives VAT = round(20 % × total HT)
 * and TTC = HT + VAT; a price entered TTC gives HT = round(total TTC ÷ 1,2) and VAT = TTC − HT; an
 * exempted price (« net de taxe ») has no VAT. So HT + VAT = TTC always, to the cent.
 */
export type RegistrationQuote =
  | { kind: "on-quote"; trainees: number }
  | {
      kind: "priced";
      vatMode: VatMode;
      trainees: number;
      /** The price per person as entered (HT, TTC or net, by `vatMode`). */
      unitCents: number;
      totalHtCents: number;
      vatCents: number;
      totalTtcCents: number;
    };

export const VAT_RATE_PERCENT = 20;

/** Integer division rounded to the nearest, half up (non-negative amounts). */
function divideRounded(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export function registrationQuote(priceCents: number | null, vatMode: string, trainees: number): RegistrationQuote {
  const n = Math.max(1, Math.floor(trainees));
  if (priceCents === null || !Number.isFinite(priceCents) || priceCents < 0) return { kind: "on-quote", trainees: n };
  const unitCents = Math.round(priceCents);
  const total = unitCents * n;
  const mode: VatMode = vatMode === "ttc" || vatMode === "exonere" ? vatMode : "ht";
  if (mode === "exonere")
    return { kind: "priced", vatMode: mode, trainees: n, unitCents, totalHtCents: total, vatCents: 0, totalTtcCents: total };
  if (mode === "ttc") {
    const ht = divideRounded(total * 100, 100 + VAT_RATE_PERCENT);
    return { kind: "priced", vatMode: mode, trainees: n, unitCents, totalHtCents: ht, vatCents: total - ht, totalTtcCents: total };
  }
  const vat = divideRounded(total * VAT_RATE_PERCENT, 100);
  return { kind: "priced", vatMode: mode, trainees: n, unitCents, totalHtCents: total, vatCents: vat, totalTtcCents: total + vat };
}

const euros = (cents: number) => formatEuros(cents / 100);

/** The quote as labelled lines (« Prix par personne », « Stagiaires », « Total »…), for screens and e-mails. */
export function quoteLines(q: RegistrationQuote): Array<{ label: string; value: string }> {
  if (q.kind === "on-quote")
    return [
      { label: "Prix", value: "Sur devis" },
      { label: "Stagiaires", value: formatCount(q.trainees, "stagiaire") },
    ];
  const unit = `${euros(q.unitCents)}\u00a0${VAT_LABELS[q.vatMode].short}`;
  const lines = [
    { label: "Prix par personne", value: unit },
    { label: "Stagiaires", value: formatCount(q.trainees, "stagiaire") },
  ];
  if (q.vatMode === "exonere") {
    lines.push({ label: "Total", value: `${euros(q.totalTtcCents)}\u00a0net de taxe` });
    lines.push({ label: "TVA", value: `non applicable (${VAT_LABELS.exonere.note.replace(/^E/, "e").replace(/\.$/, "")})` });
    return lines;
  }
  lines.push({ label: "Total HT", value: euros(q.totalHtCents) });
  lines.push({ label: `TVA (${VAT_RATE_PERCENT}\u00a0%)`, value: euros(q.vatCents) });
  lines.push({ label: "Total TTC", value: euros(q.totalTtcCents) });
  return lines;
}

/** The quote as text lines of an e-mail (« Total TTC : 2 880 € »). */
export function quoteText(q: RegistrationQuote): string[] {
  return quoteLines(q).map((l) => `${l.label}\u00a0: ${l.value}`);
}
