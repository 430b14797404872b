import { describe, expect, it } from "vitest";
import { csvCell, csvText, toCsv } from "./csv";

/**
 * The leads export opened in Excel (French settings: `;` separator): a SIRET keeps its 14 digits and
 * a phone number its leading 0 (written ="…", which Excel reads as text), and nothing in a cell can
 * run as a formula.
 */
describe("CSV for Excel", () => {
  it("writes SIRET and phone numbers as text Excel keeps as typed", () => {
    expect(csvCell(csvText("73282932000074"))).toBe(`"=""73282932000074"""`);
    expect(csvCell(csvText("0612345678"))).toBe(`"=""0612345678"""`);
    expect(csvCell(csvText("06 12 34 56 78"))).toBe(`"=""06 12 34 56 78"""`);
    expect(csvCell(csvText("+33 6 12 34 56 78"))).toBe(`"=""+33 6 12 34 56 78"""`);
    expect(csvCell(csvText(""))).toBe("");
    const csv = toCsv([
      ["SIRET", "Téléphone"],
      [csvText("73282932000074"), csvText("0612345678")],
    ]);
    expect(csv).toBe(`\uFEFFSIRET;Téléphone\r\n"=""73282932000074""";"=""0612345678"""\r\n`);
  });

  it("keeps the formula-injection protection, on these columns too", () => {
    // A « phone » that is not digits is an ordinary cell: neutralised like any other.
    expect(csvCell(csvText('=HYPERLINK("http://x")'))).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell(csvText('0612"+cmd|'))).toBe(`"0612""+cmd|"`);
    expect(csvCell(csvText("+33 6 12 34 56 78=1+1"))).toBe("'+33 6 12 34 56 78=1+1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-2+3")).toBe("'-2+3");
  });
});
