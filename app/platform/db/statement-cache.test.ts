import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { withStatementCache } from "./db.server";

describe("withStatementCache (SQLite)", () => {
  it("compiles a statement once and hands it back while it is kept", () => {
    const sqlite = new SQLite(":memory:");
    const database = withStatementCache(sqlite, 2);
    const first = database.prepare("select 1 as n");
    expect(database.prepare("select 1 as n")).toBe(first);
    database.prepare("select 2 as n");
    database.prepare("select 3 as n");
    // Two kept at most: the least recently used one ("select 1") was compiled again.
    expect(database.prepare("select 1 as n")).not.toBe(first);
    database.close();
    expect(sqlite.open).toBe(false);
  });

  it("a kept statement still answers after the schema changed", () => {
    const database = withStatementCache(new SQLite(":memory:"));
    database.prepare("create table t (a integer)").run([]);
    database.prepare("insert into t (a) values (?)").run([1]);
    const select = database.prepare("select * from t");
    expect(select.all([])).toEqual([{ a: 1 }]);
    database.prepare("alter table t add column b text default 'x'").run([]);
    expect(database.prepare("select * from t").all([])).toEqual([{ a: 1, b: "x" }]);
    database.close();
  });
});
