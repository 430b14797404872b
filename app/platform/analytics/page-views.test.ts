import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { MAX_PATHS_PER_DAY, pageViewSchema, recordPageView, topPages, topPagesDetail, totalViews } from "./page-views.server";

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

  it("sums the views of the last 30 days for the dashboard", async () => {
    await recordPageView("/contact", t.db, new Date("2026-08-01T10:00:00Z"));
    const now = new Date("2026-11-21T10:00:00Z");
    expect(await totalViews(30, t.db, now)).toBe(21);
    expect(await totalViews(30, t.db, new Date("2030-01-01T00:00:00Z"))).toBe(0);
    expect(topPagesDetail(await topPages(30, 3, t.db, now))).toBe("Les plus vues\u00a0: /formations (20), /blog (1)");
    expect(topPagesDetail([{ path: "/", views: 1200 }])).toBe("La plus vue\u00a0: / (1\u202f200)");
    expect(topPagesDetail([])).toBeNull();
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
