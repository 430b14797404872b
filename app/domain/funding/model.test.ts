import { formatDate } from "~/platform/format";
import { describe, expect, it } from "vitest";
import { DEFAULT_RULES } from "./default-rules";
import {
  fundingRuleSchema,
  parseSimulation,
  simulationForm,
  simulationFormSchema,
  quoteHref,
  simulate,
  describeRuleChange,
  parseOpcoRulesForm,
  opcoRulesFormSchema,
  type FundingRule,
  type SimulationInput,
} from "./model";
import { parseSubmission } from "~/platform/validation/submission";
import { HEADCOUNT_BANDS, SECTORS, opcoForSector } from "./labels";
import { OPCO_SLUGS, ofOpco } from "./opco-list";

const rule = (over: Partial<FundingRule> = {}): FundingRule => ({
  opco: "atlas",
  band: "1-10",
  planFunded: true,
  hourlyCap: 30,
  annualCeiling: 3000,
  schemes: ["plan", "alternance"],
  checkedOn: "2026-11-21",
  note: "",
  ...over,
});

const input = (over: Partial<SimulationInput> = {}): SimulationInput => ({
  opco: "atlas",
  opcoFromSector: false,
  band: "1-10",
  costPerTrainee: 700,
  hours: 14,
  trainees: 1,
  ...over,
});

