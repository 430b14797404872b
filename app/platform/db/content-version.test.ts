import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { CONTENT_TABLES, NON_CONTENT_TABLES } from "./content-tables";
import { readContentVersion, recentSeatChanges } from "./content-version.server";
import { takeSeats } from "~/domain/registrations/sessions.server";
import { addSession, registrationCatalogue } from "~/domain/registrations/test-fixtures";

describe.each(engines)("content version ($name)", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => t.cleanup());

  async function tables(): Promise<string[]> {
    if (t.engine === "postgres") {
      const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(
        t.db,
      );
      return rows.map((r) => r.name);
    }
    // Plain tables only: the search's FTS5 table and its shadow tables are an index.
    const { rows } = await sql<{
      name: string;
    }>`select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%'`.execute(t.db);
    return rows.map((r) => r.name);
  }

  async function triggersOf(table: string): Promise<string[]> {
    if (t.engine === "postgres") {
      const { rows } = await sql<{
        name: string;
      }>`select tgname as name from pg_trigger where tgrelid = ${table}::regclass and not tgisinternal`.execute(t.db);
      return rows.map((r) => r.name);
    }
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and tbl_name = ${table}`.execute(
      t.db,
    );
    return rows.map((r) => r.name);
  }

  it("classifies every table as content or not", async () => {
    const known = new Set<string>([...CONTENT_TABLES, ...NON_CONTENT_TABLES, "kysely_migration", "kysely_migration_lock"]);
    const unclassified = (await tables()).filter((name) => !known.has(name));
    expect(unclassified, "add each new table to CONTENT_TABLES or NON_CONTENT_TABLES (app/platform/db/content-tables.ts)").toEqual([]);
  });

  it("has the version triggers on every content table, and only there", async () => {
    for (const table of CONTENT_TABLES) expect((await triggersOf(table)).length, table).toBeGreaterThan(0);
    for (const table of NON_CONTENT_TABLES) {
      if ((await tables()).includes(table))
        expect(
          (await triggersOf(table)).filter((n) => n.includes("content_version")),
          table,
        ).toEqual([]);
    }
  });

  it("bumps the version on insert, update and delete, inside the writer's transaction", async () => {
    const v0 = await readContentVersion(t.db);
    await t.db.insertInto("settings").values({ key: "essai", value: "{}", updated_at: new Date().toISOString() }).execute();
    const v1 = await readContentVersion(t.db);
    expect(v1).toBeGreaterThan(v0);
    await t.db.updateTable("settings").set({ value: "[]" }).where("key", "=", "essai").execute();
    const v2 = await readContentVersion(t.db);
    expect(v2).toBeGreaterThan(v1);
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom("settings").where("key", "=", "essai").execute();
        throw new Error("annulé");
      })
      .catch(() => undefined);
    expect(await readContentVersion(t.db)).toBe(v2);
    await t.db.deleteFrom("settings").where("key", "=", "essai").execute();
    expect(await readContentVersion(t.db)).toBeGreaterThan(v2);
  });

  it("leaves the version alone for visitor activity", async () => {
    const v0 = await readContentVersion(t.db);
    await t.db.insertInto("page_views").values({ day: "2026-11-23", path: "/", views: 1 }).execute();
    expect(await readContentVersion(t.db)).toBe(v0);
  });

  it("leaves the version alone when only a session's seats change, and logs the change for the page caches", async () => {
    const now = new Date().toISOString();
    const formationId = await registrationCatalogue(t.db, "places");
    const sessionId = await addSession(t.db, formationId, 2);
    const logged = async () => (await recentSeatChanges(t.db)).filter((c) => c.sessionId === sessionId).length;
    const before = await logged();
    const v0 = await readContentVersion(t.db);
    // A registration takes a seat: no content version written, one seat change logged.
    expect(await takeSeats(t.db, sessionId, 1, now)).toBe(true);
    expect(await readContentVersion(t.db)).toBe(v0);
    expect(await logged()).toBe(before + 1);
    // A registration on the waiting list (no seat left for two): nothing written at all.
    expect(await takeSeats(t.db, sessionId, 2, now)).toBe(false);
    expect(await readContentVersion(t.db)).toBe(v0);
    expect(await logged()).toBe(before + 1);
    // Any other column of a session is content: each one, written alone, bumps the version.
    const { rows } =
      t.engine === "postgres"
        ? await sql<{
            name: string;
          }>`select column_name as name from information_schema.columns where table_name = 'formation_sessions' and table_schema = current_schema()`.execute(
            t.db,
          )
        : await sql<{ name: string }>`select name from pragma_table_info('formation_sessions')`.execute(t.db);
    const content = rows.map((r) => r.name).filter((c) => c !== "seats_left" && c !== "updated_at");
    expect(content.length).toBeGreaterThan(5);
    for (const column of content) {
      const before = await readContentVersion(t.db);
      await sql`update formation_sessions set ${sql.ref(column)} = ${sql.ref(column)} where id = ${sessionId}`.execute(t.db);
      expect(await readContentVersion(t.db), column).toBeGreaterThan(before);
    }
    await t.db.deleteFrom("formation_sessions").where("id", "=", sessionId).execute();
  });
});
