import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { DbInsideTransactionError, db, inTransaction, migrate, openDb, outsideTransaction, ping } from "./db.server";
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

describe.each(engines)("transactions on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("refuses db() inside a transaction callback, with a clear error, and rolls back", async () => {
    let later: Promise<boolean> | undefined;
    const attempt = t.db.transaction().execute(async (trx) => {
      await trx.insertInto("page_views").values({ day: "2026-01-01", path: "/dans-la-transaction", views: 1 }).execute();
      expect(inTransaction()).toBe(true);
      // Work handed to the background may use db() once the transaction has ended.
      later = new Promise((resolve) => setTimeout(() => resolve(inTransaction()), 50));
      expect(outsideTransaction(() => inTransaction())).toBe(false);
      return db();
    });
    await expect(attempt).rejects.toThrow(DbInsideTransactionError);
    await expect(attempt).rejects.toThrow(/passez la transaction \(trx\)/);
    expect(await later).toBe(false);
    expect(inTransaction()).toBe(false);
    const rows = await t.db.selectFrom("page_views").selectAll().where("path", "=", "/dans-la-transaction").execute();
    expect(rows).toEqual([]);
  });

  it("keeps the guard through the builder's options, and lets trx do the work", async () => {
    const count = await t.db
      .transaction()
      .setIsolationLevel("serializable")
      .execute(async (trx) => {
        expect(() => db()).toThrow(DbInsideTransactionError);
        await trx.insertInto("page_views").values({ day: "2026-01-02", path: "/avec-trx", views: 2 }).execute();
        const row = await trx.selectFrom("page_views").select("views").where("path", "=", "/avec-trx").executeTakeFirstOrThrow();
        return row.views;
      });
    expect(count).toBe(2);
  });
});

describe("migrations", () => {
  it("run strictly in order: a migration older than the last one applied stops the start", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-order-"));
    const { db: target } = openDb({ engine: "sqlite", file: path.join(dir, "order.db") });
    try {
      const names = Object.keys(migrations);
      expect([...names].sort()).toEqual(names);
      // An older migration that no later one builds on (an index): the later ones apply without it.
      const skipped = "202611231100_mail_queue_recipient_index";
      expect(names).toContain(skipped);
      const withoutOne = Object.fromEntries(Object.entries(migrations).filter(([name]) => name !== skipped));
      await migrate(target, withoutOne);
      await expect(migrate(target)).rejects.toThrow(/Échec de la migration/);
    } finally {
      await target.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