describe("simulate: the rules engine", () => {
  it("funds the whole cost when it stays under the hourly cap and the ceiling", () => {
    // 14 h × 30 €/h = 420 € cap; cost 350 € is below.
    const out = simulate(input({ costPerTrainee: 350 }), [rule()]);
    expect(out.status).toBe("funded");
    if (out.status !== "funded") return;
    expect(out.totalCost).toBe(350);
    expect(out.funded).toBe(350);
    expect(out.remaining).toBe(0);
    expect(out.hourlyCapReached).toBe(false);
    expect(out.ceilingReached).toBe(false);
    expect(out.schemes).toEqual(["plan", "alternance"]);
    expect(out.checkedOn).toBe("2026-11-21");
    expect(out.steps.join(" ")).toContain("sous ce plafond");
  });

  it("limits the funding to the hourly cap when the cost is above it", () => {
    // 2 trainees × 700 € = 1 400 €; cap 30 €/h × 14 h × 2 = 840 €.
    const out = simulate(input({ trainees: 2 }), [rule()]);
    if (out.status !== "funded") throw new Error(out.status);
    expect(out.totalCost).toBe(1400);
    expect(out.funded).toBe(840);
    expect(out.remaining).toBe(560);
    expect(out.hourlyCapReached).toBe(true);
    expect(out.ceilingReached).toBe(false);
    expect(out.steps.some((s) => s.includes("plafond horaire") || s.includes("Plafond horaire"))).toBe(true);
  });

  it("limits the funding to the annual ceiling per company", () => {
    // 10 trainees × 700 € = 7 000 €; hourly cap 4 200 €; ceiling 3 000 €.
    const out = simulate(input({ trainees: 10 }), [rule()]);
    if (out.status !== "funded") throw new Error(out.status);
    expect(out.funded).toBe(3000);
    expect(out.remaining).toBe(4000);
    expect(out.hourlyCapReached).toBe(true);
    expect(out.ceilingReached).toBe(true);
    expect(out.steps.join(" ")).toContain("Il est atteint");
  });

  it("applies only the ceiling when there is no hourly cap, and only the hourly cap when there is no ceiling", () => {
    const ceilingOnly = simulate(input({ costPerTrainee: 5000 }), [rule({ hourlyCap: null, annualCeiling: 1400 })]);
    if (ceilingOnly.status !== "funded") throw new Error(ceilingOnly.status);
    expect(ceilingOnly.funded).toBe(1400);
    expect(ceilingOnly.hourlyCapReached).toBe(false);
    expect(ceilingOnly.ceilingReached).toBe(true);

    const capOnly = simulate(input({ costPerTrainee: 5000, trainees: 3 }), [rule({ hourlyCap: 24, annualCeiling: null })]);
    if (capOnly.status !== "funded") throw new Error(capOnly.status);
    expect(capOnly.funded).toBe(24 * 14 * 3);
    expect(capOnly.remaining).toBe(15000 - 1008);
  });

  it("rounds to the nearest euro, and funded + remaining equals the total shown", () => {
    // 333,33 € × 3 = 999,99 € → 1 000 €; cap 22,75 €/h × 7,5 h × 3 = 511,875 € → 512 €.
    const out = simulate(input({ costPerTrainee: 333.33, hours: 7.5, trainees: 3 }), [rule({ hourlyCap: 22.75, annualCeiling: null })]);
    if (out.status !== "funded") throw new Error(out.status);
    expect(out.totalCost).toBe(1000);
    expect(out.funded).toBe(512);
    expect(out.remaining).toBe(488);
    expect(Number.isInteger(out.funded) && Number.isInteger(out.remaining)).toBe(true);

    // Fully funded cost with cents: nothing left to pay, no stray euro.
    const full = simulate(input({ costPerTrainee: 199.5, hours: 7, trainees: 1 }), [rule()]);
    if (full.status !== "funded") throw new Error(full.status);
    expect(full.totalCost).toBe(200);
    expect(full.funded).toBe(200);
    expect(full.remaining).toBe(0);
  });

  it("avoids floating-point drift on decimal amounts", () => {
    // 0,1 + 0,2 style errors: 19,99 € × 3 trainees must be exactly 59,97 € before rounding.
    const out = simulate(input({ costPerTrainee: 19.99, hours: 1, trainees: 3 }), [rule({ hourlyCap: 19.99, annualCeiling: null })]);
    if (out.status !== "funded") throw new Error(out.status);
    expect(out.hourlyCapReached).toBe(false);
    expect(out.funded).toBe(60);
    expect(out.remaining).toBe(0);
  });

  it("says companies of 50 employees and more fund their plan themselves", () => {
    for (const band of ["50-299", "300+"] as const) {
      const rules = DEFAULT_RULES.filter((r) => r.opco === "atlas");
      const out = simulate(input({ band, trainees: 2 }), rules);
      expect(out.status).toBe("self-funded");
      if (out.status !== "self-funded") return;
      expect(out.funded).toBe(0);
      expect(out.totalCost).toBe(1400);
      expect(out.remaining).toBe(1400);
      expect(out.message).toMatch(/50 salariés et plus financent/);
      expect(out.schemes).toContain("alternance");
      expect(out.schemes).not.toContain("plan");
    }
  });

  it("gives a message and no figure when no rule exists", () => {
    const out = simulate(input({ opco: "akto", band: "11-49" }), [rule()]);
    expect(out.status).toBe("no-rule");
    expect(out).not.toHaveProperty("funded");
    expect(out).not.toHaveProperty("totalCost");
    if (out.status === "no-rule") expect(out.message).toContain("AKTO");
    expect(simulate(input(), []).status).toBe("no-rule");
  });

  it("mentions the sector lookup in the steps", () => {
    const out = simulate(input({ opcoFromSector: true }), [rule()]);
    expect(out.steps[0]).toContain("OPCO trouvé à partir de votre secteur : Atlas");
  });

  it("writes the steps in French with euro amounts", () => {
    const out = simulate(input({ trainees: 2 }), [rule()]);
    const text = out.steps.join("\n");
    expect(text).toMatch(/Coût de la formation\s:\s700\s€ HT × 2 stagiaires = 1\s400\s€ HT\./);
    expect(text).toMatch(/Reste à charge\s:\s1\s400\s€ − 840\s€ = 560\s€\./);
  });
});

