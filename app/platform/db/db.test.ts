import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { migrate, ping } from "./db.server";
import { migrations } from "./migrations";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { getOrganisation, saveOrganisation } from "~/domain/settings/settings.server";

describe.each(engines)("database on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("has run every migration, and running them again changes nothing", async () => {
    const again = await migrate(t.db);
    expect(again.results).toEqual([]);
    const tables = await t.db.introspection.getTables();
    const names = tables.map((x) => x.name);
    expect(names).toContain("settings");
    expect(Object.keys(migrations).length).toBeGreaterThan(0);
  });

  it("answers a ping", async () => {
    expect(await ping(t.db)).toBe(true);
  });

  it("returns the demo organisation before anything is saved, then the saved one", async () => {
    expect(await getOrganisation(t.db)).toEqual(DEMO_ORGANISATION);
    const saved = await saveOrganisation({ ...DEMO_ORGANISATION, name: "Compétences Ouest", city: "Nantes", postalCode: "44000" }, t.db);
    expect(saved.name).toBe("Compétences Ouest");
    const read = await getOrganisation(t.db);
    expect(read.name).toBe("Compétences Ouest");
    expect(read.city).toBe("Nantes");
    // A second save updates the same record.
    await saveOrganisation({ ...read, phone: "02 40 00 00 00" }, t.db);
    expect((await getOrganisation(t.db)).phone).toBe("02 40 00 00 00");
    const rows = await t.db.selectFrom("settings").selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses an invalid identity and keeps the stored one", async () => {
    const before = await getOrganisation(t.db);
    await expect(saveOrganisation({ ...before, siret: "12345678901234" }, t.db)).rejects.toThrow(/SIRET/);
    expect(await getOrganisation(t.db)).toEqual(before);
  });
});
