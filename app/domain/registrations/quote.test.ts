import { describe, expect, it } from "vitest";
import { quoteLines, quoteText, registrationQuote } from "./quote";

const NB = "\u00a0";
const NNB = "\u202f";

describe("registrationQuote", () => {
  it("a price entered HT: VAT at 20 % on the total, TTC = HT + VAT", () => {
    expect(registrationQuote(120_000, "ht", 3)).toEqual({
      kind: "priced",
      vatMode: "ht",
      trainees: 3,
      unitCents: 120_000,
      totalHtCents: 360_000,
      vatCents: 72_000,
      totalTtcCents: 432_000,
    });
  });

  it("rounds the VAT once, on the total, half a cent up", () => {
    // 3 × 10,01 € = 30,03 € HT; 20 % = 6,006 € → 6,01 €; per trainee it would be 3 × 2,00 € = 6,00 €.
    expect(registrationQuote(1001, "ht", 3)).toMatchObject({ totalHtCents: 3003, vatCents: 601, totalTtcCents: 3604 });
    // Half a cent goes up: 0,45 € TTC is 0,375 € HT → 0,38 € HT, 0,07 € of VAT.
    expect(registrationQuote(45, "ttc", 1)).toMatchObject({ totalHtCents: 38, vatCents: 7, totalTtcCents: 45 });
  });

  it("a price entered TTC: HT = TTC ÷ 1,2 rounded to the cent, VAT the difference", () => {
    expect(registrationQuote(144_000, "ttc", 2)).toMatchObject({ totalTtcCents: 288_000, totalHtCents: 240_000, vatCents: 48_000 });
    const odd = registrationQuote(99_999, "ttc", 1);
    expect(odd).toMatchObject({ totalTtcCents: 99_999, totalHtCents: 83_333, vatCents: 16_666 });
  });

  it("an exempted price (« net de taxe ») has no VAT; no price is « Sur devis »", () => {
    expect(registrationQuote(95_000, "exonere", 2)).toMatchObject({ totalHtCents: 190_000, vatCents: 0, totalTtcCents: 190_000 });
    expect(registrationQuote(null, "ht", 4)).toEqual({ kind: "on-quote", trainees: 4 });
    expect(quoteText(registrationQuote(null, "ht", 1))).toEqual([`Prix${NB}: Sur devis`, `Stagiaires${NB}: 1${NB}stagiaire`]);
  });

  it("at least one trainee is counted", () => {
    expect(registrationQuote(10_000, "ht", 0).trainees).toBe(1);
  });
});

describe("quoteLines", () => {
  it("HT, TVA and TTC in French", () => {
    expect(quoteLines(registrationQuote(120_000, "ht", 3))).toEqual([
      { label: "Prix par personne", value: `1${NNB}200${NB}€${NB}HT` },
      { label: "Stagiaires", value: `3${NB}stagiaires` },
      { label: "Total HT", value: `3${NNB}600${NB}€` },
      { label: `TVA (20${NB}%)`, value: `720${NB}€` },
      { label: "Total TTC", value: `4${NNB}320${NB}€` },
    ]);
  });

  it("cents with two digits, and the exemption's mention", () => {
    expect(quoteText(registrationQuote(1050, "exonere", 3))).toEqual([
      `Prix par personne${NB}: 10,50${NB}€${NB}net de taxe`,
      `Stagiaires${NB}: 3${NB}stagiaires`,
      `Total${NB}: 31,50${NB}€${NB}net de taxe`,
      `TVA${NB}: non applicable (exonération de TVA, article 261-4-4° a du Code général des impôts)`,
    ]);
  });
});
