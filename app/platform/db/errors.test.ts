import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { isDatabaseUnavailable, isUniqueViolation } from "./errors";

describe.each(engines)("isUniqueViolation on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("recognises the engine's duplicate-key error, and nothing else", async () => {
    const row = { day: "2026-02-02", path: "/doublon", views: 1 };
    await t.db.insertInto("page_views").values(row).execute();
    const duplicate = await t.db
      .insertInto("page_views")
      .values(row)
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(duplicate)).toBe(true);
    const notNull = await t.db
      .insertInto("page_views")
      .values({ day: "2026-02-03", path: null as unknown as string, views: 1 })
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(notNull).not.toBeNull();
    expect(isUniqueViolation(notNull)).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation(new Error("autre"))).toBe(false);
  });
});

describe("isDatabaseUnavailable", () => {
  it("keeps for later what is not the visitor's fault, and only that", () => {
    // PostgreSQL's SQLSTATEs as the driver reports them (error.code), and SQLite's codes.
    for (const code of [
      "55000",
      "57P01",
      "57P03",
      "53300",
      "25006",
      "40001",
      "40P01",
      "57014",
      "08006",
      "SQLITE_BUSY",
      "SQLITE_READONLY",
      "SQLITE_IOERR_WRITE",
      "SQLITE_FULL",
      "ECONNREFUSED",
    ])
      expect(isDatabaseUnavailable(Object.assign(new Error("refus"), { code })), code).toBe(true);
    for (const code of ["23505", "23502", "22001", "42P01", "SQLITE_CONSTRAINT_UNIQUE"])
      expect(isDatabaseUnavailable(Object.assign(new Error("refus"), { code })), code).toBe(false);
    expect(isDatabaseUnavailable(new Error("autre"))).toBe(false);
  });
});