describe("parseSimulation: the shared input schema", () => {
  const valid = { opco: "atlas", effectif: "1-10", cout: "1 200,50", heures: "14", stagiaires: "2" };

  it("accepts French-typed numbers", () => {
    const parsed = parseSimulation(valid);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.input).toMatchObject({
      opco: "atlas",
      band: "1-10",
      costPerTrainee: 1200.5,
      hours: 14,
      trainees: 2,
      opcoFromSector: false,
    });
  });

  it("finds the OPCO from the sector when none is chosen", () => {
    const parsed = parseSimulation({ ...valid, opco: "", secteur: "hotellerie-restauration" });
    expect(parsed.ok && parsed.input.opco).toBe("akto");
    expect(parsed.ok && parsed.input.opcoFromSector).toBe(true);
    // An explicit OPCO wins over the sector.
    const both = parseSimulation({ ...valid, secteur: "hotellerie-restauration" });
    expect(both.ok && both.input.opco).toBe("atlas");
  });

  it("gives one French message per impossible field, never a result", () => {
    const parsed = parseSimulation({ opco: "opco-inconnu", effectif: "", cout: "-100", heures: "0", stagiaires: "0" });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({
      opco: "Cet OPCO n'existe pas : choisissez l'un des 11 OPCO de la liste.",
      effectif: "Choisissez la taille de l'entreprise.",
      cout: "Le coût ne peut pas être négatif.",
      heures: "La durée doit être supérieure à zéro heure.",
      stagiaires: "Indiquez au moins un stagiaire.",
    });
  });

  it("explains missing and malformed values", () => {
    const parsed = parseSimulation({ effectif: "1-10", cout: "abc", heures: "", stagiaires: "1,5" });
    if (parsed.ok) throw new Error("should fail");
    expect(parsed.errors.opco).toBe("Choisissez votre OPCO, ou votre secteur d'activité pour le trouver.");
    expect(parsed.errors.cout).toBe("Le coût doit être un nombre, par exemple 1 200 ou 1 200,50.");
    expect(parsed.errors.heures).toBe("Indiquez la durée de la formation en heures.");
    expect(parsed.errors.stagiaires).toBe("Le nombre de stagiaires doit être un nombre entier.");
    const zeroCost = parseSimulation({ ...valid, cout: "0" });
    expect(!zeroCost.ok && zeroCost.errors.cout).toBe("Le coût doit être supérieur à 0 €.");
    const badSector = parseSimulation({ ...valid, opco: "", secteur: "spatial" });
    expect(!badSector.ok && badSector.errors.secteur).toBe("Ce secteur ne fait pas partie de la liste.");
    const tooMany = parseSimulation({ ...valid, stagiaires: "500" });
    expect(!tooMany.ok && tooMany.errors.stagiaires).toMatch(/200 stagiaires/);
  });
});

describe("the simulator's form (the page's parseSubmission and the browser's useForm share simulationFormSchema)", () => {
  it("refuses bad input with the French messages of parseSimulation, one per field, keeping what was typed", async () => {
    const values = { opco: "", secteur: "", effectif: "", cout: "abc", heures: "", stagiaires: "0" };
    const refused = await parseSubmission(simulationForm(values), simulationFormSchema);
    expect(refused).toMatchObject({
      ok: false,
      errors: {
        opco: "Choisissez votre OPCO, ou votre secteur d'activité pour le trouver.",
        effectif: "Choisissez la taille de l'entreprise.",
        cout: "Le coût doit être un nombre, par exemple 1 200 ou 1 200,50.",
        heures: "Indiquez la durée de la formation en heures.",
        stagiaires: "Indiquez au moins un stagiaire.",
      },
      values,
    });
    const parsed = parseSimulation(values);
    expect(!refused.ok && refused.errors).toEqual(!parsed.ok && parsed.errors);
    const unknown = await parseSubmission(simulationForm({ ...values, opco: "nulle-part", secteur: "lune" }), simulationFormSchema);
    expect(!unknown.ok && [unknown.errors.opco, unknown.errors.secteur]).toEqual([
      "Cet OPCO n'existe pas\u00a0: choisissez l'un des 11 OPCO de la liste.",
      "Ce secteur ne fait pas partie de la liste.",
    ]);
  });

  it("accepts a complete simulation: its output is parseSimulation's input", async () => {
    const values = { opco: "opco-ep", secteur: "", effectif: "1-10", formation: "", cout: "1 200,50", heures: "14", stagiaires: "2" };
    const accepted = await parseSubmission(simulationForm(values), simulationFormSchema);
    expect(accepted.ok && accepted.data).toEqual((parseSimulation(values) as { input: unknown }).input);
  });
});

