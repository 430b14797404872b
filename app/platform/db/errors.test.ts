import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { isUniqueViolation } from "./errors";

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
