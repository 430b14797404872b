import { describe, expect, it } from "vitest";
import { ENTERED_KEYS, FIGURE_KEYS, FRAMES, LINES } from "./form";
import { entriesSchema } from "./model";
import { boxHours, halfDayHours, halfDayYear, objectiveLines, payerLine, traineeLine } from "./rules";

/** Each rule of docs/legal/bpf.md, one by one. */
describe("BPF rules", () => {
  it("F-1: a registration's trainees go to the line of who buys and how it is funded; unknown → no line", () => {
    expect(traineeLine("entreprise", "opco")).toBe("F-1-a");
    expect(traineeLine("entreprise", "fonds_propres")).toBe("F-1-a");
    expect(traineeLine("entreprise", "cpf")).toBe("F-1-a");
    expect(traineeLine("entreprise", "france_travail")).toBe("F-1-c");
    expect(traineeLine("particulier", "france_travail")).toBe("F-1-c");
    expect(traineeLine("particulier", "fonds_propres")).toBe("F-1-d");
    expect(traineeLine("particulier", "cpf")).toBe("F-1-e");
    expect(traineeLine("particulier", "opco")).toBe("F-1-e");
    expect(traineeLine("entreprise", "")).toBeNull();
    expect(traineeLine("", "opco")).toBeNull();
  });

  it("F-3: RNCP with its level's « dont » line, RS in b, no certification in d; an RNCP without level in a only", () => {
    expect(objectiveLines("rncp", "7")).toEqual(["F-3-a", "F-3-a-1"]);
    expect(objectiveLines("rncp", "6")).toEqual(["F-3-a", "F-3-a-1"]);
    expect(objectiveLines("rncp", "5")).toEqual(["F-3-a", "F-3-a-2"]);
    expect(objectiveLines("rncp", "4")).toEqual(["F-3-a", "F-3-a-3"]);
    expect(objectiveLines("rncp", "3")).toEqual(["F-3-a", "F-3-a-4"]);
    expect(objectiveLines("rncp", "2")).toEqual(["F-3-a", "F-3-a-5"]);
    expect(objectiveLines("rncp", "cqp")).toEqual(["F-3-a", "F-3-a-6"]);
    expect(objectiveLines("rncp", undefined)).toEqual(["F-3-a"]);
    expect(objectiveLines("rs", undefined)).toEqual(["F-3-b"]);
    expect(objectiveLines("none", "5")).toEqual(["F-3-d"]);
  });

  it("C: the payer kind gives the line; none or unknown gives no line", () => {
    expect(payerLine("entreprise")).toBe("C-1");
    expect(payerLine("opco")).toBe("C-2-h");
    expect(payerLine("cpf")).toBe("C-2-e");
    expect(payerLine("pouvoir_public")).toBe("C-3");
    expect(payerLine("france_travail")).toBe("C-7");
    expect(payerLine("particulier")).toBe("C-9");
    expect(payerLine("organisme")).toBe("C-10");
    expect(payerLine("autre")).toBe("C-11");
    expect(payerLine(null)).toBeNull();
    expect(payerLine("inconnu")).toBeNull();
  });

  it("hours-trainee: the formation's hours shared between the session's half-days, boxes rounded to whole hours", () => {
    expect(halfDayHours(7, 4)).toBe(1.75);
    expect(halfDayHours(14, 4)).toBe(3.5);
    expect(halfDayHours(7, 0)).toBe(0);
    expect(boxHours(1.75 * 3)).toBe(5);
    expect(boxHours(17.5)).toBe(18);
    expect(boxHours(0.49)).toBe(0);
    expect(halfDayYear("2098-12-31:apres-midi")).toBe(2098);
    expect(halfDayYear("2099-01-01:matin")).toBe(2099);
  });

  it("the form: every line has a unique code, totals add up lines of their frame, typed boxes are D, F-2 b, G and the share", () => {
    const codes = LINES.map((l) => l.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const l of LINES.filter((x) => x.sum)) for (const c of l.sum!) expect(codes).toContain(c);
    expect(FRAMES.map((f) => f.id)).toEqual(["C", "D", "E", "F-1", "F-2", "F-3", "F-4", "G"]);
    expect(ENTERED_KEYS).toEqual([
      "D-1:montant",
      "D-2:montant",
      "D-3:montant",
      "F-2-b:nombre",
      "F-2-b:heures",
      "G-1:nombre",
      "G-1:heures",
      "C-part:pourcentage",
    ]);
    expect(FIGURE_KEYS).toContain("C-2-e:montant");
    expect(FIGURE_KEYS).toContain("F-4-autres:heures");
  });

  it("typed figures: amounts as offices write them in cents, blank allowed, bad input refused in French", () => {
    const ok = entriesSchema.parse({
      "D-1:montant": "12 500,50 €",
      "D-2:montant": "2000",
      "F-2-b:nombre": " 3 ",
      "C-part:pourcentage": "",
    });
    expect(ok["D-1:montant"]).toBe(1_250_050);
    expect(ok["D-2:montant"]).toBe(200_000);
    expect(ok["F-2-b:nombre"]).toBe(3);
    expect(ok["C-part:pourcentage"]).toBeNull();
    expect(ok["G-1:heures"]).toBeNull();
    const bad = entriesSchema.safeParse({ "D-1:montant": "beaucoup", "C-part:pourcentage": "140", "G-1:nombre": "2,5" });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["D-1:montant", "C-part:pourcentage", "G-1:nombre"]));
    const less = entriesSchema.safeParse({ "D-1:montant": "100", "D-2:montant": "80", "D-3:montant": "30" });
    expect(less.success).toBe(false);
    expect(less.error!.issues[0]!.message).toMatch(/Le total des charges/);
  });
});