describe("« Je ne connais pas mon OPCO »", () => {
  const unknown = { opco: "inconnu", effectif: "1-10", cout: "700", heures: "14", stagiaires: "2" };
  const rules = [rule(), rule({ opco: "akto", hourlyCap: 20, annualCeiling: 2000 })];

  it("is a valid answer: the simulation goes ahead without an OPCO", () => {
    const parsed = parseSimulation(unknown);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.input.opco).toBeUndefined();
    expect(parsed.input.opcoFromSector).toBe(false);
    // With a sector, the OPCO is found from it, as when no OPCO is chosen.
    const withSector = parseSimulation({ ...unknown, secteur: "hotellerie-restauration" });
    expect(withSector.ok && withSector.input.opco).toBe("akto");
    expect(withSector.ok && withSector.input.opcoFromSector).toBe(true);
  });

  it("gives the range over every OPCO's rule for the band, and the steps say why", () => {
    const parsed = parseSimulation(unknown);
    if (!parsed.ok) throw new Error("should parse");
    const out = simulate(parsed.input, rules);
    if (out.status !== "unknown-opco") throw new Error(out.status);
    // 2 × 700 € = 1 400 €; Atlas caps at 30 €/h × 14 h × 2 = 840 €, AKTO at 20 €/h × 14 h × 2 = 560 €.
    expect(out).toMatchObject({ totalCost: 1400, fundedMin: 560, fundedMax: 840, remainingMin: 560, remainingMax: 840, opcoCount: 2 });
    expect(out.steps[0]).toBe(
      "OPCO non renseigné\u00a0: l'estimation applique le barème de chacun des 2 OPCO pour une entreprise de 1 à 10 salariés.",
    );
    expect(out.steps.join("\n")).toMatch(/Prise en charge estimée selon l'OPCO, arrondie à l'euro\s:\sde 560\s€ à 840\s€\./);
    // No quote link pretends to know the OPCO.
    expect(quoteHref(parsed.input)).toBe("/devis?stagiaires=2");
  });

  it("gives one figure to companies of 50 employees and more: no OPCO funds their plan", () => {
    const out = simulate(input({ opco: undefined, band: "50-299", trainees: 2 }), DEFAULT_RULES);
    if (out.status !== "unknown-opco") throw new Error(out.status);
    expect(out).toMatchObject({ totalCost: 1400, fundedMin: 0, fundedMax: 0, remainingMin: 1400, remainingMax: 1400, opcoCount: 11 });
  });

  it("still asks for an OPCO or a sector when the select was left on its placeholder", () => {
    const parsed = parseSimulation({ ...unknown, opco: "" });
    expect(!parsed.ok && parsed.errors.opco).toBe("Choisissez votre OPCO, ou votre secteur d'activité pour le trouver.");
  });
});

describe("a company that funds its own plan", () => {
  it("states the reason once, in the message, not again in the steps", () => {
    const out = simulate(input({ band: "50-299" }), [
      rule({ band: "50-299", planFunded: false, hourlyCap: null, annualCeiling: null, schemes: [] }),
    ]);
    if (out.status !== "self-funded") throw new Error(out.status);
    expect(out.message).toMatch(/50 salariés et plus financent/);
    expect(out.steps.filter((s) => s === out.message)).toHaveLength(0);
    expect(out.steps).toContain("Prise en charge par les fonds mutualisés d'Atlas\u00a0: 0\u00a0€.");
  });
});

