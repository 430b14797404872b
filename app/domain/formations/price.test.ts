import { describe, expect, it } from "vitest";
import { formationInputSchema } from "./model";
import { readPrice } from "./price";

const NBSP = "\u00a0";
const NNBSP = "\u202f";

describe("a price as French offices write it", () => {
  it("reads thousands written with a space, a no-break space, a narrow no-break space or a dot", () => {
    const cases: Array<[string, number]> = [
      ["1200", 1200],
      ["1 200", 1200],
      ["1 200 €", 1200],
      [`1${NBSP}200${NBSP}€`, 1200],
      [`1${NNBSP}200${NNBSP}€`, 1200],
      ["1.200", 1200],
      ["1.200 €", 1200],
      ["1.200€", 1200],
      ["1 200,00 €", 1200],
      ["1 200,00 € HT", 1200],
      [`1${NNBSP}200,00${NBSP}€ HT par personne`, 1200],
      ["1.200,50", 1200.5],
      ["1.200,50 € TTC", 1200.5],
      ["1200,5", 1200.5],
      ["1200.50", 1200.5],
      ["12.5", 12.5],
      ["12,5", 12.5],
      ["0,50", 0.5],
      ["0.500", 0.5],
      ["1 200.50", 1200.5],
      ["1,200.50", 1200.5],
      ["12 345 678", 12345678],
      ["1.200.000", 1200000],
      ["1,200,000", 1200000],
      ["990 € HT / pers.", 990],
      ["1290EUR", 1290],
      ["1 290 euros", 1290],
      ["590 € HT par personne", 590],
      ["1200,555", 1200.56],
      ["  690  ", 690],
    ];
    for (const [written, price] of cases) expect(readPrice(written), written).toEqual({ ok: true, price });
  });

  it("keeps numbers from a spreadsheet as they are, to the cent", () => {
    expect(readPrice(1200)).toEqual({ ok: true, price: 1200 });
    expect(readPrice(1200.5)).toEqual({ ok: true, price: 1200.5 });
    expect(readPrice(99.999)).toEqual({ ok: true, price: 100 });
  });

  it("reads an empty cell and « Sur devis » as no price (on quote)", () => {
    for (const written of ["", "   ", "Sur devis", "sur demande", "Nous consulter", "NC", null, undefined])
      expect(readPrice(written), String(written)).toEqual({ ok: true, price: null });
  });

  it("refuses what stays ambiguous or unreadable, quoting the value in French", () => {
    const refused = (written: string) => {
      const r = readPrice(written);
      expect(r.ok, written).toBe(false);
      return r.ok ? "" : r.message;
    };
    expect(refused("1,200")).toBe(
      `«${NBSP}1,200${NBSP}» est ambigu${NBSP}: la virgule sépare-t-elle les milliers ou les centimes${NBSP}? Écrivez «${NBSP}1${NBSP}200${NBSP}» ou «${NBSP}1,20${NBSP}».`,
    );
    expect(refused("1,200 €")).toContain("«\u00a01,200 €\u00a0» est ambigu");
    for (const written of [
      "12 50",
      "1.20.0",
      "1 2000",
      "1.200.50",
      "1,2,3",
      "12abc",
      "environ 1200",
      "1 200,00,50",
      "€",
      "HT",
      "1.200 1.300",
    ])
      expect(refused(written), written).toContain(`«${NBSP}${written}${NBSP}» n'est pas un prix`);
  });

  it("never stores a price other than the one typed, in the editor's schema", () => {
    const price = formationInputSchema.shape.priceInter;
    expect(price.parse("1.200 €")).toBe(1200);
    expect(price.parse("1 200,00 € HT")).toBe(1200);
    expect(price.parse("Sur devis")).toBeNull();
    expect(price.parse("")).toBeNull();
    const ambiguous = price.safeParse("1,200");
    expect(ambiguous.success).toBe(false);
    expect(ambiguous.error?.issues.map((i) => i.message)).toEqual([expect.stringContaining("est ambigu")]);
    expect(price.safeParse("-5").error?.issues[0]?.message).toBe("Le prix inter-entreprises doit être au moins 0.");
  });
});
