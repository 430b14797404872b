import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { MAX_PATHS_PER_DAY, pageViewSchema, recordPageView, topPages } from "./page-views.server";

describe.each(engines)("page views on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("counts views per day and path, concurrently, without losing any", async () => {
    const day = new Date("2026-11-20T10:00:00Z");
    await Promise.all(Array.from({ length: 20 }, () => recordPageView("/formations", t.db, day)));
    await recordPageView("/blog", t.db, day);
    const top = await topPages(30, 10, t.db, new Date("2026-11-21T10:00:00Z"));
    expect(top).toEqual([
      { path: "/formations", views: 20 },
      { path: "/blog", views: 1 },
    ]);
  });

  it("stops adding new paths past the daily limit", async () => {
    const day = new Date("2026-10-01T10:00:00Z");
    await t.db
      .insertInto("page_views")
      .values(Array.from({ length: MAX_PATHS_PER_DAY }, (_, i) => ({ day: "2026-10-01", path: `/p${i}`, views: 1 })))
      .execute();
    expect(await recordPageView("/nouvelle", t.db, day)).toBe(false);
    expect(await recordPageView("/p1", t.db, day)).toBe(true);
  });

  it("accepts only site paths", () => {
    expect(pageViewSchema.safeParse({ path: "/formations/excel" }).success).toBe(true);
    expect(pageViewSchema.safeParse({ path: "https://ailleurs.example/" }).success).toBe(false);
    expect(pageViewSchema.safeParse({ path: "/a?b=1" }).success).toBe(false);
    expect(pageViewSchema.safeParse({ path: "" }).success).toBe(false);
  });
});