describe("reference data", () => {
  it("has a valid default rule for each OPCO and headcount band", () => {
    expect(DEFAULT_RULES).toHaveLength(OPCO_SLUGS.length * HEADCOUNT_BANDS.length);
    for (const r of DEFAULT_RULES) expect(fundingRuleSchema.safeParse(r).success).toBe(true);
    for (const r of DEFAULT_RULES.filter((x) => x.band === "50-299" || x.band === "300+")) expect(r.planFunded).toBe(false);
  });

  it("maps every sector to one of the 11 OPCOs", () => {
    for (const s of SECTORS) expect(OPCO_SLUGS).toContain(opcoForSector(s.slug));
    expect(opcoForSector("inconnu")).toBeUndefined();
  });

  it("refuses a rule that funds the plan with no cap, or funds the plan of a large company", () => {
    const open = fundingRuleSchema.safeParse(rule({ hourlyCap: null, annualCeiling: null }));
    expect(open.success).toBe(false);
    const large = fundingRuleSchema.safeParse(rule({ band: "300+" }));
    expect(large.success).toBe(false);
    const planForLarge = fundingRuleSchema.safeParse(rule({ band: "50-299", planFunded: false, schemes: ["plan"] }));
    expect(planForLarge.success).toBe(false);
    const badDate = fundingRuleSchema.safeParse(rule({ checkedOn: "2026-02-30" }));
    expect(badDate.success).toBe(false);
  });

  it("builds the prefilled quote link", () => {
    expect(quoteHref({ opco: "opco-ep", trainees: 3, formation: "excel-avance" })).toBe(
      "/devis?formation=excel-avance&opco=opco-ep&stagiaires=3&financement=opco-opco-ep",
    );
    expect(quoteHref({ opco: "akto", trainees: 1 })).toBe("/devis?opco=akto&stagiaires=1&financement=opco-akto");
  });

  it("formats dates in French", () => {
    expect(formatDate("2026-11-21")).toBe("21 novembre 2026");
    expect(formatDate("2026-03-01")).toBe("1er mars 2026");
  });
});

