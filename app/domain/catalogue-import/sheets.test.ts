import { describe, expect, it } from "vitest";
import { splitCities } from "./cells";
import { looksLikeSessionsSheet } from "./sessions-sheet";
import { isColumnSum, isTotalRow } from "./sheets";

describe("what a catalogue's rows and sheets are", () => {
  it("recognises totals rows by their label or a sum of the column, not formations that start with « Total »", () => {
    for (const label of ["Total", "TOTAL", "Sous-total", "Sous total", "TOTAL GÉNÉRAL", "Total général :", "Total HT", "Totaux", " total "])
      expect(isTotalRow({ cells: ["", label, 1200] }), label).toBe(true);
    for (const title of ["Total Quality Management", "Management : la qualité totale", "Excel : les sous-totaux automatiques"])
      expect(isTotalRow({ cells: [title, "bureautique", 990] }), title).toBe(false);
    expect(isTotalRow({ cells: ["", "", 2190], sums: true })).toBe(true);
    for (const formula of ["SUM(D5:D26)", "sum($D$5:$D$26)", "SUBTOTAL(9,D5:D26)", "_xlfn.AGGREGATE(9,4,D5:D26)", "SUM(C2:C3,C5)"])
      expect(isColumnSum(formula), formula).toBe(true);
    for (const formula of ["D5*1.2", "SUM(1,2)", "ROUND(D5,0)"]) expect(isColumnSum(formula), formula).toBe(false);
  });

  it("splits cities on « / » too", () => {
    expect(splitCities("Lyon / Paris")).toEqual(["Lyon", "Paris"]);
    expect(splitCities("Lyon/Paris, Grenoble | À distance")).toEqual(["Lyon", "Paris", "Grenoble", "À distance"]);
  });

  it("recognises a sessions sheet by its columns, not a formations sheet", () => {
    expect(
      looksLikeSessionsSheet([
        { cells: ["Planning des sessions 2027"] },
        { cells: ["Formation", "Date de début", "Date de fin", "Lieu", "Places"] },
      ]),
    ).toBe(true);
    expect(looksLikeSessionsSheet([{ cells: ["Titre", "Catégorie", "Résumé", "Tarif HT", "Villes", "Début"] }])).toBe(false);
    expect(looksLikeSessionsSheet([{ cells: ["Formation", "Début"] }])).toBe(false);
  });
});
