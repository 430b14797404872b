import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { DEFAULT_RULES } from "./default-rules";
import { simulate, type FundingRule } from "./model";
import { getRule, listRules, listRulesForOpco, saveRule, saveRules, seedDefaultRules, updateRulesAudited } from "./rules.server";
import { seed } from "~/composition/seed.server";

describe.each(engines)("funding rules on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("starts empty, then the seed adds the 44 documented defaults once", async () => {
    expect(await listRules(t.db)).toEqual([]);
    const added = await seed(t.db);
    expect(added["funding-rules"]).toBe(44);
    expect(await seedDefaultRules(t.db)).toBe(0);
    const rules = await listRules(t.db);
    expect(rules).toEqual(DEFAULT_RULES);
  });

  it("reads one rule and the rules of one OPCO in band order", async () => {
    const rule = await getRule("constructys", "1-10", t.db);
    expect(rule).toMatchObject({ opco: "constructys", band: "1-10", planFunded: true, hourlyCap: 24, annualCeiling: null });
    const afdas = await listRulesForOpco("afdas", t.db);
    expect(afdas.map((r) => r.band)).toEqual(["1-10", "11-49", "50-299", "300+"]);
  });

  it("saves an edited rule (cents kept exactly) and the simulator reads it", async () => {
    const edited: FundingRule = {
      opco: "atlas",
      band: "11-49",
      planFunded: true,
      hourlyCap: 22.5,
      annualCeiling: 6000,
      schemes: ["plan", "pro-a"],
      checkedOn: "2026-11-20",
      note: "Barème 2026 de la branche Syntec.",
    };
    await saveRule(edited, t.db);
    expect(await getRule("atlas", "11-49", t.db)).toEqual(edited);
    const out = simulate(
      { opco: "atlas", opcoFromSector: false, band: "11-49", costPerTrainee: 1000, hours: 21, trainees: 2 },
      await listRules(t.db),
    );
    if (out.status !== "funded") throw new Error(out.status);
    expect(out.funded).toBe(945); // 22,50 € × 21 h × 2
    expect(out.remaining).toBe(1055);
    // Re-seeding never overwrites the admin's edit.
    await seedDefaultRules(t.db);
    expect((await getRule("atlas", "11-49", t.db))?.hourlyCap).toBe(22.5);
  });

  it("refuses an invalid rule with French messages and keeps the stored one", async () => {
    const before = await getRule("akto", "1-10", t.db);
    await expect(saveRule({ ...before, hourlyCap: -5 }, t.db)).rejects.toThrow(ZodError);
    await expect(saveRule({ ...before, hourlyCap: -5 }, t.db)).rejects.toThrow(/supérieur à 0/);
    await expect(saveRule({ ...before, opco: "inconnu" }, t.db)).rejects.toThrow(/OPCO inconnu/);
    expect(await getRule("akto", "1-10", t.db)).toEqual(before);
  });

  it("saves several rules all or nothing", async () => {
    const a = (await getRule("opco2i", "1-10", t.db))!;
    const b = (await getRule("opco2i", "11-49", t.db))!;
    await expect(
      saveRules(
        [
          { ...a, hourlyCap: 40 },
          { ...b, checkedOn: "pas une date" },
        ],
        t.db,
      ),
    ).rejects.toThrow();
    expect((await getRule("opco2i", "1-10", t.db))?.hourlyCap).toBe(25);
    await saveRules(
      [
        { ...a, hourlyCap: 40 },
        { ...b, hourlyCap: 41 },
      ],
      t.db,
    );
    expect((await listRulesForOpco("opco2i", t.db)).slice(0, 2).map((r) => r.hourlyCap)).toEqual([40, 41]);
  });

  it("an admin's edit is saved and audited in one go, one entry per changed band", async () => {
    const actor = { id: null, email: "admin@example.org", role: "admin" };
    const rules = await listRulesForOpco("uniformation", t.db);
    const edited = rules.map((r) => (r.band === "11-49" ? { ...r, hourlyCap: 40, checkedOn: "2026-11-21" } : r));
    const changes = await updateRulesAudited(edited, actor, t.db);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatch(/^Barème Uniformation \(11 à 49 salariés\)\s: plafond horaire\s: 50\s€ → 40\s€/);
    expect((await getRule("uniformation", "11-49", t.db))?.hourlyCap).toBe(40);
    const audit = await t.db.selectFrom("audit_log").selectAll().where("entity", "=", "funding_rule").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "update",
      entity_id: "uniformation:11-49",
      actor_email: "admin@example.org",
      summary: changes[0],
    });
    // Saving the same values again changes nothing and writes nothing.
    expect(await updateRulesAudited(edited, actor, t.db)).toEqual([]);
    expect(await t.db.selectFrom("audit_log").select("id").where("entity", "=", "funding_rule").execute()).toHaveLength(1);
    // An invalid rule in the batch: nothing saved, nothing audited.
    await expect(
      updateRulesAudited(
        [
          { ...edited[0], hourlyCap: 30 },
          { ...edited[1], checkedOn: "hier" },
        ],
        actor,
        t.db,
      ),
    ).rejects.toThrow();
    expect((await getRule("uniformation", "1-10", t.db))?.hourlyCap).toBe(50);
  });

  it("leaves out a row that no longer fits the schema, so the simulator reports a missing rule", async () => {
    await t.db
      .updateTable("funding_rules")
      .set({ schemes: "pas du JSON" })
      .where("opco", "=", "ocapiat")
      .where("band", "=", "1-10")
      .execute();
    expect(await getRule("ocapiat", "1-10", t.db)).toBeUndefined();
    const rules = await listRules(t.db);
    expect(rules).toHaveLength(43);
    const out = simulate({ opco: "ocapiat", opcoFromSector: false, band: "1-10", costPerTrainee: 500, hours: 7, trainees: 1 }, rules);
    expect(out.status).toBe("no-rule");
  });
});