describe("admin form of one OPCO's rules", () => {
  const form = (entries: Array<[string, string]>) => {
    const data = new FormData();
    for (const [k, v] of entries) data.append(k, v);
    return data;
  };
  const complete = (over: Record<string, string> = {}): Array<[string, string]> => {
    const base: Record<string, string> = {
      "1-10.planFunded": "1",
      "1-10.hourlyCap": "22,50",
      "1-10.annualCeiling": "3 000",
      "1-10.checkedOn": "2026-11-20",
      "1-10.note": "Barème 2026",
      "11-49.planFunded": "1",
      "11-49.hourlyCap": "",
      "11-49.annualCeiling": "5000",
      "11-49.checkedOn": "2026-11-20",
      "11-49.note": "",
      "50-299.checkedOn": "2026-11-20",
      "50-299.note": "",
      "300+.checkedOn": "2026-11-20",
      "300+.note": "",
      ...over,
    };
    return [...Object.entries(base), ["1-10.schemes", "plan"], ["1-10.schemes", "pro-a"], ["50-299.schemes", "alternance"]];
  };

  it("reads the four bands, French numbers and empty caps", () => {
    const parsed = parseOpcoRulesForm("atlas", form(complete()));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.rules).toHaveLength(4);
    expect(parsed.rules[0]).toEqual({
      opco: "atlas",
      band: "1-10",
      planFunded: true,
      hourlyCap: 22.5,
      annualCeiling: 3000,
      schemes: ["plan", "pro-a"],
      checkedOn: "2026-11-20",
      note: "Barème 2026",
    });
    expect(parsed.rules[1]).toMatchObject({ band: "11-49", hourlyCap: null, annualCeiling: 5000, schemes: [] });
    // Large companies never get the plan funded, whatever is posted.
    expect(parsed.rules[2]).toMatchObject({
      band: "50-299",
      planFunded: false,
      hourlyCap: null,
      annualCeiling: null,
      schemes: ["alternance"],
    });
  });

  it("gives French errors keyed by field", () => {
    const parsed = parseOpcoRulesForm(
      "atlas",
      form(complete({ "1-10.hourlyCap": "-3", "11-49.annualCeiling": "beaucoup", "50-299.checkedOn": "", "300+.checkedOn": "2026-13-01" })),
    );
    if (parsed.ok) throw new Error("should fail");
    expect(parsed.errors["1-10.hourlyCap"]).toBe("Le plafond horaire doit être supérieur à 0 €.");
    expect(parsed.errors["11-49.annualCeiling"]).toBe("Le plafond annuel doit être un nombre (par exemple 3 000).");
    expect(parsed.errors["50-299.checkedOn"]).toBe("La date doit être au format AAAA-MM-JJ.");
    expect(parsed.errors["300+.checkedOn"]).toBe("Cette date n'existe pas.");
    const open = parseOpcoRulesForm("atlas", form(complete({ "1-10.hourlyCap": "", "1-10.annualCeiling": "" })));
    expect(!open.ok && open.errors["1-10.annualCeiling"]).toMatch(/au moins un plafond/);
  });

  it("is the schema of the action (parseSubmission) and of the browser: same rules, same messages", async () => {
    const ok = await parseSubmission(form([["opco", "atlas"], ...complete()]), opcoRulesFormSchema);
    if (!ok.ok) throw new Error(JSON.stringify(ok.errors));
    expect(ok.data.opco).toBe("atlas");
    // One box ticked is one value, not a list: still read as a list.
    expect(ok.data.rules.map((r) => r.schemes)).toEqual([["plan", "pro-a"], [], ["alternance"], []]);
    expect(ok.data.rules).toEqual((parseOpcoRulesForm("atlas", form(complete())) as { rules: FundingRule[] }).rules);

    const bad = await parseSubmission(
      form([["opco", "atlas"], ...complete({ "1-10.hourlyCap": "-3", "11-49.annualCeiling": "beaucoup" })]),
      opcoRulesFormSchema,
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors).toEqual({
        "1-10.hourlyCap": "Le plafond horaire doit être supérieur à 0 €.",
        "11-49.annualCeiling": "Le plafond annuel doit être un nombre (par exemple 3 000).",
      });
      expect(bad.values).toMatchObject({ opco: "atlas", "11-49": { annualCeiling: "beaucoup" } });
    }
    for (const opco of [[["opco", "inconnu"]], []] as Array<Array<[string, string]>>) {
      const unknown = await parseSubmission(form([...opco, ...complete({ "1-10.hourlyCap": "-3" })]), opcoRulesFormSchema);
      expect(!unknown.ok && unknown.errors).toEqual({ opco: "OPCO inconnu\u00a0: rechargez la page." });
    }
  });

  it("describes a change for the audit log, and nothing when nothing changed", () => {
    const before = rule({ hourlyCap: 20, annualCeiling: 3000 });
    expect(describeRuleChange(before, before)).toBeNull();
    const text = describeRuleChange(before, { ...before, hourlyCap: 22.5, checkedOn: "2026-12-01" });
    expect(text).toMatch(/^Barème Atlas \(1 à 10 salariés\)\s: plafond horaire\s: 20\s€ → 22,50\s€\s; vérifié le 1er décembre 2026\.$/);
    expect(describeRuleChange(undefined, before)).toMatch(/barème créé/);
  });

  it("elides the OPCO's name after « de »", () => {
    expect(ofOpco("atlas")).toBe("d'Atlas");
    expect(ofOpco("constructys")).toBe("de Constructys");
    expect(ofOpco("opcommerce")).toBe("de l'Opcommerce");
    expect(ofOpco("uniformation")).toBe("d'Uniformation");
  });
});
